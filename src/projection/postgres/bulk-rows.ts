/**
 * Writing rows of the PostgreSQL projection in bulk (issue #11; docs/decisions/0026): every
 * table is written with `INSERT … SELECT FROM unnest($2::type[], …)`, one statement per batch
 * of rows — one array parameter per column — never one INSERT per row. Used by the full
 * rebuild and the incremental apply alike (apply.ts), so both write the same rows.
 */
import type pg from 'pg';
import type { Entry } from '../../model/entry.js';
import { isGlob, normalizePath, selfAndAncestors } from '../../model/path-match.js';
import { rankScore } from '../../model/rank-score.js';
import { orderedAt } from '../../model/decision-origin.js';
import { adrNumberOf } from '../../model/adr-label-query.js';
import type { CurrentState } from '../sqlite/current.js';
import type { ParsedLedger, ParsedProblem } from '../sqlite/full-rebuild.js';
import type { ParsedRevision } from '../sqlite/plan-current.js';
import type { EntryCheckProblem } from '../sqlite/entry-checks.js';
import type { DuplicateProblem } from '../decide-current.js';
import { englishStems } from './english-stems.js';
import { documentLength, documentWords, searchVector } from './search-doc.js';

/** Rows per statement (arrays of this many values per column). */
const BATCH = 2_000;

/** One column: its name and SQL type. */
type Column = [name: string, type: string];

/**
 * Inserts `rows` (values in `columns` order; `repo` is added) into `table` of schema `s`.
 * `conflict` is appended (e.g. `ON CONFLICT DO NOTHING`). Errors: PostgreSQL errors.
 */
