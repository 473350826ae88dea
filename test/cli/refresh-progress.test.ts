/**
 * Progress of a long refresh on a terminal (src/cli/progress.ts; DESIGN §6 "progress on stderr
 * for long work when it is a TTY"; docs/decisions/0101). The line itself with a fake clock —
 * nothing before the delay, one line rewritten in place, the summary, a line left open ended —
 * and the real CLI: a fresh clone's first read under a pseudo-terminal (util-linux `script`)
 * shows it and still prints the list after it; through pipes it prints nothing.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRefreshProgress, progressDelayMs } from '../../src/cli/progress.js';
import { BRAIN_BIN, brain } from '../helpers/brain.js';
import { cleanupTempDirs, git, gitEnv, initRepo, tempDir, testHome } from '../helpers/git.js';

afterAll(cleanupTempDirs);

describe('the progress line', () => {
  it('shows nothing before the delay, then one line in place, then the summary', () => {
    let t = 0;
    const out: string[] = [];
    const line = createRefreshProgress({ write: (s) => out.push(s), now: () => t, afterMs: 1000 });
    t = 500;
    line.report({ done: 2000, total: 8000 });
    expect(out).toEqual([]);
    t = 1200;
    line.report({ done: 4000, total: 8000 });
    t = 1250; // within 100 ms of the last: skipped
    line.report({ done: 6000, total: 8000 });
    t = 1300; // the last chunk is always shown
    line.report({ done: 8000, total: 8000 });
    t = 2500;
    line.report({ done: 8000, total: 8000, finished: true });
    line.end(); // nothing left open
    expect(out).toEqual([
      '\rbrain: reading the docs branch into the cache: 4,000 of 8,000 files (50%)\x1b[K',
      '\rbrain: reading the docs branch into the cache: 8,000 of 8,000 files (100%), writing the index\x1b[K',
      '\rbrain: read 8,000 files of the docs branch into the cache in 2.5 s\x1b[K\n',
    ]);
  });

  it('says nothing for a quick refresh, and ends a line the command left open', () => {
    let t = 0;
    const out: string[] = [];
    const quick = createRefreshProgress({ write: (s) => out.push(s), now: () => t, afterMs: 1000 });
    t = 300;
    quick.report({ done: 10, total: 10 });
    quick.report({ done: 10, total: 10, finished: true });
    quick.end();
    expect(out).toEqual([]);
    const failed = createRefreshProgress({ write: (s) => out.push(s), now: () => t, afterMs: 0 });
    failed.report({ done: 2000, total: 4000 });
    failed.end();
    expect(out).toEqual(['\rbrain: reading the docs branch into the cache: 2,000 of 4,000 files (50%)\x1b[K', '\n']);
  });

  it('takes its delay from BRAIN_PROGRESS_AFTER_MS when it is a number of ms', () => {
    expect(progressDelayMs({})).toBe(1000);
    expect(progressDelayMs({ BRAIN_PROGRESS_AFTER_MS: '0' })).toBe(0);
    expect(progressDelayMs({ BRAIN_PROGRESS_AFTER_MS: '250' })).toBe(250);
    expect(progressDelayMs({ BRAIN_PROGRESS_AFTER_MS: 'soon' })).toBe(1000);
    expect(progressDelayMs({ BRAIN_PROGRESS_AFTER_MS: '-1' })).toBe(1000);
  });
});

describe('a fresh clone on a terminal', () => {
  let source: string;
  beforeAll(() => {
    source = initRepo();
    expect(brain(source, ['init', '--project', 'demo']).code).toBe(0);
    for (let i = 0; i < 3; i++) expect(brain(source, ['add', 'decision', '--title', `Decision ${i}`]).code).toBe(0);
  }, 60_000);

  const clone = () => {
    const dir = tempDir('brain-progress-');
    git(dir, ['clone', '-q', '--no-local', source, 'c']);
    return join(dir, 'c');
  };

  it("shows the first read's progress and its summary, then the list", () => {
    const dir = clone();
    const command = `${process.execPath} ${BRAIN_BIN} list`;
    const r = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: dir, env: { ...gitEnv(testHome()), BRAIN_PROGRESS_AFTER_MS: '0', BRAIN_NO_DAEMON: '1' }, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\rbrain: reading the docs branch into the cache: \d+ of \d+ files \(100%\), writing the index/);
    expect(r.stdout).toMatch(/\rbrain: read \d+ files of the docs branch into the cache in \d+\.\d s\x1b\[K\r?\n/);
    const after = r.stdout.slice(r.stdout.lastIndexOf('into the cache in'));
    expect(after).toContain('Decision 2');
  });

  it('prints no progress through pipes', () => {
    const r = brain(clone(), ['list'], { env: { BRAIN_PROGRESS_AFTER_MS: '0' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('into the cache');
    expect(r.stdout).toContain('Decision 2');
  });
});
