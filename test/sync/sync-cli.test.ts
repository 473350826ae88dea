/**
 * `brain sync` end to end through the built CLI (issue #4): a real bare remote, real clones
 * writing offline and syncing in different orders. Every clone ends with the same tip tree and
 * the same `brain list --json`, and every title and rationale any clone wrote is still in some
 * revision's history.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/model/entry.js';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initBareRepo } from '../helpers/git.js';
import { cloneOf, historyTexts, listOf, ok, remoteWithClones, sync, treeOf } from './sync-helpers.js';

afterAll(cleanupTempDirs);

function add(dir: string, title: string, rationale = `why ${title}`): string {
  return ok(brain(dir, ['add', 'decision', '--title', title, '--rationale', rationale, '--json']), 'add').json<Entry>().entry_id;
}

function revise(dir: string, id: string, args: string[]): void {
  ok(brain(dir, ['revise', id, ...args]), 'revise');
}

async function expectConverged(clones: string[], written: { titles: string[]; rationales: string[] }): Promise<void> {
  const trees = clones.map((c) => treeOf(c));
  expect(new Set(trees).size, 'same tip tree everywhere').toBe(1);
  const lists = clones.map((c) => JSON.stringify(listOf(c)));
  expect(new Set(lists).size, 'same brain list --json everywhere').toBe(1);
  const texts = await historyTexts(clones[0]!);
  for (const t of written.titles) expect(texts.titles, `title ${t}`).toContain(t);
  for (const r of written.rationales) expect(texts.rationales, `rationale ${r}`).toContain(r);
  // Same tree everywhere: verifying and checking forks on one clone covers all.
  const verify = brain(clones[0]!, ['verify', '--json']);
  expect(verify.code, verify.stdout).toBe(0);
  expect(ok(brain(clones[0]!, ['status', '--json'])).json().forked).toEqual([]);
}

describe('brain sync: first contact', () => {
  it('pushes a new branch to a remote without it, then creates the local branch in a fresh clone', () => {
    const remote = initBareRepo();
    const a = cloneOf(remote, 'a');
    ok(brain(a, ['init', '--project', 'demo']));
    const id = add(a, 'Use SQLite for the cache');
    const first = sync(a);
    expect(first).toMatchObject({ remote: 'origin', branch: 'brain', action: 'created_remote', pushed: 1, received: 0, attempts: 1 });
    expect(git(remote, ['rev-parse', 'refs/heads/brain'])).toBe(git(a, ['rev-parse', 'brain']));
    expect(sync(a)).toMatchObject({ action: 'up_to_date', pushed: 0, received: 0 });

    const b = cloneOf(remote, 'b');
    expect(git(b, ['for-each-ref', 'refs/heads'])).toBe('');
    const created = sync(b);
    expect(created).toMatchObject({ action: 'created_local', pushed: 0, received: 1, before: null });
    expect(git(b, ['rev-parse', 'brain'])).toBe(git(a, ['rev-parse', 'brain']));
    expect(listOf(b).map((e) => e.entry_id)).toEqual([id]);
    // The user's checkout is untouched: HEAD still names main (unborn), nothing checked out.
    expect(git(b, ['symbolic-ref', 'HEAD'])).toBe('refs/heads/main');
  });

  it('fast-forwards and pushes without replaying when only one side moved', () => {
    const [a, b] = remoteWithClones(2).clones as [string, string];
    add(a, 'only on a');
    const tipA = git(a, ['rev-parse', 'brain']);
    expect(sync(a)).toMatchObject({ action: 'pushed', pushed: 1, received: 0 });
    expect(git(a, ['rev-parse', 'brain'])).toBe(tipA); // pushed as is, not rewritten
    expect(sync(b)).toMatchObject({ action: 'fast_forward', pushed: 0, received: 1 });
    expect(git(b, ['rev-parse', 'brain'])).toBe(tipA);
  });
});

describe('brain sync: clones writing offline converge', () => {
  it('two clones revising the same entry: the later sync renumbers its revision and says so', async () => {
    const { clones } = remoteWithClones(2);
    const [a, b] = clones as [string, string];
    const id = add(a, 'Pick a cache', 'first take');
    sync(a);
    sync(b);
    revise(a, id, ['--title', 'Pick SQLite for the cache']);
    revise(b, id, ['--rationale', 'measured: 2 ms per filter query']);
    add(b, 'Only on b');
    expect(sync(a)).toMatchObject({ action: 'pushed', pushed: 1 });
    const report = sync(b);
    expect(report).toMatchObject({ action: 'replayed', pushed: 2, received: 1 });
    expect(report.changed_on_both_sides).toEqual([
      { entry_id: id, title: 'Pick SQLite for the cache', yours: [2], theirs: 2, now: [3], both_changed: [], review: `brain show ${id}` },
    ]);
    // Both changes survive in the current revision (field-level rebase), and the human output names the entry.
    const current = ok(brain(b, ['show', id, '--json'])).json<Entry>();
    expect(current).toMatchObject({ revision: 3, title: 'Pick SQLite for the cache', rationale: 'measured: 2 ms per filter query' });
    sync(a);
    await expectConverged(clones, { titles: ['Pick a cache', 'Pick SQLite for the cache', 'Only on b'], rationales: ['first take', 'measured: 2 ms per filter query'] });
    // The replayed revision's ledger line chains onto theirs.
    const ledgerPath = git(a, ['ls-tree', '-r', '--name-only', 'brain']).split('\n').find((p) => p.includes(id) && p.endsWith('ledger.jsonl'));
    const ledger = git(a, ['show', `brain:${ledgerPath}`]).split('\n').map((l) => JSON.parse(l));
    expect(ledger.map((l: { revision: number }) => l.revision)).toEqual([1, 2, 3]);
    expect(ledger[2].parent_sha256).toBe(ledger[1].sha256);
  });

  it('both changing the same field: yours is kept, theirs stays in history, the field is reported', async () => {
    const { clones } = remoteWithClones(2);
    const [a, b] = clones as [string, string];
    const id = add(a, 'Port', 'undecided');
    sync(a);
    sync(b);
    revise(a, id, ['--title', 'Port 7420']);
    revise(b, id, ['--title', 'Port 8080']);
    sync(a);
    const text = ok(brain(b, ['sync'])).stdout;
    expect(text).toContain(`${id}: your r2 now follows their r2 as r3 (both changed title; yours kept) — review: brain show ${id}`);
    sync(a);
    expect(listOf(a).find((e) => e.entry_id === id)?.title).toBe('Port 8080');
    await expectConverged(clones, { titles: ['Port 7420', 'Port 8080'], rationales: ['undecided'] });
  });

  // More orders run in-process in sync-property.test.ts; these go through the real CLI.
  const orders: [string, number[]][] = [
    ['0,1,2', [0, 1, 2]],
    ['2,0,1', [2, 0, 1]],
  ];
  it.each(orders)('three clones writing offline, syncing in order %s', async (_name, order) => {
    const { clones } = remoteWithClones(3);
    const shared = add(clones[0]!, 'Shared decision', 'v0');
    sync(clones[0]!);
    for (const c of clones.slice(1)) sync(c);
    const written = { titles: ['Shared decision'], rationales: ['v0'] };
    clones.forEach((c, i) => {
      add(c, `new on ${i}`, `because ${i}`);
      revise(c, shared, ['--rationale', `shared rationale from ${i}`]);
      revise(c, shared, ['--title', `shared title from ${i}`]);
      written.titles.push(`new on ${i}`, `shared title from ${i}`);
      written.rationales.push(`because ${i}`, `shared rationale from ${i}`);
    });
    for (const i of order) sync(clones[i]!);
    // A second round of writes on two clones before everyone syncs again.
    revise(clones[order[0]!]!, shared, ['--rationale', 'second round']);
    add(clones[order[2]!]!, 'late entry', 'late');
    written.titles.push('late entry');
    written.rationales.push('second round', 'late');
    for (const i of [...order].reverse()) sync(clones[i]!);
    for (const i of order) sync(clones[i]!);
    await expectConverged(clones, written);
    const history = ok(brain(clones[0]!, ['history', shared, '--json'])).json<Entry[]>();
    expect(history.map((e) => e.revision)).toEqual(history.map((_, i) => i + 1)); // gap-free, no fork
  });
});
