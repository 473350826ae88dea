/**
 * The repositories of `npm run bench -- hub` (issue #11 "Scale, measured"): `count` source
 * repositories with a synthetic brain of `revisions` revisions each (bench/synthetic.js, one
 * project per repository, 1 000 revisions per import commit through the real store), plus
 * one large one — as an organisation's services would carry them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBrain } from '../dist/service.js';
import { generateHistory } from './synthetic.js';
import { git } from './native.js';

const BATCH = 1000;

/** Creates one source repository at `dir` with `revisions` revisions in project `projectId`; returns `{ dir, projectId, entryIds }`. */
export async function makeSourceRepo({ dir, projectId, revisions, seed }) {
  mkdirSync(dir, { recursive: true });
  git(dir, ['init', '-q']);
  writeFileSync(join(dir, 'README.md'), `# ${projectId}\n`);
  git(dir, ['add', 'README.md']);
  git(dir, ['commit', '-q', '-m', 'initial']);
  const brain = await openBrain({ repoDir: dir, projectId, author: 'bench' });
  try {
    await brain.init();
    const identity = brain.identity();
    const { events, entryIds } = generateHistory({ entries: Math.max(10, Math.round(revisions / 5)), revisions, projectId, seed });
    for (let i = 0; i < events.length; i += BATCH) {
      const chunk = events.slice(i, i + BATCH);
      await brain.store.transact({ projectId, identity }, async (tx) => {
        for (const event of chunk) await tx.put(event.entry);
        return { message: `brain: import ${chunk.length} revisions`, value: null };
      });
    }
    return { dir, projectId, entryIds };
  } finally {
    await brain.close();
  }
}

/** `count` small repositories (`svc-000` …) and one large (`monolith`) under `root`. */
export async function makeOrganisation({ root, count, revisions, largeRevisions, log }) {
  const repos = [];
  for (let i = 0; i < count; i++) {
    const name = `svc-${String(i).padStart(3, '0')}`;
    repos.push({ name, ...(await makeSourceRepo({ dir: join(root, name), projectId: name, revisions, seed: 1000 + i })) });
    if ((i + 1) % 10 === 0) log(`  ${i + 1}/${count} repositories of ${revisions} revisions`);
  }
  repos.push({ name: 'monolith', ...(await makeSourceRepo({ dir: join(root, 'monolith'), projectId: 'monolith', revisions: largeRevisions, seed: 7 })) });
  log(`  monolith: ${largeRevisions} revisions`);
  return repos;
}
