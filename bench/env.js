/**
 * Isolated environment for the benchmark (DESIGN §10: never the machine's git config or HOME).
 * Imported first by run.js, so it is in place before any project module or git child runs.
 * Every child process (git, the brain CLI) inherits it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

for (const name of Object.keys(process.env)) if (name.startsWith('GIT_')) delete process.env[name];

/** The temp root holding HOME and the benchmark repositories. */
export const BENCH_ROOT = mkdtempSync(join(tmpdir(), 'brain-bench-'));
const home = join(BENCH_ROOT, 'home');

// Removed when the process exits, whichever script imported this (run.js, the profile helpers);
// BENCH_KEEP=1 keeps it. Deleting ~150 000 loose objects takes a minute on a disk mounted with
// `discard`: a detached `rm` does it instead of making the benchmark wait.
process.on('exit', () => {
  if (process.env.BENCH_KEEP !== '1') spawn('rm', ['-rf', BENCH_ROOT], { detached: true, stdio: 'ignore' }).unref();
  else process.stderr.write(`kept ${BENCH_ROOT}\n`);
});

const config = [['init.defaultBranch', 'main'], ['gc.auto', '0'], ['maintenance.auto', 'false']];
Object.assign(process.env, {
  HOME: home,
  XDG_CONFIG_HOME: join(home, '.config'),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
  GIT_AUTHOR_NAME: 'Brain Bench',
  GIT_AUTHOR_EMAIL: 'bench@brain.invalid',
  GIT_COMMITTER_NAME: 'Brain Bench',
  GIT_COMMITTER_EMAIL: 'bench@brain.invalid',
  GIT_CONFIG_COUNT: String(config.length),
  BRAIN_AUTHOR: 'bench',
});
config.forEach(([key, value], i) => Object.assign(process.env, { [`GIT_CONFIG_KEY_${i}`]: key, [`GIT_CONFIG_VALUE_${i}`]: value }));
