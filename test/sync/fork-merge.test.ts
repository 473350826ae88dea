/**
 * Forks from merges made outside `brain sync` (DESIGN §3 invariant 5, issue #4): two clones
 * revise one entry offline and their docs branches are merged with plain `git merge` (in a
 * worktree checked out on the brain branch, so the branch's `.gitattributes` — `*.jsonl
 * merge=union` — applies). Both revision files survive, the ledgers union-merge, the entry is
 * reported as forked by status, verify and show, the current state is the same whichever way
 * the merge went, and the next revision written through brain records both parents and closes
 * the fork — also when that revision arrives by `brain sync`.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/model/entry.js';
import { parseLedger, type LedgerLine } from '../../src/store/ledger.js';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, git, tempDir } from '../helpers/git.js';
import { readBranchFile } from '../helpers/plain-git.js';
import { listOf, ok, remoteWithClones, sync, treeOf } from './sync-helpers.js';

afterAll(cleanupTempDirs);

/** Merges `refs/heads/other-brain` into `dir`'s docs branch with plain git, in a worktree on the brain branch. */
function plainMerge(dir: string): void {
  const wt = join(tempDir('brain-wt-'), 'wt');
  git(dir, ['worktree', 'add', '-q', wt, 'brain']);
  git(wt, ['merge', '-q', '--no-edit', 'other-brain']);
  git(dir, ['worktree', 'remove', '--force', wt]);
}

function ledgerOf(dir: string, id: string): { path: string; lines: LedgerLine[] } {
  const path = git(dir, ['ls-tree', '-r', '--name-only', 'brain']).split('\n').find((p) => p.includes(`/${id}/`) && p.endsWith('ledger.jsonl')) as string;
  return { path, lines: parseLedger(readBranchFile(dir, path)?.toString('utf8') ?? '') };
}

let a: string;
let b: string;
let c: string;
let id: string;

beforeAll(() => {
  const { clones } = remoteWithClones(3);
  [a, b, c] = clones as [string, string, string];
  id = ok(brain(a, ['add', 'decision', '--title', 'Cache', '--rationale', 'undecided', '--json'])).json<Entry>().entry_id;
  sync(a);
  sync(b);
  sync(c);
  // Offline, all three revise the entry; b also adds one.
  ok(brain(a, ['revise', id, '--title', 'Cache: SQLite', '--author', 'ana']));
  ok(brain(b, ['revise', id, '--title', 'Cache: LevelDB', '--author', 'bob']));
  ok(brain(b, ['add', 'risk', '--title', 'Disk fills up']));
  ok(brain(c, ['revise', id, '--rationale', 'measured both', '--author', 'cem']));
  // a and b merge each other's branch with plain git, in opposite directions.
  git(a, ['fetch', '-q', b, '+brain:refs/heads/other-brain']);
  git(b, ['fetch', '-q', a, '+brain:refs/heads/other-brain']);
  plainMerge(a);
  plainMerge(b);
});

