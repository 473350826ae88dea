/**
 * Per-test-file environment: an isolated HOME and git identity (the same env the git helper
 * uses), so no test depends on the machine's git config, HOME, or a running daemon
 * (DESIGN §10). Child processes inherit it.
 */
import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { gitEnv, tempDir } from './helpers/git.js';

const home = tempDir('brain-test-home-');
for (const name of Object.keys(process.env)) if (name.startsWith('GIT_')) delete process.env[name];
Object.assign(process.env, gitEnv(home), { BRAIN_AUTHOR: 'test-agent' });

afterAll(() => rmSync(home, { recursive: true, force: true }));
