#!/usr/bin/env node
// The main job on real input: import the bundled ADR corpora (fixtures/adr, from public
// projects; licences beside each) into a brain in a fresh temporary git repository, then ask
// it what is decided, open, blocked, and why — through the real `brain` CLI. Everything printed
// below a command is what the brain says; the script adds no answers of its own.
//
//   npm run demo                 the temp repo is removed at the end
//   npm run demo -- --keep       keeps it and prints the `cd` that makes the commands runnable
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const keep = process.argv.includes('--keep') || Boolean(process.env.BRAIN_DEMO_KEEP);
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'brain.js');
const corpora = join(root, 'fixtures', 'adr');
const repo = mkdtempSync(join(tmpdir(), 'brain-demo-'));
const home = mkdtempSync(join(tmpdir(), 'brain-demo-home-'));
const env = {
  ...process.env,
  HOME: home,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Brain Demo',
  GIT_AUTHOR_EMAIL: 'demo@brain.invalid',
  GIT_COMMITTER_NAME: 'Brain Demo',
  GIT_COMMITTER_EMAIL: 'demo@brain.invalid',
  BRAIN_AUTHOR: 'adr-importer',
};

const run = (cmd, args) => execFileSync(cmd, args, { cwd: repo, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const brain = (...args) => run(process.execPath, [bin, ...args]);
const brainJson = (...args) => JSON.parse(brain(...args, '--json'));
/** Prints the command as a user would type it, then what the brain answered. */
const ask = (...args) => {
  console.log(`\n$ brain ${args.map((a) => (/[\s"]/.test(a) ? JSON.stringify(a) : a)).join(' ')}`);
  console.log(brain(...args).trimEnd());
};

run('git', ['init', '-q', '-b', 'main']);
run('git', ['commit', '-q', '--allow-empty', '-m', 'a project with a history of decisions']);
console.log(`# Project Brain demo — the bundled ADR corpora, one project each\n\nrepository: ${repo}`);
const projectOf = (corpus) => corpus.toLowerCase().replace(/[^a-z0-9._-]+/g, '-');
const names = readdirSync(corpora).sort();
// The brain's default project is the first corpus's, so `brain status` and the dashboard open on entries.
console.log(brain('init', '--project', projectOf(names[0])).trim());

// The corpora are imported from a copy outside any git repository: inside this checkout, git
// would date every ADR that states no date by the commit that vendored the fixtures, and name
// its author as the decision's. Copied, such an ADR says its day is unknown, as it is. The
// copies sit beside the repository (kept with it by --keep), so the commands printed run as is.
const copies = `${repo}-adr`;
mkdirSync(copies);
const projects = [];
const failed = [];
for (const corpus of names) {
  const project = projectOf(corpus);
  const dir = join(copies, corpus);
  cpSync(join(corpora, corpus), dir, { recursive: true });
  console.log(`\n## ${corpus}`);
  const started = performance.now();
  let report;
  try {
    report = brain('--project', project, 'import', 'adr', dir).trimEnd();
  } catch (err) {
    // Say what the brain said, go on with the other corpora, and fail at the end.
    console.log(`\n$ brain --project ${project} import adr ${dir}\n${String(err.stderr ?? err.message).trimEnd()}`);
    failed.push(corpus);
    continue;
  }
  projects.push(project);
  const ms = Math.round(performance.now() - started);
  console.log(`\n$ brain --project ${project} import adr ${dir}   (${ms} ms)\n${report}`);
  ask('--project', project, 'context', '--budget', project.includes('cloud-platform') ? '2000' : '800');
}

console.log('\n## Asking for one decision, and what supersedes what');
const cloud = projects.find((p) => p.includes('cloud-platform')) ?? projects[0];
const jabref = projects.find((p) => p.includes('jabref')) ?? projects[0];
const log4brains = projects.find((p) => p.includes('log4brains')) ?? projects[0];
ask('--project', cloud, 'list', '--status', 'superseded');
for (const old of brainJson('--project', cloud, 'list', '--status', 'superseded')) {
  ask('--project', cloud, 'show', old.entry_id);
}
ask('--project', jabref, 'search', 'logging', '--limit', '3');

console.log('\n## The brain lives in git');
ask('--project', log4brains, 'status');
console.log(`\n$ git log --format="%h %s" brain\n${run('git', ['log', '--format=%h %s', 'brain']).trimEnd()}`);
ask('verify', '--cache');

console.log('\n## And back out as ADR files');
const out = join(repo, 'exported-adr');
ask('--project', log4brains, 'export', 'adr', out);
ask('--project', log4brains, 'import', 'adr', out);

if (keep) {
  console.log(`\nkept the demo repository. To run the commands above yourself:\n\n  cd ${repo}\n  alias brain="node ${bin}"\n  brain --project ${projects[0]} context`);
} else {
  rmSync(repo, { recursive: true, force: true });
  rmSync(copies, { recursive: true, force: true });
  console.log('\n(the demo repository was removed; run `npm run demo -- --keep` to keep it)');
}
rmSync(home, { recursive: true, force: true });
if (failed.length > 0) {
  console.error(`\nnot imported: ${failed.join(', ')} (see above)`);
  process.exitCode = 1;
}