describe('a plain git merge of two clones that revised one entry', () => {
  it('keeps both revisions, union-merges the ledger, and reports the fork in status, verify and show', () => {
    for (const dir of [a, b]) {
      expect(ok(brain(dir, ['status', '--json'])).json().forked).toEqual([id]);
      const verify = brain(dir, ['verify', '--json']);
      expect(verify.code, verify.stdout).toBe(0);
      const forks = verify.json().branch.forks;
      expect(forks).toHaveLength(1);
      expect(forks[0]).toMatchObject({ entry_id: id, revision: 2 });
      expect(forks[0].files).toHaveLength(2);
      expect(ok(brain(dir, ['verify'])).stdout).toContain(`forked: ${id} r2`);
      expect(ok(brain(dir, ['show', id])).stdout).toContain('FORKED:');
      expect(ok(brain(dir, ['list'])).stdout).toMatch(new RegExp(`${id}.*r2!`));
      const history = ok(brain(dir, ['history', id, '--json'])).json<Entry[]>();
      expect(history.map((e) => [e.revision, e.author])).toEqual([[1, 'test-agent'], [2, 'ana'], [2, 'bob']]);
      expect(ledgerOf(dir, id).lines.map((l) => l.revision)).toEqual([1, 2, 2]);
    }
  });

  it('has the same current state whichever way the merge went (revision, recorded_at, sha256 order)', () => {
    // The ledgers hold the union in different line orders, so the trees differ …
    expect(treeOf(a)).not.toBe(treeOf(b));
    // … but the projection does not depend on it.
    expect(listOf(a)).toEqual(listOf(b));
    const shown = ok(brain(a, ['show', id, '--json'])).json<Entry>();
    expect(ok(brain(b, ['show', id, '--json'])).json<Entry>()).toEqual(shown);
    expect(shown).toMatchObject({ revision: 2, title: 'Cache: LevelDB', author: 'bob' }); // recorded last
  });

  it('the next revision written through brain records both parents and closes the fork', () => {
    const before = ledgerOf(a, id).lines;
    const heads = new Map(before.filter((l) => l.revision === 2).map((l) => [l.author, l.sha256]));
    ok(brain(a, ['revise', id, '--rationale', 'reviewed both forks', '--author', 'ana']));
    const last = ledgerOf(a, id).lines.at(-1) as LedgerLine;
    expect(last).toMatchObject({ revision: 3, parent_sha256: heads.get('bob'), merged_sha256: [heads.get('ana')] });
    // The line on disk: sorted keys, merged_sha256 between file and parent_sha256.
    const raw = readBranchFile(a, ledgerOf(a, id).path)!.toString('utf8').trimEnd().split('\n').at(-1) as string;
    expect(Object.keys(JSON.parse(raw))).toEqual(['author', 'file', 'merged_sha256', 'parent_sha256', 'recorded_at', 'revision', 'sha256']);
    expect(ok(brain(a, ['status', '--json'])).json().forked).toEqual([]);
    const verify = brain(a, ['verify', '--json']);
    expect(verify.code, verify.stdout).toBe(0);
    expect(verify.json().branch.forks).toEqual([]);
    expect(ok(brain(a, ['show', id])).stdout).not.toContain('FORKED');
    // A fork-free entry's next revision has no merged_sha256.
    ok(brain(a, ['revise', id, '--tag', 'storage']));
    expect(ledgerOf(a, id).lines.at(-1)).not.toHaveProperty('merged_sha256');
  });

  it('syncs like any other history afterwards; a replayed revision onto a forked remote closes the fork too', () => {
    // b pushes its merge (still forked); c, whose offline r2 the remote lacks, replays onto it.
    expect(sync(b)).toMatchObject({ action: 'pushed' });
    const report = sync(c);
    expect(report).toMatchObject({ action: 'replayed', pushed: 1 });
    expect(report.changed_on_both_sides).toEqual([expect.objectContaining({ entry_id: id, yours: [2], theirs: 2, now: [3] })]);
    const lines = ledgerOf(c, id).lines;
    const r2 = lines.filter((l) => l.revision === 2);
    const r3 = lines.find((l) => l.revision === 3) as LedgerLine;
    const current = r2.find((l) => l.author === 'bob') as LedgerLine;
    expect(r3).toMatchObject({ author: 'cem', parent_sha256: current.sha256, merged_sha256: r2.filter((l) => l !== current).map((l) => l.sha256) });
    expect(ok(brain(c, ['status', '--json'])).json().forked).toEqual([]);
    const shown = ok(brain(c, ['show', id, '--json'])).json<Entry>();
    expect(shown).toMatchObject({ revision: 3, title: 'Cache: LevelDB', rationale: 'measured both' });
    // a (its own merge + r3, r4) replays onto that; then everyone converges.
    sync(a);
    sync(b);
    sync(c);
    expect(new Set([treeOf(a), treeOf(b), treeOf(c)]).size).toBe(1);
    expect(listOf(a)).toEqual(listOf(c));
    for (const dir of [a, b, c]) {
      const verify = brain(dir, ['verify', '--json']);
      expect(verify.code, verify.stdout).toBe(0);
    }
    expect(ok(brain(a, ['status', '--json'])).json().forked).toEqual([]);
  });
});
