import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { cleanupTempDirs, git, initRepo, initBareRepo, tempDir, commitFiles } from '../helpers/git.js';
import { brain, openTestBrain } from '../helpers/brain.js';
import { removeDbFiles } from '../../src/projection/sqlite/open-cache.js';

afterAll(cleanupTempDirs);

const hashFile = (path: string) => (existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : 'missing');

function snapshotCheckout(dir: string) {
  return {
    head: git(dir, ['rev-parse', 'HEAD']),
    symbolic: git(dir, ['symbolic-ref', 'HEAD']),
    index: hashFile(join(dir, '.git', 'index')),
    status: git(dir, ['status', '--porcelain', '--untracked-files=all']),
    branches: git(dir, ['for-each-ref', '--format=%(refname)', 'refs/heads']),
  };
}

describe('brain init and writes leave the checkout alone', () => {
  it('creates an orphan docs branch with manifest, attributes and README; HEAD, index and work tree untouched', () => {
    const dir = initRepo();
    writeFileSync(join(dir, 'dirty.txt'), 'uncommitted work\n');
    git(dir, ['add', 'dirty.txt']);
    writeFileSync(join(dir, 'README.md'), 'modified, unstaged\n');
    const before = snapshotCheckout(dir);
    const init = brain(dir, ['init', '--json']);
    expect(init.code).toBe(0);
    expect(init.json()).toMatchObject({ created: true, branch: 'brain' });
    expect(git(dir, ['ls-tree', '--name-only', 'brain'])).toBe('.gitattributes\nREADME.md\nbrain.json');
    expect(JSON.parse(git(dir, ['show', 'brain:brain.json']))).toMatchObject({ format: 1 });
    expect(git(dir, ['show', 'brain:.gitattributes'])).toContain('*.jsonl merge=union');
    expect(git(dir, ['rev-list', '--max-parents=0', 'brain'])).toBe(git(dir, ['rev-parse', 'brain'])); // orphan
    expect(brain(dir, ['add', 'decision', '--title', 'Keep the checkout alone']).code).toBe(0);
    const after = snapshotCheckout(dir);
    expect({ ...after, branches: undefined }).toEqual({ ...before, branches: undefined });
    expect(after.branches).toBe('refs/heads/brain\nrefs/heads/main');
    // Idempotent.
    const again = brain(dir, ['init', '--json']);
    expect(again.code).toBe(0);
    expect(again.json()).toMatchObject({ created: false });
    expect(git(dir, ['rev-list', '--count', 'brain'])).toBe('2');
  });

  it('is clean for git fsck, readable in git log (one commit per operation), and travels with git clone', () => {
    const dir = initRepo();
    expect(brain(dir, ['init']).code).toBe(0);
    const dec = brain(dir, ['add', 'decision', '--title', 'Use SQLite for the cache', '--json']).json();
    expect(brain(dir, ['revise', dec.entry_id, '--rationale', 'fast, local, disposable']).code).toBe(0);
    const q = brain(dir, ['add', 'open_question', '--title', 'Which port?', '--json']).json();
    expect(brain(dir, ['resolve', q.entry_id, '--answer', '7420']).code).toBe(0);
    git(dir, ['fsck', '--strict', '--no-dangling']);
    const log = git(dir, ['log', '--format=%s', 'brain']).split('\n');
    expect(log).toEqual([
      `brain: resolve ${q.entry_id} r2 — Which port?`,
      `brain: add ${q.entry_id} r1 — Which port?`,
      `brain: revise ${dec.entry_id} r2 — Use SQLite for the cache`,
      `brain: add ${dec.entry_id} r1 — Use SQLite for the cache`,
      'brain: init (format 1, project ' + brain(dir, ['status', '--json']).json().project_id + ')',
    ]);
    const original = brain(dir, ['list', '--json']).json();
    const clone = join(tempDir(), 'clone');
    git(dir, ['clone', '-q', '--no-local', dir, clone]);
    const cloned = brain(clone, ['list', '--json']);
    expect(cloned.code).toBe(0);
    expect(cloned.json()).toEqual(original);
    expect(brain(clone, ['verify', '--cache']).code).toBe(0);
  });

  it('keeps working after git gc packs refs and objects, with both object readers', async () => {
    const dir = initRepo();
    brain(dir, ['init']);
    for (let i = 0; i < 5; i++) brain(dir, ['add', 'risk', '--title', `risk ${i}`]);
    git(dir, ['gc', '-q', '--prune=now']);
    expect(existsSync(join(dir, '.git', 'refs', 'heads', 'brain'))).toBe(false);
    expect(brain(dir, ['add', 'risk', '--title', 'after gc']).code).toBe(0);
    expect(brain(dir, ['list', '--json']).json()).toHaveLength(6);
    expect(brain(dir, ['verify', '--cache']).code).toBe(0);
    // Each reader, on its own, rebuilds the projection from the packed branch (no cache) and writes after gc.
    for (const [i, reader] of (['cat-file', 'isomorphic-git'] as const).entries()) {
      const b = await openTestBrain(dir, { reader });
      try {
        expect((await b.reader()).kind).toBe(reader);
        removeDbFiles(b.cachePath);
        expect((await b.list()).map((r) => r.entry.title).sort()).toEqual([...Array.from({ length: 5 + i }, (_, n) => `risk ${n}`), 'after gc'].sort());
        expect((await b.verify()).ok).toBe(true);
        await b.writes.append({ kind: 'risk', fields: { title: `risk ${5 + i}` } });
      } finally {
        await b.close();
      }
    }
    expect(brain(dir, ['list', '--json']).json()).toHaveLength(8);
    git(dir, ['fsck', '--strict', '--no-dangling']);
  });

  it('works in a bare repository', () => {
    const bare = initBareRepo();
    expect(brain(bare, ['init']).code).toBe(0);
    expect(brain(bare, ['add', 'blocker', '--title', 'CI is red', '--payload', '{"severity":"high"}']).code).toBe(0);
    expect(brain(bare, ['list', '--kind', 'blocker', '--json']).json()[0].payload.severity).toBe('high');
  });

  it('gives clear errors outside a repository and without a brain branch', () => {
    const outside = tempDir();
    const r = brain(outside, ['list', '--json']);
    expect(r.code).toBe(1);
    expect(r.errorJson().error.code).toBe('not_a_repository');
    const dir = initRepo();
    const missing = brain(dir, ['list', '--json']);
    expect(missing.code).toBe(1);
    expect(missing.errorJson().error).toMatchObject({ code: 'not_initialized' });
    expect(missing.errorJson().error.hint).toContain('brain init');
    const human = brain(dir, ['list']);
    expect(human.stderr).toMatch(/^brain: not_initialized: no brain here: branch brain does not exist\nhint: /);
    commitFiles(dir, {}, 'x');
    git(dir, ['branch', 'notes']);
    const foreign = brain(dir, ['--branch', 'notes', 'list', '--json']);
    expect(foreign.errorJson().error.code).toBe('not_initialized');
    expect(brain(dir, ['--branch', 'bad..name', 'list', '--json']).code).toBe(2);
  });

  it('uses --branch for another docs branch and keeps separate caches', () => {
    const dir = initRepo();
    brain(dir, ['--branch', 'team/brain', 'init']);
    brain(dir, ['--branch', 'team/brain', 'add', 'decision', '--title', 'on the team branch']);
    brain(dir, ['init']);
    expect(brain(dir, ['list', '--json']).json()).toHaveLength(0);
    expect(brain(dir, ['--branch', 'team/brain', 'list', '--json']).json()).toHaveLength(1);
  });
});
