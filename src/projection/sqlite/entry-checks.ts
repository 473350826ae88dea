/**
 * Cheap per-entry checks made during projection (issue #7 "Problems are visible where people
 * look"): for each entry directory an apply touched, compare its ledger lines with the
 * revision files present, and report — in `problems`, shown by `brain status`, `/api/health`
 * and `brain_status` — what `brain verify` would: a ledger line whose file is missing
 * (`ledger_missing_file`), a file whose bytes differ from its ledger line
 * (`ledger_hash_mismatch`), a file with no ledger line (`unledgered_revision`), and an entry
 * whose newest revision is invalid or missing while an older one is shown (`invalid_current`).
 * Same codes as verify-ledger.ts. And a revision number missing below the newest one — its file
 * and ledger line both deleted in a commit (`missing_revision`, at the pseudo path
 * `<dir>/r0003`, docs/decisions/0063): revisions are gap-free per entry (DESIGN §2) and never
 * deleted (§3 invariant 1), so the tree alone tells; a deleted newest revision does not leave a
 * gap and only `brain verify`, which reads history, finds it. Deterministic from the branch state: incremental == full.
 */
import type { CacheDb } from './open-cache.js';
import type { DuplicateProblem } from '../decide-current.js';

/** The problem codes this module owns (recomputed per directory on every apply). */
export const ENTRY_CHECK_CODES = ['ledger_missing_file', 'ledger_hash_mismatch', 'unledgered_revision', 'invalid_current', 'missing_revision'] as const;

const REVISION_NUMBER = /^r(\d+)-/;
/** Missing revision numbers reported per entry directory, at most (a longer run is one cut history). */
const MAX_GAPS = 20;

function statementsFor(db: CacheDb) {
  const codes = ENTRY_CHECK_CODES.map((c) => `'${c}'`).join(', ');
  // Paths of one directory: `dir/` <= path < `dir0` ('0' follows '/'), an index range scan.
  return {
    clear: db.prepare(`DELETE FROM problems WHERE path >= @lo AND path < @hi AND code IN (${codes})`),
    lines: db.prepare('SELECT revision, file, sha256 FROM ledger_lines WHERE entry_id = ? AND project_id = ? AND entry_kind = ?'),
    valid: db.prepare('SELECT file, sha256, revision FROM revisions WHERE entry_id = ? AND project_id = ? AND entry_kind = ?'),
    invalid: db.prepare(`SELECT path, code FROM problems WHERE path >= @lo AND path < @hi AND code NOT IN (${codes})`),
    insert: db.prepare("INSERT OR REPLACE INTO problems (path, blob_oid, code, message) VALUES (?, '', ?, ?)"),
  };
}

const cache = new WeakMap<CacheDb, ReturnType<typeof statementsFor>>();
const statements = (db: CacheDb) => {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = statementsFor(db)));
  return s;
};

/** An entry directory's ledger line, valid revision file and failed file, as the checks see them (sha256 as hex). */
export interface EntryDirFacts {
  /** Ledger lines, one per file (the first line naming a file wins, as in `ledger_lines`). */
  lines: { revision: number; file: string; sha256: string }[];
  /** Valid revision files by file name. */
  valid: Map<string, { sha256: string; revision: number }>;
  /** Paths below the directory (relative to it) that have a non-entry-check problem. */
  invalid: Set<string>;
}

/** An entry-check problem to write: `[path, code, message]`. */
export type EntryCheckProblem = [path: string, code: (typeof ENTRY_CHECK_CODES)[number], message: string];

/**
 * The entry-check problems of one entry directory (`projects/<p>/<kind>/<fan>/<id>`) from its
 * facts: pure, shared by the incremental path (facts read from the tables) and a full rebuild
 * (facts gathered in memory, src/projection/sqlite/full-rebuild.ts), so both write the same rows.
 */
