/**
 * `bin/brain.js` in a checkout whose bundle was never built (tsc alone, or an interrupted
 * `npm run build`): a one-line error naming the missing file and the command that builds it,
 * exit 1 — not a Node stack trace. A copy of bin/ in an empty package directory, no dist/.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/git.js';

afterAll(cleanupTempDirs);

it('without dist/bundle, brain says to run npm run build and exits 1', () => {
  const root = tempDir('brain-nobundle-');
  cpSync(fileURLToPath(new URL('../../bin', import.meta.url)), join(root, 'bin'), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{"type": "module"}\n');
  mkdirSync(join(root, 'dist'));
  const run = spawnSync(process.execPath, [join(root, 'bin', 'brain.js'), 'list'], { encoding: 'utf8' });
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^brain: internal: the command's bundle is missing or incomplete \(.*dist\/bundle\/brain\.js.*\)\nhint: run `npm run build` in .*\/\n$/);
});
