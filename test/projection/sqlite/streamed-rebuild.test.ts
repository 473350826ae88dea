/**
 * The streamed full rebuild of a cold build (docs/decisions/0096): each entry is written as the
 * listing leaves its directory. Its rows equal the live path's full rebuild when the listing is
 * the tree's own order and when it is shuffled (sorted first: `contiguousByDir`), on a branch
 * holding what only the whole branch decides — an entry id in two projects, whose owner comes
 * second in the listing — and what one directory decides: a fork, an invalid newest revision,
 * a stray file inside an entry directory. Real git repository, real SQLite files.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo, tempDir } from '../../helpers/git.js';
import { brain } from '../../helpers/brain.js';
import { dirOf, handCommit, revisionFiles, type BranchFiles } from '../../helpers/plain-git.js';
import type { Entry } from '../../../src/model/entry.js';
import { createObjectReader, type ObjectReader } from '../../../src/git/object-reader.js';
import { findRepo } from '../../../src/git/repo.js';
import { applyChanges } from '../../../src/projection/sqlite/apply-changes.js';
import { openCache } from '../../../src/projection/sqlite/open-cache.js';
import { contiguousByDir } from '../../../src/projection/sqlite/streamed-rebuild.js';
import { refreshCache } from '../../../src/projection/sqlite/refresh.js';
import { planChanges, type FileChange } from '../../../src/projection/read-changes.js';
import { DATA_TABLES, comparableRowsSql } from '../../../src/projection/sqlite/schema.js';

afterAll(cleanupTempDirs);

let repo: string;
let reader: ObjectReader;
let tip: string;

beforeAll(async () => {
  repo = initRepo();
  expect(brain(repo, ['init', '--project', 'zeta']).code).toBe(0);
  const added = Array.from({ length: 6 }, (_, i) => brain(repo, ['add', 'decision', '--title', `Decision ${i}`, '--rationale', `why ${i}`, '--json']).json<Entry>());
  expect(brain(repo, ['revise', added[0]!.entry_id, '--title', 'Decision 0, revised']).code).toBe(0);
  // The same id in project "alpha" (listed first), recorded later: "zeta" holds its oldest revision and owns it.
  const copy = { ...added[1]!, project_id: 'alpha', title: 'a copy', recorded_at: '2099-01-01T00:00:00.000Z' };
  const files: BranchFiles = { ...revisionFiles(repo, copy) };
  // A stray file inside an entry directory, and a newest revision that is not valid JSON.
  files[`${dirOf(added[2]!)}/notes.txt`] = 'not a brain file\n';
  files[`${dirOf(added[3]!)}/r0002-00000000.json`] = '{ not json\n';
  handCommit(repo, files, 'hand: a copy in another project, a stray file, a broken revision');
  const r = brain(repo, ['status', '--json']);
  expect(r.code, r.stderr).toBe(0);
  reader = await createObjectReader({ repo: findRepo(repo) });
  tip = git(repo, ['rev-parse', 'brain']);
}, 120_000);

afterAll(async () => reader?.close());

function rows(db: ReturnType<typeof openCache>['db'], table: (typeof DATA_TABLES)[number]): string[] {
  return (db.prepare(comparableRowsSql(table)).all() as Record<string, unknown>[]).map((r) => JSON.stringify(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1)))).sort();
}

/** A full rebuild through the live path, and one streamed into a private file from `order(changes)`. */
async function bothRebuilds(order: (changes: FileChange[]) => FileChange[]) {
  const dir = tempDir('brain-stream-');
  const live = openCache(join(dir, 'live.sqlite')).db;
  await refreshCache({ db: live, reader, tip, full: true });
  const streamed = openCache(join(dir, 'streamed.sqlite')).db;
  const { changes } = await planChanges(reader, null, tip, true);
  const stats = await applyChanges({ db: streamed, readBlob: (oid) => reader.readBlob(oid), readBlobs: (oids) => reader.readBlobs(oids), changes: order(changes), fromOid: null, toOid: tip, full: true, private: true });
  return { live, streamed, stats };
}

describe('the streamed rebuild of a cold build', () => {
  it('writes the rows of the live full rebuild: duplicate id owned by the second project listed, stray file, broken newest revision', async () => {
    const { live, streamed, stats } = await bothRebuilds((c) => c);
    for (const table of DATA_TABLES) expect(rows(streamed, table), table).toEqual(rows(live, table));
    const codes = (streamed.prepare('SELECT code FROM problems').pluck().all() as string[]).sort();
    expect(codes).toEqual(expect.arrayContaining(['duplicate_entry_id', 'stray_file']));
    expect(codes.some((c) => c === 'invalid_json' || c === 'invalid_entry')).toBe(true);
    expect(stats.entries).toBe(6); // six decisions: the id held by two projects is one entry
  });

  it('holds when the listing interleaves directories (sorted first)', async () => {
    const shuffle = (c: FileChange[]) => c.map((x, i) => ({ x, k: (i * 7919) % c.length })).sort((a, b) => a.k - b.k).map((p) => p.x);
    const { live, streamed } = await bothRebuilds(shuffle);
    for (const table of DATA_TABLES) expect(rows(streamed, table), table).toEqual(rows(live, table));
  });
});

describe('contiguousByDir', () => {
  const dirs = new Set(['projects/p/decision/ab/dec-ab0000000000', 'projects/p/decision/cd/dec-cd0000000000']);
  const change = (path: string): FileChange => ({ path, status: 'added', newOid: '0'.repeat(40) });
  it('keeps a listing whose directories are contiguous as it is', () => {
    const list = ['projects/p/decision/ab/dec-ab0000000000/ledger.jsonl', 'projects/p/decision/ab/dec-ab0000000000/r0001-aaaaaaaa.json', 'projects/p/stray.txt', 'projects/p/decision/cd/dec-cd0000000000/ledger.jsonl'].map(change);
    expect(contiguousByDir(list, dirs)).toBe(list);
  });
  it('sorts a listing that comes back to a directory it left', () => {
    const list = ['projects/p/decision/ab/dec-ab0000000000/ledger.jsonl', 'projects/p/decision/cd/dec-cd0000000000/ledger.jsonl', 'projects/p/decision/ab/dec-ab0000000000/r0001-aaaaaaaa.json'].map(change);
    expect(contiguousByDir(list, dirs).map((c) => c.path)).toEqual([list[0]!.path, list[2]!.path, list[1]!.path]);
  });
});
