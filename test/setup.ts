/**
 * Per-test-file environment: an isolated HOME and git identity, so no test depends on the
 * machine's git config, HOME, or a running daemon (DESIGN §10). Child processes inherit it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const home = mkdtempSync(join(tmpdir(), 'brain-test-home-'));
Object.assign(process.env, {
  HOME: home,
  XDG_CONFIG_HOME: join(home, '.config'),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
  GIT_AUTHOR_NAME: 'Brain Test',
  GIT_AUTHOR_EMAIL: 'test@brain.invalid',
  GIT_COMMITTER_NAME: 'Brain Test',
  GIT_COMMITTER_EMAIL: 'test@brain.invalid',
  BRAIN_AUTHOR: 'test-agent',
});

afterAll(() => rmSync(home, { recursive: true, force: true }));
