/**
 * The SQLite projection in `.git/brain/` against what can happen to it and to the branch
 * (DESIGN §4; issue: "full rebuild when the cache is missing, corrupt, of another format
 * version, or the old oid is unreachable"; "a revision file added by hand with plain git
 * (valid or not) is picked up or reported"; "a corrupt cache file"). Every case goes through
 * the real CLI on real repositories; the branch is changed behind brain's back with plain git
 * plumbing (test/helpers/plain-git.ts).
 */
import Database from 'better-sqlite3';
import { cpSync, existsSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_FORMAT } from '../../../src/projection/sqlite/schema.js';
import { sha256Hex } from '../../../src/store/canonical-json.js';
import { LEDGER_FILE, revisionFileName } from '../../../src/store/layout.js';
import { brain, brainAsync, openTestBrain, type BrainRun } from '../../helpers/brain.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../../helpers/git.js';
import {
  branchFiles, dirOf, forceBranch, handCommit, makeEntry, pruneUnreachable, readTopRevision, revisionBytes, revisionFiles, revisionPath,
} from '../../helpers/plain-git.js';

afterAll(cleanupTempDirs);

const PROJECT = 'demo';
interface Listed { entry_id: string; title: string; status: string; revision: number; entry_kind: string }

/** A seeded repository: a decision at r2, a risk, an open question resolved (r2), a blocker. */
let base: string;
let ids: { dec: string; risk: string; que: string; blk: string };

function ok(run: BrainRun, what: string): BrainRun {
  expect(run.code, `${what}: ${run.stderr}`).toBe(0);
  return run;
}

beforeAll(() => {
  base = initRepo();
  ok(brain(base, ['init', '--project', PROJECT]), 'init');
  const dec = ok(brain(base, ['add', 'decision', '--title', 'Use SQLite for the cache', '--tag', 'storage', '--json']), 'add').json().entry_id;
  ok(brain(base, ['revise', dec, '--rationale', 'local, fast, disposable']), 'revise');
  const risk = ok(brain(base, ['add', 'risk', '--title', 'Disk fills up', '--json']), 'add').json().entry_id;
  const que = ok(brain(base, ['add', 'open_question', '--title', 'Which port?', '--json']), 'add').json().entry_id;
  ok(brain(base, ['resolve', que, '--answer', '7420']), 'resolve');
  const blk = ok(brain(base, ['add', 'blocker', '--title', 'CI is red', '--payload', '{"severity":"high"}', '--json']), 'add').json().entry_id;
  ids = { dec, risk, que, blk };
  ok(brain(base, ['list']), 'list'); // the cache is projected at the tip
});

/** A private copy of the seeded repository (cache included). */
function copyBase(): string {
  const dir = join(tempDir('brain-proj-'), 'repo');
  cpSync(base, dir, { recursive: true });
  return dir;
}

const cachePath = (dir: string) => join(dir, '.git', 'brain', 'cache.sqlite');
const tipOf = (dir: string) => git(dir, ['rev-parse', 'brain']);
const list = (dir: string): Listed[] => ok(brain(dir, ['list', '--json']), 'list').json();
const status = (dir: string) => ok(brain(dir, ['status', '--json']), 'status').json();

function expectCacheEqualsRebuild(dir: string): void {
  const r = brain(dir, ['verify', '--cache', '--json']);
  expect(r.stdout, r.stderr).not.toBe('');
  const report = r.json();
  expect(report.cache, JSON.stringify(report.cache?.tables.filter((t: { only_live: string[]; only_rebuilt: string[] }) => t.only_live.length || t.only_rebuilt.length))).toMatchObject({ ok: true });
}

