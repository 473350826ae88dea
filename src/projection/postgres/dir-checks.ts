/**
 * The entry checks of the entry directories an incremental apply touched, on PostgreSQL
 * (issue #7 "Problems are visible where people look", issue #11): the facts of every touched
 * directory (ledger lines, valid revision files, failed files) read in three queries, then the
 * pure {@link entryDirProblems} shared with SQLite decides the problems — so both backends
 * write the same rows, and incremental == full rebuild.
 */
import type pg from 'pg';
import { ENTRY_CHECK_CODES, entryDirProblems, type EntryDirFacts } from '../sqlite/entry-checks.js';
import { insertEntryProblems } from './bulk-rows.js';

/** Recomputes the entry-check problems of `dirs` (`projects/<p>/<kind>/<fan>/<id>`) of `repo`. Call inside the apply transaction. */
export async function checkEntryDirs(client: pg.ClientBase, s: string, repo: string, dirs: ReadonlySet<string>): Promise<void> {
  if (dirs.size === 0) return;
  const list = [...dirs];
  const codes = [...ENTRY_CHECK_CODES];
  // Paths of one directory: `dir/` <= path < `dir0` ('0' follows '/' in byte order).
  await client.query(
    `DELETE FROM ${s}.proj_problems p USING unnest($2::text[]) d(dir)
     WHERE p.repo = $1 AND p.path >= d.dir || '/' AND p.path < d.dir || '0' AND p.code = ANY($3::text[])`, [repo, list, codes]);
  const facts = new Map<string, EntryDirFacts>(list.map((d) => [d, { lines: [], valid: new Map(), invalid: new Set() }]));
  const keys = list.map((d) => d.split('/'));
  const byKey = new Map(list.map((d, i) => [`${keys[i]![4]}\0${keys[i]![1]}\0${keys[i]![2]}`, facts.get(d)!]));
  const params = [repo, keys.map((k) => k[4]), keys.map((k) => k[1]), keys.map((k) => k[2])];
  const join = (table: string, columns: string) =>
    `SELECT t.entry_id, t.project_id, t.entry_kind, ${columns} FROM ${s}.${table} t JOIN unnest($2::text[], $3::text[], $4::text[]) k(e, p, c)
     ON t.repo = $1 AND t.entry_id = k.e AND t.project_id = k.p AND t.entry_kind = k.c`;
  type Keyed = { entry_id: string; project_id: string; entry_kind: string; file: string; revision: number; sha256: string };
  const factOf = (r: Keyed) => byKey.get(`${r.entry_id}\0${r.project_id}\0${r.entry_kind}`)!;
  for (const r of (await client.query<Keyed>(join('proj_ledger_lines', 't.file, t.revision, t.sha256'), params)).rows) {
    factOf(r).lines.push({ revision: r.revision, file: r.file, sha256: r.sha256 });
  }
  for (const r of (await client.query<Keyed>(join('proj_revisions', 't.file, t.revision, t.sha256'), params)).rows) {
    factOf(r).valid.set(r.file, { revision: r.revision, sha256: r.sha256 });
  }
  const invalid = await client.query<{ dir: string; path: string }>(
    `SELECT d.dir, p.path FROM unnest($2::text[]) d(dir) JOIN ${s}.proj_problems p
     ON p.repo = $1 AND p.path >= d.dir || '/' AND p.path < d.dir || '0' AND p.code <> ALL($3::text[])`, [repo, list, codes]);
  for (const r of invalid.rows) facts.get(r.dir)!.invalid.add(r.path.slice(r.dir.length + 1));
  await insertEntryProblems(client, s, repo, [...facts].flatMap(([dir, f]) => entryDirProblems(dir, f)));
}
