/**
 * `brain capture -` on the command line (src/cli/capture-command.ts): stdin in, candidates out
 * in one commit, the fallback said on stderr, exit codes; the service behaviour is in
 * test/service/capture.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { BRAIN_BIN, brain } from '../helpers/brain.js';

afterAll(cleanupTempDirs);

describe('brain capture', () => {
  it('reads stdin, writes candidates (no entry) in one commit, says why it fell back; exit 2 and nothing written for a missing file', () => {
    const dir = initRepo();
    expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
    const before = git(dir, ['rev-parse', 'brain']);
    const r = spawnSync(process.execPath, [BRAIN_BIN, 'capture', '-', '--json'], {
      cwd: dir,
      input: 'PR #12\n\nDecision: keep the cache in SQLite.\nRisk: \u001b[2Jthe migration drops rows\n',
      env: { ...process.env, BRAIN_EXTRACTOR_COMMAND: 'false' },
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('brain: BRAIN_EXTRACTOR_COMMAND failed: it exited with 1; used the built-in extractor');
    const out = JSON.parse(r.stdout);
    expect(out.extractor).toBe('builtin');
    expect(out.candidates.map((c: { proposal: { title: string } }) => c.proposal.title)).toEqual(['Keep the cache in SQLite', 'The migration drops rows']);
    expect(git(dir, ['rev-list', '--count', `${before}..brain`])).toBe('1');
    expect(brain(dir, ['list', '--json']).json()).toEqual([]);
    const table = brain(dir, ['candidates']).stdout;
    expect(table).toContain('Keep the cache in SQLite');
    const tipNow = git(dir, ['rev-parse', 'brain']);
    const missing = brain(dir, ['capture', 'no-such-file.txt', '--json']);
    expect(missing.code).toBe(2);
    expect(missing.errorJson().error.code).toBe('invalid_argument');
    expect(git(dir, ['rev-parse', 'brain'])).toBe(tipNow);
  });
});
