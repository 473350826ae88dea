/**
 * Cheap per-entry checks made during projection (issue #7 "Problems are visible where people
 * look"): for each entry directory an apply touched, compare its ledger lines with the
 * revision files present, and report — in `problems`, shown by `brain status`, `/api/health`
 * and `brain_status` — what `brain verify` would: a ledger line whose file is missing
 * (`ledger_missing_file`), a file whose bytes differ from its ledger line
 * (`ledger_hash_mismatch`), a file with no ledger line (`unledgered_revision`), and an entry
 * whose newest revision is invalid or missing while an older one is shown (`invalid_current`).
 * Same codes as verify-ledger.ts. Deterministic from the branch state: incremental == full.
 */
import type { CacheDb } from './open-cache.js';

/** The problem codes this module owns (recomputed per directory on every apply). */
export const ENTRY_CHECK_CODES = ['ledger_missing_file', 'ledger_hash_mismatch', 'unledgered_revision', 'invalid_current'] as const;

const REVISION_NUMBER = /^r(\d+)-/;

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

/**
 * Recomputes the entry-check problems of one entry directory (`projects/<p>/<kind>/<fan>/<id>`).
 * `fresh`: a full rebuild, whose cleared tables hold no entry-check problem to delete.
 */
export function checkEntryDir(db: CacheDb, dir: string, fresh = false): void {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = statementsFor(db)));
  const range = { lo: `${dir}/`, hi: `${dir}0` };
  if (!fresh) s.clear.run(range);
  const [, projectId, kind, , entryId] = dir.split('/') as [string, string, string, string, string];
  const key = [entryId, projectId, kind] as const;
  const hex = (b: Buffer) => b.toString('hex');
  const lines = (s.lines.all(...key) as { revision: number; file: string; sha256: Buffer }[]).map((l) => ({ ...l, sha256: hex(l.sha256) }));
  const valid = new Map((s.valid.all(...key) as { file: string; sha256: Buffer; revision: number }[]).map((r) => [r.file, { ...r, sha256: hex(r.sha256) }]));
  const invalidRows = s.invalid.all(range) as { path: string; code: string }[];
  const invalid = new Set(invalidRows.map((r) => r.path.slice(dir.length + 1)));
  const ledgerBroken = invalid.has('ledger.jsonl');
  const named = new Set<string>();
  for (const line of lines) {
    named.add(line.file);
    const file = valid.get(line.file);
    if (!file && !invalid.has(line.file)) {
      s.insert.run(`${dir}/${line.file}`, 'ledger_missing_file', `ledger names r${line.revision} ${line.file} of ${entryId}, but the file is missing from the branch`);
    } else if (file && file.sha256 !== line.sha256) {
      s.insert.run(`${dir}/${line.file}`, 'ledger_hash_mismatch', `${entryId} r${line.revision}: the file's sha256 differs from its ledger line (edited after it was committed?)`);
    }
  }
  if (!ledgerBroken) {
    for (const [file] of valid) if (!named.has(file)) s.insert.run(`${dir}/${file}`, 'unledgered_revision', `${entryId}: revision file ${file} has no ledger line (added outside brain?)`);
  }
  const numberOf = (file: string) => Number(REVISION_NUMBER.exec(file)?.[1] ?? 0);
  const shown = Math.max(0, ...[...valid.values()].map((r) => r.revision));
  const newest = Math.max(0, ...lines.map((l) => l.revision), ...[...invalid].map(numberOf));
  // Only when an older revision is shown in its place (else the file's own problem says it all).
  if (shown > 0 && newest > shown) {
    s.insert.run(`${dir}/`, 'invalid_current', `${entryId}: its newest revision r${newest} is invalid or missing, so brain shows r${shown}. Repair: brain revise ${entryId} with the fields to fix (the bad file stays as history)`);
  }
}