async function insertRows(client: pg.ClientBase, s: string, table: string, repo: string, columns: readonly Column[], rows: readonly unknown[][], conflict = ''): Promise<void> {
  const names = columns.map(([n]) => n).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 2}::${type}[]`).join(', ');
  const sql = `INSERT INTO ${s}.${table} (repo, ${names}) SELECT $1::text, * FROM unnest(${arrays}) ${conflict}`;
  for (let at = 0; at < rows.length; at += BATCH) {
    const batch = rows.slice(at, at + BATCH);
    await client.query(sql, [repo, ...columns.map((_, i) => batch.map((r) => r[i]))]);
  }
}

const REVISION_COLUMNS: Column[] = [['entry_id', 'text'], ['project_id', 'text'], ['entry_kind', 'text'], ['file', 'text'], ['revision', 'int4'], ['status', 'text'], ['recorded_at', 'text'], ['sha256', 'text'], ['blob_oid', 'text']];
const PROBLEM_COLUMNS: Column[] = [['path', 'text'], ['blob_oid', 'text'], ['code', 'text'], ['message', 'text']];
const LEDGER_COLUMNS: Column[] = [['entry_id', 'text'], ['project_id', 'text'], ['entry_kind', 'text'], ['file', 'text'], ['revision', 'int4'], ['sha256', 'text']];

/** Inserts the `proj_revisions`, `proj_problems` and `proj_ledger_lines` rows of parsed files (the first ledger line naming a file wins). */
export async function insertParsed(client: pg.ClientBase, s: string, repo: string, parsed: { revisions: readonly ParsedRevision[]; problems: readonly ParsedProblem[]; ledgers: readonly ParsedLedger[] }): Promise<void> {
  const revisions = parsed.revisions.map((p) => [p.row.entry_id, p.row.project_id, p.row.entry_kind, p.file, p.row.revision, p.row.status, p.row.recorded_at, p.sha256, p.oid]);
  await insertRows(client, s, 'proj_revisions', repo, REVISION_COLUMNS, revisions);
  await insertRows(client, s, 'proj_problems', repo, PROBLEM_COLUMNS, parsed.problems.map((p) => [p.path, p.oid, p.code, p.message]));
  const lines = new Map<string, unknown[]>();
  for (const l of parsed.ledgers) {
    const w = l.where;
    for (const line of l.lines) {
      const key = `${w.entry_id}\0${w.project_id}\0${w.entry_kind}\0${line.file}`;
      if (!lines.has(key)) lines.set(key, [w.entry_id, w.project_id, w.entry_kind, line.file, line.revision, line.sha256]);
    }
  }
  await insertRows(client, s, 'proj_ledger_lines', repo, LEDGER_COLUMNS, [...lines.values()], 'ON CONFLICT DO NOTHING');
}

/** Writes entry-check problems, replacing a row at the same path (the last one for a path wins, as SQLite's INSERT OR REPLACE). */
export async function insertEntryProblems(client: pg.ClientBase, s: string, repo: string, problems: readonly (EntryCheckProblem | DuplicateProblem)[]): Promise<void> {
  const byPath = new Map(problems.map(([path, code, message]) => [path, [path, '', code, message]]));
  await insertRows(client, s, 'proj_problems', repo, PROBLEM_COLUMNS, [...byPath.values()], 'ON CONFLICT (repo, path) DO UPDATE SET blob_oid = excluded.blob_oid, code = excluded.code, message = excluded.message');
}

const CURRENT_COLUMNS: Column[] = [
  ['entry_id', 'text'], ['project_id', 'text'], ['entry_kind', 'text'], ['status', 'text'], ['title', 'text'], ['author', 'text'], ['revision', 'int4'],
  ['revision_count', 'int4'], ['forked', 'bool'], ['recorded_at', 'text'], ['rank_score', 'float8'], ['ordered_at', 'text'], ['sha256', 'text'], ['path', 'text'], ['json', 'text'], ['search', 'tsvector'],
  ['search_length', 'int4'],
];

/** The side-table rows of one entry (tags, tasks, paths, path directories, links, ADR number), deduplicated as SQLite's INSERT OR IGNORE does. */
function sideRows(e: Entry) {
  const id = e.entry_id;
  const links = new Set<string>();
  const link = (target: string, relation: string) => links.add(JSON.stringify([id, target, relation]));
  for (const target of e.related_entry_ids) link(target, 'related');
  if (e.supersedes_entry_id) link(e.supersedes_entry_id, 'supersedes');
  const dependsOn = e.payload.depends_on;
  if (e.entry_kind === 'dependency' && typeof dependsOn === 'string') link(dependsOn, 'depends_on');
  const paths = [...new Set(e.paths)];
  // Every directory a literal path lies in (and the path itself), as SQLite's entry_path_dirs.
  const dirs = new Set(paths.filter((p) => !isGlob(p)).flatMap((p) => selfAndAncestors(normalizePath(p))));
  const adrNumber = adrNumberOf(e);
  return {
    tags: [...new Set(e.tags)].map((t) => [id, t]),
    tasks: [...new Set(e.related_task_ids)].map((t) => [id, t]),
    paths: paths.map((p) => [id, p, e.project_id, normalizePath(p), isGlob(p)]),
    dirs: [...dirs].map((d) => [id, d, e.project_id, e.recorded_at]),
    links: [...links].map((l) => JSON.parse(l) as unknown[]),
    adrNumbers: adrNumber === null ? [] : [[id, e.project_id, adrNumber]],
  };
}

/** The search vector and length of each state's entry, stemming the words of {@link BATCH} entries per statement (memory stays bounded). */
async function searchVectors(client: pg.ClientBase, states: ReadonlyMap<string, CurrentState>): Promise<Map<string, { vector: string; length: number }>> {
  const vectors = new Map<string, { vector: string; length: number }>();
  const stems = new Map<string, string>();
  const all = [...states];
  for (let at = 0; at < all.length; at += BATCH) {
    const documents = all.slice(at, at + BATCH).map(([entryId, st]) => [entryId, documentWords(st.entry)] as const);
    const fresh = new Set<string>();
    for (const [, fields] of documents) for (const [words] of fields) for (const w of words) if (!stems.has(w)) fresh.add(w);
    for (const [w, stem] of await englishStems(client, fresh)) stems.set(w, stem);
    for (const [entryId, fields] of documents) vectors.set(entryId, { vector: searchVector(fields, stems), length: documentLength(fields) });
  }
  return vectors;
}

/**
 * Inserts the current rows of `states` (entry id → state) and their side tables; the caller
 * has removed any earlier rows of these entries. Errors: PostgreSQL errors.
 */
export async function insertCurrent(client: pg.ClientBase, s: string, repo: string, states: ReadonlyMap<string, CurrentState>): Promise<void> {
  const current: unknown[][] = [];
  const side = { tags: [] as unknown[][], tasks: [] as unknown[][], paths: [] as unknown[][], dirs: [] as unknown[][], links: [] as unknown[][], adrNumbers: [] as unknown[][] };
  const vectors = await searchVectors(client, states);
  for (const [entryId, st] of states) {
    const e = st.entry;
    current.push([entryId, e.project_id, e.entry_kind, e.status, e.title, e.author, e.revision, st.revision_count, st.forked, e.recorded_at, rankScore(e), orderedAt(e), st.sha256, st.path, st.json, vectors.get(entryId)!.vector, vectors.get(entryId)!.length]);
    const rows = sideRows({ ...e, entry_id: entryId });
    side.tags.push(...rows.tags);
    side.tasks.push(...rows.tasks);
    side.paths.push(...rows.paths);
    side.dirs.push(...rows.dirs);
    side.links.push(...rows.links);
    side.adrNumbers.push(...rows.adrNumbers);
  }
  await insertRows(client, s, 'proj_current', repo, CURRENT_COLUMNS, current);
  await insertRows(client, s, 'proj_tags', repo, [['entry_id', 'text'], ['tag', 'text']], side.tags);
  await insertRows(client, s, 'proj_tasks', repo, [['entry_id', 'text'], ['task_id', 'text']], side.tasks);
  await insertRows(client, s, 'proj_paths', repo, [['entry_id', 'text'], ['path', 'text'], ['project_id', 'text'], ['norm', 'text'], ['glob', 'bool']], side.paths);
  await insertRows(client, s, 'proj_path_dirs', repo, [['entry_id', 'text'], ['dir', 'text'], ['project_id', 'text'], ['recorded_at', 'text']], side.dirs);
  await insertRows(client, s, 'proj_links', repo, [['entry_id', 'text'], ['target_id', 'text'], ['relation', 'text']], side.links);
  await insertRows(client, s, 'proj_adr_numbers', repo, [['entry_id', 'text'], ['project_id', 'text'], ['adr_number', 'int8']], side.adrNumbers);
}
