/**
 * A question set's corpus imported into a fresh brain under BENCH_ROOT/<folder>/<corpus>, for the
 * dev scripts that look inside the ranking (miss-report.js, rule-probe.js). Reads dist/.
 * Returns `{ brain, report, fileOf }`: the open brain (close it), the import report and a map
 * from entry id to the ADR file it came from.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_ROOT } from './env.js';
import { openBrain } from '../dist/service.js';
import { importAdr } from '../dist/service/import-adr.js';

export async function importSetBrain(set, folder) {
  const repoDir = join(BENCH_ROOT, folder, set.corpus);
  mkdirSync(repoDir, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: repoDir });
  const brain = await openBrain({ repoDir, projectId: 'adr', author: 'bench' });
  await brain.init();
  const report = await importAdr(brain, { dir: set.dir });
  const fileOf = new Map(report.entries.map((e) => [e.entry_id, e.source_path]));
  return { brain, report, fileOf, repoDir };
}
