/**
 * The rows one parsed file gives the projection (DESIGN §4): a revision's `revisions` row, a
 * problem's `problems` row, a ledger's `ledger_lines` rows. Written the same way by the
 * incremental apply (src/projection/sqlite/apply-changes.ts) and the full rebuild (full-rebuild.ts), with
 * statements prepared once per database handle. Call inside the apply transaction.
 */
import type { CacheDb } from './open-cache.js';
import type { ParsedLedger, ParsedProblem } from './full-rebuild.js';
import type { ParsedRevision } from './plan-current.js';

function statementsFor(db: CacheDb) {
  return {
    // Hashes arrive as hex and are stored as bytes: SQLite's unhex() (no Buffer per value: ~0.8 µs a row less, 0096).
    revision: db.prepare('INSERT INTO revisions (entry_id, project_id, entry_kind, file, revision, status, recorded_at, sha256, blob_oid) VALUES (?, ?, ?, ?, ?, ?, ?, unhex(?), unhex(?))'),
    problem: db.prepare('INSERT INTO problems (path, blob_oid, code, message) VALUES (?, ?, ?, ?)'),
    ledgerLine: db.prepare('INSERT OR IGNORE INTO ledger_lines (entry_id, project_id, entry_kind, file, revision, sha256) VALUES (?, ?, ?, ?, ?, unhex(?))'),
  };
}

const cache = new WeakMap<CacheDb, ReturnType<typeof statementsFor>>();

/** Inserts the rows of `p` (sha256 and oids, valid hex, stored as bytes). Errors: SQLite errors. */
export function insertParsedRows(db: CacheDb, p: ParsedRevision | ParsedProblem | ParsedLedger): void {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = statementsFor(db)));
  if (p.kind === 'revision') {
    const e = p.row;
    s.revision.run(e.entry_id, e.project_id, e.entry_kind, p.file, e.revision, e.status, e.recorded_at, p.sha256, p.oid);
  } else if (p.kind === 'problem') {
    s.problem.run(p.path, p.oid, p.code, p.message);
  } else {
    const w = p.where;
    for (const line of p.lines) s.ledgerLine.run(w.entry_id, w.project_id, w.entry_kind, line.file, line.revision, line.sha256);
  }
}
