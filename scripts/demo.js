#!/usr/bin/env node
// The main job on real input: import the bundled ADR corpora (fixtures/adr, from public
// projects; licences beside each) into a brain in a fresh temporary git repository, then ask
// it what is decided, open, blocked, and why — through the real `brain` CLI.
//
//   npm run demo            (keeps nothing: the temp repo is removed at the end)
//   BRAIN_DEMO_KEEP=1 npm run demo   (keeps the repo and prints its path)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
const line = (text, max = 110) => {
  const one = String(text).replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};
const why = (e) => line(e.payload.decision_outcome || e.rationale.replace(/^#+ .*$/gm, ''), 120) || '(no rationale recorded)';

run('git', ['init', '-q', '-b', 'main']);
run('git', ['commit', '-q', '--allow-empty', '-m', 'a project with a history of decisions']);
console.log(`# Project Brain demo — ${repo}\n`);
console.log(brain('init', '--project', 'demo').trim());

for (const corpus of readdirSync(corpora).sort()) {
  const project = corpus.toLowerCase().replace(/[^a-z0-9._-]+/g, '-');
  const started = performance.now();
  const report = brainJson('--project', project, 'import', 'adr', join(corpora, corpus));
  const ms = Math.round(performance.now() - started);
  const entries = brainJson('--project', project, 'list');
  const byStatus = {};
  for (const e of entries) byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
  const decided = entries.filter((e) => e.status === 'accepted');
  const open = entries.filter((e) => ['proposed', 'open', 'blocked', 'active'].includes(e.status));
  const blocked = entries.filter((e) => e.entry_kind === 'blocker' && e.status === 'blocked');
  const superseded = entries.filter((e) => e.status === 'superseded');
  console.log(`\n## ${corpus}  (project \`${project}\`)`);
  console.log(`imported ${report.imported} ADRs as decisions in one commit (${ms} ms): ${Object.entries(byStatus).sort().map(([s, n]) => `${s} ${n}`).join(', ')}`);
  if (report.defaulted.length) console.log(`  ${report.defaulted.length} had no status and took their format's default (MADR: accepted) — reported, not hidden`);
  for (const u of report.unmapped) console.log(`  status needs review: ${u.source_path}: "${line(u.raw_status, 60)}" — ${u.reason}`);
  console.log(`\n### Decided (${decided.length}) — and why`);
  for (const e of decided.slice(0, 6)) console.log(`- ${line(e.title, 70)} — ${why(e)}`);
  if (decided.length > 6) console.log(`- … +${decided.length - 6} more: brain --project ${project} list --status accepted`);
  console.log(`\n### Open (${open.length}) — proposed decisions and open items`);
  for (const e of open) console.log(`- [${e.status}] ${line(e.title, 70)} — ${why(e)}`);
  if (open.length === 0) console.log('- nothing open');
  console.log(`\n### Blocked (${blocked.length})`);
  console.log(blocked.length ? blocked.map((e) => `- ${line(e.title)}`).join('\n') : '- nothing blocked (ADRs record decisions, not blockers)');
  if (superseded.length) {
    console.log(`\n### Superseded (${superseded.length})`);
    for (const e of superseded) {
      const by = entries.find((x) => x.supersedes_entry_id === e.entry_id);
      console.log(`- ${line(e.title, 60)} → superseded by ${by ? `"${line(by.title, 60)}"` : e.related_entry_ids.join(', ') || '(successor not identified)'}`);
    }
  }
}

const status = brainJson('status');
console.log(`\n## The brain lives in git\nbranch ${status.branch} at ${status.tip.slice(0, 12)}; problems: ${status.problems.length}`);
console.log(run('git', ['log', '--format=  %h %s', 'brain']).trimEnd());
const verify = brainJson('verify', '--cache');
console.log(`brain verify --cache: ${verify.ok ? 'ok' : 'FAILED'} (${verify.branch.checked.revisions} revisions, ${verify.branch.checked.ledgers} ledgers, ${verify.branch.checked.commits} commits; cache equals a fresh rebuild: ${verify.cache.ok})`);

console.log('\n## Re-entry brief for an agent (brain context --budget 1200), cloud-platform');
console.log(brain('--project', 'ministryofjustice__cloud-platform', 'context', '--budget', '1200').trimEnd());

const search = brainJson('--project', 'jabref__jabref', 'search', 'logging', '--limit', '3');
console.log('\n## brain search logging (JabRef)');
for (const h of search) console.log(`- ${h.relevance_score.toFixed(2)}  ${h.entry.entry_id}  ${line(h.entry.title, 80)}`);

if (process.env.BRAIN_DEMO_KEEP) console.log(`\nkept: ${repo}`);
else rmSync(repo, { recursive: true, force: true });
rmSync(home, { recursive: true, force: true });
