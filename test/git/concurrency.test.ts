import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanupTempDirs, git, gitEnv, initRepo, testHome } from '../helpers/git.js';
import { brain, openTestBrain } from '../helpers/brain.js';

afterAll(cleanupTempDirs);

const WRITER = fileURLToPath(new URL('../helpers/writer-process.mjs', import.meta.url));

function writer(dir: string, args: string[]) {
  const child = spawn(process.execPath, [WRITER, dir, ...args], { env: gitEnv(testHome()) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; lines: string[]; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, lines: stdout.split('\n').filter(Boolean), stderr })),
  );
  return { child, done };
}

function setup(): string {
  const dir = initRepo();
  expect(brain(dir, ['init']).code).toBe(0);
  return dir;
}

describe('concurrent writers (real processes)', () => {
  it('two processes appending at once both succeed and no revision is lost', async () => {
    const dir = setup();
    const [a, b] = [writer(dir, ['40', 'append']), writer(dir, ['40', 'append'])];
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect(ra.code, ra.stderr).toBe(0);
    expect(rb.code, rb.stderr).toBe(0);
    const written = [...ra.lines, ...rb.lines].map((l) => l.split(' ')[0]).sort();
    expect(new Set(written).size).toBe(80);
    const listed = brain(dir, ['list', '--json']).json().map((e: { entry_id: string }) => e.entry_id).sort();
    expect(listed).toEqual(written);
    expect(git(dir, ['rev-list', '--count', 'brain'])).toBe('81');
    expect(brain(dir, ['verify', '--cache']).code).toBe(0);
    git(dir, ['fsck', '--strict', '--no-dangling']);
  });

  it('three processes revising one entry get gap-free revision numbers', async () => {
    const dir = setup();
    const id = brain(dir, ['add', 'decision', '--title', 'contended', '--json']).json().entry_id;
    const runs = await Promise.all([0, 1, 2].map(() => writer(dir, ['20', 'revise', id]).done));
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const revisions = runs.flatMap((r) => r.lines.map((l) => Number(l.split(' r')[1]))).sort((x, y) => x - y);
    expect(revisions).toEqual(Array.from({ length: 60 }, (_, i) => i + 2));
    const history = brain(dir, ['history', id, '--json']).json();
    expect(history.map((e: { revision: number }) => e.revision)).toEqual(Array.from({ length: 61 }, (_, i) => i + 1));
    expect(brain(dir, ['verify']).code).toBe(0);
  });

  it('a native git writer moving the branch meanwhile is never overwritten (compare-and-swap, retried on the new tip)', async () => {
    const dir = setup();
    const b = await openTestBrain(dir);
    const attempts: number[] = [];
    const gitCommits: string[] = [];
    try {
      // Brain is held between building its commit on the tip it read and moving the ref; meanwhile
      // plain git appends a commit with its own compare-and-swap (update-ref <new> <old>). The
      // first two attempts of every write lose that race; the third finds the branch still.
      b.store.beforeRefUpdate = async ({ attempt, tip }) => {
        attempts.push(attempt);
        if (attempt > 2) return;
        expect(git(dir, ['rev-parse', 'brain'])).toBe(tip);
        const tree = git(dir, ['rev-parse', `${tip}^{tree}`]);
        const commit = git(dir, ['commit-tree', tree, '-p', tip as string, '-m', `plain git ${gitCommits.length}`]);
        git(dir, ['update-ref', 'refs/heads/brain', commit, tip as string]);
        gitCommits.push(commit);
      };
      const written: string[] = [];
      for (let i = 0; i < 5; i++) written.push((await b.writes.append({ kind: 'decision', fields: { title: `brain ${i}` } })).commit as string);
      expect(attempts).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]);
      // Each brain commit was rebuilt on the plain-git commit that beat it.
      written.forEach((commit, i) => expect(git(dir, ['rev-parse', `${commit}^`]), `brain write ${i}`).toBe(gitCommits[2 * i + 1]));
    } finally {
      await b.close();
    }
    const history = git(dir, ['rev-list', 'brain']).split('\n');
    expect(gitCommits).toHaveLength(10);
    for (const c of gitCommits) expect(history).toContain(c);
    expect(history).toHaveLength(1 + 5 + 10);
    expect(brain(dir, ['list', '--json']).json().map((e: { title: string }) => e.title).sort()).toEqual(['brain 0', 'brain 1', 'brain 2', 'brain 3', 'brain 4']);
    git(dir, ['fsck', '--strict', '--no-dangling']);
  });
});

describe('a writer killed mid-write', () => {
  it('leaves the branch at the old or the new tip, never corrupt; the next writer proceeds', async () => {
    const dir = setup();
    let committed = 0;
    for (let round = 0; round < 6; round++) {
      const before = git(dir, ['rev-parse', 'brain']);
      const run = writer(dir, ['forever', 'append']);
      // Kill at a point that varies with the machine's speed: after 1–3 committed writes plus a
      // varying part of the next one.
      await new Promise<void>((resolve) => {
        let seen = 0;
        run.child.stdout.on('data', (d: Buffer) => {
          seen += d.toString().split('\n').filter(Boolean).length;
          if (seen >= 1 + (round % 3)) setTimeout(() => (run.child.kill('SIGKILL'), resolve()), round * 7);
        });
      });
      const r = await run.done;
      committed += r.lines.length;
      const tip = git(dir, ['rev-parse', 'brain']);
      expect(git(dir, ['cat-file', '-t', tip])).toBe('commit');
      expect(git(dir, ['merge-base', '--is-ancestor', before, tip])).toBe('');
      git(dir, ['fsck', '--strict', '--no-dangling', '--connectivity-only']);
      git(dir, ['fsck', '--strict']);
      // git's ref lock can be left only if the kill landed between its create and rename; the
      // dead writer recorded it, so the next write removes it itself (issue #7: no manual step).
      const next = brain(dir, ['add', 'risk', '--title', `after kill ${round}`, '--json']);
      expect(next.code, next.stderr).toBe(0);
      expect(existsSync(join(dir, '.git', 'refs', 'heads', 'brain.lock'))).toBe(false);
      committed += 1;
    }
    const verify = brain(dir, ['verify', '--cache', '--json']);
    expect(verify.json().branch.failures).toEqual([]);
    expect(verify.code).toBe(0);
    // Every write that reported success is on the branch (a killed write may or may not be).
    expect(brain(dir, ['list', '--json']).json().length).toBeGreaterThanOrEqual(committed);
  });
});