export function entryDirProblems(dir: string, facts: EntryDirFacts): EntryCheckProblem[] {
  const { lines, valid, invalid } = facts;
  const entryId = dir.slice(dir.lastIndexOf('/') + 1);
  const out: EntryCheckProblem[] = [];
  const ledgerBroken = invalid.has('ledger.jsonl');
  const named = new Set<string>();
  for (const line of lines) {
    named.add(line.file);
    const file = valid.get(line.file);
    if (!file && !invalid.has(line.file)) {
      out.push([`${dir}/${line.file}`, 'ledger_missing_file', `ledger names r${line.revision} ${line.file} of ${entryId}, but the file is missing from the branch`]);
    } else if (file && file.sha256 !== line.sha256) {
      out.push([`${dir}/${line.file}`, 'ledger_hash_mismatch', `${entryId} r${line.revision}: the file's sha256 differs from its ledger line (edited after it was committed?)`]);
    }
  }
  if (!ledgerBroken) {
    for (const [file] of valid) if (!named.has(file)) out.push([`${dir}/${file}`, 'unledgered_revision', `${entryId}: revision file ${file} has no ledger line (added outside brain?)`]);
  }
  const numberOf = (file: string) => Number(REVISION_NUMBER.exec(file)?.[1] ?? 0);
  let shown = 0;
  for (const r of valid.values()) shown = Math.max(shown, r.revision);
  let newest = 0;
  for (const l of lines) newest = Math.max(newest, l.revision);
  for (const file of invalid) newest = Math.max(newest, numberOf(file));
  // Gap-free per entry: a number below the ledger's newest that no line and no file holds was
  // deleted. The ledger's newest, not a file's: a file named r9 that nothing chains to (invalid,
  // or without a ledger line) is its own problem, not proof that r3…r8 were removed.
  const held = new Set<number>([...lines.map((l) => l.revision), ...[...valid.values()].map((r) => r.revision), ...[...invalid].map(numberOf)]);
  let ledgerNewest = 0;
  for (const l of lines) ledgerNewest = Math.max(ledgerNewest, l.revision);
  const gaps: number[] = [];
  for (let n = 1; n < ledgerNewest && gaps.length < MAX_GAPS; n++) if (!held.has(n)) gaps.push(n);
  for (const n of gaps) {
    const below = Math.max(0, ...[...held].filter((h) => h < n));
    const above = Math.min(...[...held].filter((h) => h > n));
    const span = below === 0 ? `start at r${above}` : `go from r${below} to r${above}`;
    out.push([`${dir}/r${String(n).padStart(4, '0')}`, 'missing_revision', `${entryId}: r${n} is missing — its ledger and revision files ${span}; revisions are never deleted, so a commit on the branch removed it (git log --diff-filter=D -- ${dir} names it)`]);
  }
  // Only when an older revision is shown in its place (else the file's own problem says it all).
  if (shown > 0 && newest > shown) {
    out.push([`${dir}/`, 'invalid_current', `${entryId}: its newest revision r${newest} is invalid or missing, so brain shows r${shown}. Repair: brain revise ${entryId} with the fields to fix (the bad file stays as history)`]);
  }
  return out;
}

/** Writes entry-check problems (replacing a row at the same path). */
export function insertEntryProblems(db: CacheDb, problems: readonly EntryCheckProblem[]): void {
  if (problems.length === 0) return;
  const s = statements(db);
  for (const [path, code, message] of problems) s.insert.run(path, code, message);
}

/** Writes `duplicate_entry_id` problems (src/projection/decide-current.ts), replacing a row at the same path. */
export function insertDuplicateProblems(db: CacheDb, problems: readonly DuplicateProblem[]): void {
  const s = statements(db);
  for (const [path, code, message] of problems) s.insert.run(path, code, message);
}

/**
 * Recomputes the entry-check problems of one entry directory (`projects/<p>/<kind>/<fan>/<id>`)
 * from the tables (the incremental apply path), replacing the ones stored.
 */
export function checkEntryDir(db: CacheDb, dir: string): void {
  const s = statements(db);
  const range = { lo: `${dir}/`, hi: `${dir}0` };
  s.clear.run(range);
  const [, projectId, kind, , entryId] = dir.split('/') as [string, string, string, string, string];
  const key = [entryId, projectId, kind] as const;
  const hex = (b: Buffer) => b.toString('hex');
  const lines = (s.lines.all(...key) as { revision: number; file: string; sha256: Buffer }[]).map((l) => ({ ...l, sha256: hex(l.sha256) }));
  const valid = new Map((s.valid.all(...key) as { file: string; sha256: Buffer; revision: number }[]).map((r) => [r.file, { revision: r.revision, sha256: hex(r.sha256) }]));
  const invalid = new Set((s.invalid.all(range) as { path: string }[]).map((r) => r.path.slice(dir.length + 1)));
  insertEntryProblems(db, entryDirProblems(dir, { lines, valid, invalid }));
}