/** Runs `sql` on the cache of `dir` (brain must not be running). */
function withCache<T>(dir: string, fn: (db: Database.Database) => T): T {
  const db = new Database(cachePath(dir));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

describe('a corrupt, foreign or missing cache is rebuilt from git', () => {
  it('a cache file overwritten with garbage: the next command answers the same, status reports reset "corrupt"', () => {
    const dir = copyBase();
    const before = list(dir);
    writeFileSync(cachePath(dir), Buffer.from('this is not an SQLite database\n'.repeat(500)));
    const s = status(dir);
    expect(s.cache).toMatchObject({ reset: 'corrupt', last_refresh: 'full' });
    expect(s).toMatchObject({ tip: tipOf(dir), projected: tipOf(dir), entries: 4, revisions: 6, problems: [] });
    expect(list(dir)).toEqual(before);
    expect(status(dir).cache).toMatchObject({ reset: null, last_refresh: 'fresh' });
    expectCacheEqualsRebuild(dir);
  });

  it('a cache file truncated to 0 bytes (an empty SQLite database) is rebuilt in full', () => {
    const dir = copyBase();
    const before = list(dir);
    truncateSync(cachePath(dir), 0);
    const s = status(dir);
    expect(s.cache.last_refresh).toBe('full');
    expect(s.projected).toBe(tipOf(dir));
    expect(list(dir)).toEqual(before);
    expectCacheEqualsRebuild(dir);
  });

  it.each([
    ['inside the header', () => 60],
    ['after the first page', () => 4096],
    ['in the middle', (size: number) => Math.floor(size / 2 / 4096) * 4096 + 1000],
    ['one page short', (size: number) => size - 4096],
  ])('a cache file truncated %s: the next command answers the same and the cache equals a rebuild', (_where, at) => {
    const dir = copyBase();
    const before = list(dir);
    const size = statSync(cachePath(dir)).size;
    truncateSync(cachePath(dir), at(size));
    const first = brain(dir, ['list', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json()).toEqual(before);
    expect(status(dir).projected).toBe(tipOf(dir));
    expectCacheEqualsRebuild(dir);
  });

  it('garbage over the pages of the current and revisions tables (header intact) is detected, not served or crashed on', () => {
    const dir = copyBase();
    const before = list(dir);
    const history = ok(brain(dir, ['history', ids.dec, '--json']), 'history').json();
    // Where the tables live, from SQLite itself (dbstat), then overwrite those pages.
    const pages = withCache(dir, (db) => {
      db.pragma('wal_checkpoint(TRUNCATE)');
      const pageSize = db.pragma('page_size', { simple: true }) as number;
      const rows = db.prepare("SELECT pageno FROM dbstat WHERE name IN ('current', 'revisions')").all() as { pageno: number }[];
      return { pageSize, numbers: rows.map((r) => r.pageno) };
    });
    expect(pages.numbers.length).toBeGreaterThan(0);
    const bytes = readFileSync(cachePath(dir));
    const garbage = Buffer.from('\xde\xad\xbe\xef garbage '.repeat(1024), 'latin1');
    for (const n of pages.numbers) garbage.copy(bytes, (n - 1) * pages.pageSize, 0, pages.pageSize);
    writeFileSync(cachePath(dir), bytes);
    const r = brain(dir, ['list', '--json']);
    expect(r.code, `brain list on a cache with corrupt table pages: ${r.stderr}`).toBe(0);
    expect(r.json()).toEqual(before);
    expect(ok(brain(dir, ['history', ids.dec, '--json']), 'history').json()).toEqual(history);
    expectCacheEqualsRebuild(dir);
  });

  it('a stale or garbage WAL file beside the cache does not break it', () => {
    const dir = copyBase();
    const before = list(dir);
    writeFileSync(`${cachePath(dir)}-wal`, Buffer.from('not a write-ahead log '.repeat(300)));
    expect(list(dir)).toEqual(before);
    expectCacheEqualsRebuild(dir);
  });

  it('stale search*.json files of the MiniSearch era are removed when the cache opens; search answers from the projection', () => {
    const dir = copyBase();
    const brainDir = join(dir, '.git', 'brain');
    for (const name of ['search.json', 'search.other.json']) writeFileSync(join(brainDir, name), '{"format": 1, "docs": {"x": ');
    writeFileSync(join(brainDir, 'search-notes.txt'), 'not ours');
    const hits = ok(brain(dir, ['search', 'sqlite', '--json']), 'search').json();
    expect(hits.map((h: { entry: Listed }) => h.entry.entry_id)).toEqual([ids.dec]);
    expect(existsSync(join(brainDir, 'search.json'))).toBe(false);
    expect(existsSync(join(brainDir, 'search.other.json'))).toBe(false);
    expect(existsSync(join(brainDir, 'search-notes.txt'))).toBe(true);
  });

  it('verify --cache reports an FTS5 index that differs from its search table (exit 1, "search index:")', () => {
    const dir = copyBase();
    withCache(dir, (db) => db.prepare("INSERT INTO entry_search_fts (rowid, title, tags, payload_text, rationale) VALUES (999999, 'ghost', '', '', '')").run());
    const r = brain(dir, ['verify', '--cache']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^  search index: .+$/m);
    const report = brain(dir, ['verify', '--cache', '--json']).json();
    expect(report.cache).toMatchObject({ ok: false, search_index_problem: expect.any(String) });
    expect(report.cache.tables.every((t: { only_live: string[] }) => t.only_live.length === 0)).toBe(true);
  });

  it('a cache of another format version (meta cache_format 999) is reset ("format") and rebuilt', () => {
    const dir = copyBase();
    const before = list(dir);
    withCache(dir, (db) => {
      db.prepare("UPDATE meta SET value = '999' WHERE key = 'cache_format'").run();
      db.prepare("UPDATE current SET json = '{}'").run(); // would break every answer if it were used
    });
    const s = status(dir);
    expect(s.cache).toMatchObject({ reset: 'format', last_refresh: 'full' });
    expect(s.entries).toBe(4);
    expect(list(dir)).toEqual(before);
    expect(withCache(dir, (db) => db.prepare("SELECT value FROM meta WHERE key = 'cache_format'").get())).toEqual({ value: String(CACHE_FORMAT) });
    expectCacheEqualsRebuild(dir);
  });

  it('a cache written by a future format with a different schema is reset and rebuilt', () => {
    const dir = copyBase();
    const before = list(dir);
    rmSync(cachePath(dir));
    const db = new Database(cachePath(dir));
    db.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('cache_format', '2'); CREATE TABLE current (entry_id TEXT, doc BLOB); CREATE TABLE revisions (x)");
    db.close();
    const s = status(dir);
    expect(s.cache.reset).not.toBeNull();
    expect(s.cache.last_refresh).toBe('full');
    expect(list(dir)).toEqual(before);
    expectCacheEqualsRebuild(dir);
  });

  it('.git/brain deleted entirely: rebuilt in full, same answers', () => {
    const dir = copyBase();
    const before = list(dir);
    rmSync(join(dir, '.git', 'brain'), { recursive: true, force: true });
    const s = status(dir);
    expect(s.cache).toMatchObject({ reset: null, last_refresh: 'full' });
    expect(s.projected).toBe(tipOf(dir));
    expect(existsSync(cachePath(dir))).toBe(true);
    expect(list(dir)).toEqual(before);
    expectCacheEqualsRebuild(dir);
  });
});

describe('the tip moved by plain git is caught up incrementally', () => {
  it('a valid revision file + ledger line committed by hand is picked up (new entry and next revision of an existing one)', () => {
    const dir = copyBase();
    const projected = tipOf(dir);
    const risk = makeEntry({ kind: 'risk', projectId: PROJECT, title: 'Committed with plain git', fields: { tags: ['manual'], payload: { likelihood: 'high', impact: 'low' } } });
    const decDir = dirOf({ project_id: PROJECT, entry_kind: 'decision', entry_id: ids.dec });
    const dec1 = readTopRevision(dir, `${decDir}/${LEDGER_FILE}`);
    expect(dec1.revision).toBe(2);
    const dec3 = { ...dec1, revision: 3, title: 'Use SQLite (WAL) for the cache', author: 'plain-git', recorded_at: '2030-01-01T00:00:00.000Z' };
    const tip = handCommit(dir, { ...revisionFiles(dir, risk), ...revisionFiles(dir, dec3) }, 'by hand: a risk and dec r3');
    expect(tip).not.toBe(projected);

    const s = status(dir);
    expect(s.cache.last_refresh).toBe('incremental');
    expect(s).toMatchObject({ tip, projected: tip, entries: 5, revisions: 8, problems: [] });
    const rows = list(dir);
    expect(rows.find((e) => e.entry_id === risk.entry_id)).toMatchObject({ title: 'Committed with plain git', status: 'active', revision: 1, tags: ['manual'] });
    expect(rows[0]).toMatchObject({ entry_id: ids.dec, revision: 3, title: 'Use SQLite (WAL) for the cache' }); // newest first
    expect(ok(brain(dir, ['list', '--tag', 'manual', '--json']), 'list').json().map((e: Listed) => e.entry_id)).toEqual([risk.entry_id]);
    expect(ok(brain(dir, ['history', ids.dec, '--json']), 'history').json().map((e: Listed) => e.revision)).toEqual([1, 2, 3]);
    expect(ok(brain(dir, ['show', risk.entry_id.slice(0, 8), '--json']), 'show').json()).toEqual(risk);
    // A correct hand-made commit honours the on-disk contract: verify passes.
    const v = brain(dir, ['verify', '--cache', '--json']);
    expect(v.code, v.stdout).toBe(0);
    // Brain writes continue the hand-made chain.
    const r4 = ok(brain(dir, ['revise', ids.dec, '--rationale', 'and then brain again', '--json']), 'revise').json();
    expect(r4).toMatchObject({ revision: 4, title: 'Use SQLite (WAL) for the cache' });
    expect(brain(dir, ['verify', '--cache']).code).toBe(0);
  });

  it.each([
    ['list', (id: string) => ['list', '--json'], (out: string, id: string) => JSON.parse(out).find((e: Listed) => e.entry_id === id).title],
    ['show', (id: string) => ['show', id, '--json'], (out: string) => JSON.parse(out).title],
    ['history', (id: string) => ['history', id, '--json'], (out: string) => JSON.parse(out).pop().title],
    ['search', () => ['search', 'zeppelin', '--json'], (out: string) => JSON.parse(out)[0]?.entry.title],
    ['context', () => ['context'], (out: string) => (/Zeppelin storage everywhere/.exec(out) ?? [])[0]],
    ['status', () => ['status'], (out: string) => (out.includes('(up to date)') && out.includes('entries:    4 (7 revisions)') ? 'Zeppelin storage everywhere' : out)],
  ])('%s is the first command after a hand-made commit and already answers from the new tip', (_name, args, pickTitle) => {
    const dir = copyBase();
    const decDir = dirOf({ project_id: PROJECT, entry_kind: 'decision', entry_id: ids.dec });
    const r2 = readTopRevision(dir, `${decDir}/${LEDGER_FILE}`);
    handCommit(dir, revisionFiles(dir, { ...r2, revision: 3, title: 'Zeppelin storage everywhere', recorded_at: '2030-01-01T00:00:00.000Z' }));
    const r = ok(brain(dir, args(ids.dec)), _name);
    expect(pickTitle(r.stdout, ids.dec)).toBe('Zeppelin storage everywhere');
  });

  it('several commits at once, and commits touching only files outside projects/, catch up incrementally', () => {
    const dir = copyBase();
    const a = makeEntry({ kind: 'decision', projectId: PROJECT, title: 'first of three' });
    const b = makeEntry({ kind: 'dependency', projectId: PROJECT, title: 'second of three', fields: { payload: { depends_on: 'git', dependency_kind: 'requires' } } });
    handCommit(dir, revisionFiles(dir, a));
    handCommit(dir, { 'README.md': 'edited by hand\n' });
    handCommit(dir, revisionFiles(dir, b));
    const s = status(dir);
    expect(s.cache.last_refresh).toBe('incremental');
    expect(s.entries).toBe(6);
    handCommit(dir, { 'notes/elsewhere.txt': 'not under projects/\n' });
    const t = status(dir);
    expect(t.cache.last_refresh).toBe('incremental');
    expect(t).toMatchObject({ projected: tipOf(dir), entries: 6, problems: [] });
    expectCacheEqualsRebuild(dir);
  });

  it('an entry directory deleted by plain git disappears from the projection', () => {
    const dir = copyBase();
    const riskDir = dirOf({ project_id: PROJECT, entry_kind: 'risk', entry_id: ids.risk });
    handCommit(dir, Object.fromEntries(branchFiles(dir, riskDir).map((p) => [p, null])));
    expect(list(dir).map((e) => e.entry_id)).not.toContain(ids.risk);
    expect(brain(dir, ['show', ids.risk, '--json']).errorJson().error.code).toBe('not_found');
    expect(status(dir).cache.last_refresh).toBe('fresh');
    expectCacheEqualsRebuild(dir);
  });
});

describe('bad files committed by hand land in problems; everything else stays queryable', () => {
  it('invalid JSON, invalid entry, illegal status, stray files, wrong-name hash, misplaced, bad ledger: reported with their code, then cleared by a fix', () => {
    const dir = copyBase();
    const before = list(dir);
    const named = (entry: { project_id: string; entry_kind: string; entry_id: string }, revision: number, bytes: string) =>
      `${dirOf(entry as Parameters<typeof dirOf>[0])}/${revisionFileName(revision, sha256Hex(bytes))}`;

    // invalid_json: named after its own bytes, so only the JSON is wrong.
    const jsonEntry = makeEntry({ kind: 'decision', projectId: PROJECT, title: 'was malformed' });
    const badJson = '{\n  "entry_id": "oops",\n';
    const badJsonPath = named(jsonEntry, 1, badJson);
    // invalid_entry: valid JSON, canonical, right name, but confidence 5 and no title.
    const invalid = { ...makeEntry({ kind: 'risk', projectId: PROJECT }), confidence: 5, title: '' };
    const invalidPath = `${dirOf(invalid)}/${revisionBytes(invalid).file}`;
    // illegal_status: a risk cannot be resolved — as r2 of the existing risk.
    const risk1 = readTopRevision(dir, `${dirOf({ project_id: PROJECT, entry_kind: 'risk', entry_id: ids.risk })}/${LEDGER_FILE}`);
    const illegal = { ...risk1, revision: 2, status: 'resolved', recorded_at: '2030-01-01T00:00:00.000Z' };
    const illegalPath = `${dirOf(risk1)}/${revisionBytes(illegal).file}`;
    // stray files: not at projects/<project>/<kind>/<fan>/<id>/<file>, or not a revision/ledger name.
    const strayInDir = `${dirOf(risk1)}/notes.txt`;
    const strayTop = `projects/${PROJECT}/README.md`;
    const strayKind = `projects/${PROJECT}/epic/ab/epc-abcdefghjkmn/r0001-00000000.json`;
    // hash_mismatch: a valid entry under a name whose sha8 is not its hash.
    const wrongHash = makeEntry({ kind: 'open_question', projectId: PROJECT, title: 'wrong name' });
    const wrongHashPath = `${dirOf(wrongHash)}/r0001-deadbeef.json`;
    // misplaced: a valid entry in another entry's directory.
    const elsewhere = makeEntry({ kind: 'blocker', projectId: PROJECT, title: 'lost blocker' });
    const misplacedPath = `${dirOf({ project_id: PROJECT, entry_kind: 'blocker', entry_id: ids.blk })}/${revisionFileName(1, revisionBytes(elsewhere).sha256)}`;
    // invalid_ledger: a ledger line that is not JSON.
    const ledgerEntry = makeEntry({ kind: 'plan_revision', projectId: PROJECT, title: 'plan with a broken ledger' });
    const ledgerPath = `${dirOf(ledgerEntry)}/${LEDGER_FILE}`;

    const tip = handCommit(dir, {
      [badJsonPath]: badJson,
      [invalidPath]: revisionBytes(invalid).text,
      [illegalPath]: revisionBytes(illegal).text,
      [strayInDir]: 'scratch notes\n',
      [strayTop]: '# not an entry\n',
      [strayKind]: '{}\n',
      [wrongHashPath]: revisionBytes(wrongHash).text,
      [misplacedPath]: revisionBytes(elsewhere).text,
      ...revisionFiles(dir, ledgerEntry),
      [ledgerPath]: 'this is not a ledger line\n',
    }, 'by hand: bad files');

    const expected = [
      [badJsonPath, 'invalid_json'],
      [invalidPath, 'invalid_entry'],
      [illegalPath, 'illegal_status'],
      [strayInDir, 'stray_file'],
      [strayTop, 'stray_file'],
      [strayKind, 'stray_file'],
      [wrongHashPath, 'hash_mismatch'],
      [misplacedPath, 'misplaced'],
      [ledgerPath, 'invalid_ledger'],
    ].sort(([a], [b]) => (a! < b! ? -1 : 1));
    // r2 of the risk is illegal, so r1 is shown in its place: said once for the entry (issue #7).
    const shown = [...expected, [`${illegalPath.slice(0, illegalPath.lastIndexOf('/'))}/`, 'invalid_current']].sort(([a], [b]) => (a! < b! ? -1 : 1));
    const s = status(dir);
    expect(s.cache.last_refresh).toBe('incremental');
    expect(s.projected).toBe(tip);
    expect(s.problems.map((p: { path: string; code: string }) => [p.path, p.code])).toEqual(shown);
    for (const p of s.problems) expect(p.message.length, p.path).toBeGreaterThan(0);
    expect(s.problems.find((p: { code: string }) => p.code === 'illegal_status').message).toContain('a risk cannot be resolved');

    // Human status lists each problem with code and path.
    const human = ok(brain(dir, ['status']), 'status').stdout;
    expect(human).toContain(`problems:   ${shown.length} problems on the branch (`); // not "N file(s) failed": invalid_current is an entry, not a file
    for (const [path, code] of shown) expect(human).toContain(`${code}  ${path}`);

    // Everything else stays queryable; the risk stays at its valid r1; the plan (valid r1) is there.
    const rows = list(dir);
    expect(rows.filter((e) => e.entry_id !== ledgerEntry.entry_id)).toEqual(before);
    expect(rows.find((e) => e.entry_id === ledgerEntry.entry_id)).toMatchObject({ revision: 1 });
    expect(ok(brain(dir, ['show', ids.risk, '--json']), 'show').json()).toMatchObject({ revision: 1, status: 'active' });
    expect(ok(brain(dir, ['show', ids.blk, '--json']), 'show').json()).toMatchObject({ title: 'CI is red' });
    expect(ok(brain(dir, ['search', 'port', '--json']), 'search').json().map((h: { entry: Listed }) => h.entry.entry_id)).toEqual([ids.que]);
    expect(brain(dir, ['context']).code).toBe(0);
    // A full rebuild sees the same problems.
    expectCacheEqualsRebuild(dir);
    rmSync(join(dir, '.git', 'brain'), { recursive: true });
    expect(status(dir).problems).toEqual(s.problems);
    // verify reports the same files (exit 1).
    const v = brain(dir, ['verify', '--json']);
    expect(v.code).toBe(1);
    const failures = v.json().branch.failures as { path: string; code: string }[];
    for (const [path, code] of expected) expect(failures, `${code} ${path}`).toContainEqual(expect.objectContaining({ path, code }));

    // The fix, in a later commit: bad files removed, the malformed one re-added correctly, the ledger repaired.
    handCommit(dir, {
      [badJsonPath]: null,
      ...revisionFiles(dir, jsonEntry),
      [invalidPath]: null,
      [illegalPath]: null,
      [strayInDir]: null,
      [strayTop]: null,
      [strayKind]: null,
      [wrongHashPath]: null,
      ...revisionFiles(dir, wrongHash),
      [misplacedPath]: null,
      ...revisionFiles(dir, ledgerEntry, { ledgerText: '' }),
    }, 'by hand: fix');
    const fixed = status(dir);
    expect(fixed.cache.last_refresh).toBe('incremental');
    expect(fixed.problems).toEqual([]);
    expect(fixed.entries).toBe(before.length + 3);
    const ids2 = list(dir).map((e) => e.entry_id);
    expect(ids2).toEqual(expect.arrayContaining([jsonEntry.entry_id, wrongHash.entry_id, ledgerEntry.entry_id, ...before.map((e) => e.entry_id)]));
    expect(ok(brain(dir, ['show', jsonEntry.entry_id, '--json']), 'show').json()).toEqual(jsonEntry);
    expectCacheEqualsRebuild(dir);
  });

  it('a bad file replaced in place (same path, new content) moves from problems to the projection', () => {
    const dir = copyBase();
    const e = makeEntry({ kind: 'decision', projectId: PROJECT, title: 'replaced in place' });
    const path = revisionPath(e);
    handCommit(dir, { [path]: '{"not": "an entry"}\n' });
    expect(status(dir).problems).toEqual([expect.objectContaining({ path, code: 'invalid_entry' })]);
    handCommit(dir, revisionFiles(dir, e));
    const s = status(dir);
    expect(s.problems).toEqual([]);
    expect(s.cache.last_refresh).toBe('incremental');
    expect(ok(brain(dir, ['show', e.entry_id, '--json']), 'show').json()).toEqual(e);
    expectCacheEqualsRebuild(dir);
  });
});

describe('rewritten history', () => {
  it('branch reset back and rebuilt differently: caught up (incremental while the old commit exists, full once pruned), correct state', () => {
    const dir = copyBase();
    const t0 = tipOf(dir);
    const a = ok(brain(dir, ['add', 'decision', '--title', 'A: kept', '--json']), 'add').json();
    const t1 = tipOf(dir);
    const b = ok(brain(dir, ['add', 'decision', '--title', 'B: will be rewritten away', '--json']), 'add').json();
    const t2 = tipOf(dir);
    expect(list(dir).map((e) => e.entry_id)).toContain(b.entry_id); // projected at t2

    // git reset --hard brain~1, then a different commit on top (plain git).
    forceBranch(dir, t1);
    const c = makeEntry({ kind: 'risk', projectId: PROJECT, title: 'C: on the rewritten branch' });
    const t3 = handCommit(dir, revisionFiles(dir, c), 'rewritten');
    expect(() => git(dir, ['merge-base', '--is-ancestor', t2, t3])).toThrow(); // t2 is not in t3's history
    let s = status(dir);
    expect(s.cache.last_refresh).toBe('incremental'); // t2 still exists as an object: diff t2 → t3
    const afterReset = list(dir).map((e) => e.entry_id);
    expect(afterReset).toContain(a.entry_id);
    expect(afterReset).toContain(c.entry_id);
    expect(afterReset).not.toContain(b.entry_id);
    expectCacheEqualsRebuild(dir);

    // Amend t3 with plumbing (same parent, new tree and message), then prune: t3 is gone.
    const d = makeEntry({ kind: 'decision', projectId: PROJECT, title: 'D: amended in' });
    forceBranch(dir, t1);
    const files = { ...revisionFiles(dir, c), ...revisionFiles(dir, d) };
    const t4 = handCommit(dir, files, 'rewritten (amended)');
    expect(git(dir, ['rev-parse', `${t4}^`])).toBe(t1);
    pruneUnreachable(dir);
    expect(() => git(dir, ['cat-file', '-e', t3])).toThrow();
    expect(() => git(dir, ['cat-file', '-e', t2])).toThrow();
    s = status(dir);
    expect(s.cache.last_refresh).toBe('full');
    expect(s).toMatchObject({ tip: t4, projected: t4, problems: [] });
    const final = list(dir).map((e) => e.entry_id).sort();
    expect(final).toEqual([ids.dec, ids.risk, ids.que, ids.blk, a.entry_id, c.entry_id, d.entry_id].sort());
    expectCacheEqualsRebuild(dir);
    expect(git(dir, ['rev-list', '--count', 'brain'])).toBe(String(Number(git(dir, ['rev-list', '--count', t0])) + 2));
  });

  it('the old projected commit pruned: the isomorphic-git and cat-file readers both rebuild in full', async () => {
    for (const reader of ['isomorphic-git', 'cat-file'] as const) {
      const dir = copyBase();
      const t0 = tipOf(dir);
      const x = makeEntry({ kind: 'decision', projectId: PROJECT, title: 'X: gone soon' });
      handCommit(dir, revisionFiles(dir, x));
      const b = await openTestBrain(dir, { reader });
      try {
        expect((await b.refresh()).mode).toBe('incremental');
        forceBranch(dir, t0);
        const y = makeEntry({ kind: 'risk', projectId: PROJECT, title: 'Y: instead' });
        handCommit(dir, revisionFiles(dir, y));
        pruneUnreachable(dir);
        const r = await b.refresh();
        expect(r.mode, reader).toBe('full');
        const listed = (await b.list()).map((row) => row.entry.entry_id);
        expect(listed, reader).toContain(y.entry_id);
        expect(listed, reader).not.toContain(x.entry_id);
        expect((await b.verify({ cache: true })).cache?.ok, reader).toBe(true);
      } finally {
        await b.close();
      }
    }
  });
});

describe('verify --cache', () => {
  it.each([
    ['current', "UPDATE current SET title = 'x'"],
    ['revisions', "UPDATE revisions SET status = 'planted' WHERE entry_id = (SELECT MIN(entry_id) FROM revisions)"],
    ['kind_counts', 'UPDATE kind_counts SET n = n + 1'],
    ['entry_tags', "INSERT INTO entry_tags (entry_id, tag, project_id, recorded_at) VALUES ('dec-000000000000', 'planted', 'x', '2020-01-01T00:00:00Z')"],
    ['problems', "INSERT INTO problems (path, blob_oid, code, message) VALUES ('projects/x', '0', 'invalid_json', 'planted')"],
    ['entry_search', "UPDATE entry_search SET rationale = 'planted'"],
  ])('detects a tampered live cache (%s): exit 1, names the table', (table, sql) => {
    const dir = copyBase();
    withCache(dir, (db) => db.exec(sql));
    const r = brain(dir, ['verify', '--cache', '--json']);
    expect(r.code).toBe(1);
    const report = r.json();
    expect(report.ok).toBe(false);
    expect(report.branch.ok).toBe(true);
    expect(report.cache.ok).toBe(false);
    const bad = report.cache.tables.filter((t: { only_live: string[]; only_rebuilt: string[] }) => t.only_live.length + t.only_rebuilt.length > 0).map((t: { table: string }) => t.table);
    expect(bad).toEqual([table]);
    const human = brain(dir, ['verify', '--cache']);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain('cache: DIFFERS from a fresh rebuild');
    expect(human.stdout).toMatch(new RegExp(`^  ${table}: live \\d+ rows, rebuilt \\d+$`, 'm'));
    expect(human.stdout.trimEnd().endsWith('FAILED')).toBe(true);
  });

  it('a projected oid pointing at an older commit is caught up from there and ends equal to a rebuild', () => {
    const dir = copyBase();
    const first = git(dir, ['rev-list', '--max-parents=0', 'brain']);
    const older = git(dir, ['rev-parse', 'brain~3']);
    for (const oid of [older, first]) {
      withCache(dir, (db) => db.prepare("UPDATE meta SET value = ? WHERE key = 'projected_oid'").run(oid));
      const s = status(dir);
      expect(s.cache.last_refresh).toBe('incremental');
      expect(s.entries).toBe(4);
      expectCacheEqualsRebuild(dir);
    }
  });
});

describe('concurrent refreshers', () => {
  it('processes catching up the same stale, missing or corrupt cache all answer the current state; the cache equals a rebuild', async () => {
    const dir = copyBase();
    const setups: [string, () => void][] = [
      ['stale', () => {}],
      ['missing', () => rmSync(join(dir, '.git', 'brain'), { recursive: true, force: true })],
      ['garbage', () => writeFileSync(cachePath(dir), Buffer.from('not a database at all '.repeat(1000)))],
      ['stale again', () => {}],
    ];
    for (const [round, [what, setup]] of setups.entries()) {
      const added = [0, 1, 2].map((i) => makeEntry({ kind: 'decision', projectId: PROJECT, title: `round ${round} entry ${i}` }));
      for (const e of added) handCommit(dir, revisionFiles(dir, e));
      setup();
      const runs = await Promise.all([brainAsync(dir, ['list', '--json']), brainAsync(dir, ['list', '--json']), brainAsync(dir, ['status', '--json'])]);
      for (const r of runs) expect(r.code, `${what}: ${r.stderr}`).toBe(0);
      const [one, two, st] = runs.map((r) => r.json());
      expect(one, what).toEqual(two);
      expect(one, what).toHaveLength(4 + 3 * (round + 1));
      for (const e of added) expect(one.map((x: Listed) => x.entry_id), what).toContain(e.entry_id);
      expect(st, what).toMatchObject({ projected: tipOf(dir), entries: one.length });
      expectCacheEqualsRebuild(dir);
    }
  });
});
