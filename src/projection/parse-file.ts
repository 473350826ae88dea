/**
 * Parsing one changed file of the branch for the apply path (DESIGN §4): a ledger into its
 * lines, a revision file into its checked entry (src/store/revision-file.ts), anything that
 * fails into a problem row. Pure and synchronous, so the same function runs in the apply
 * path's thread or in the parse worker (src/projection/sqlite/parse-worker.ts, issue #10 cold rebuild) with
 * identical results.
 */
import { parseBrainPath, parseCandidatePath } from '../store/layout.js';
import { parseLedger } from '../store/ledger.js';
import { RevisionProblem, readRevisionFile } from '../store/revision-file.js';
import type { ParsedLedger, ParsedProblem } from './sqlite/full-rebuild.js';
import type { ParsedRevision } from './sqlite/plan-current.js';
import { compareRevisions } from '../store/revision-order.js';
import { parseCandidateChange, type ParsedCandidate } from './decide-candidates.js';

/** What the apply path learns from one file. */
export type Parsed = ParsedRevision | ParsedProblem | ParsedLedger | ParsedCandidate;

/**
 * Whether `path` needs its blob read: a ledger or revision path. Stray paths are problems
 * without reading; paths outside `projects/` are not the projection's.
 */
export function needsBlob(path: string): boolean {
  const type = parseBrainPath(path).type;
  if (type === 'ledger' || type === 'revision') return true;
  const candidate = parseCandidatePath(path).type;
  return candidate === 'candidate_ledger' || candidate === 'candidate_revision';
}

/**
 * Parses the file at `path` (blob `oid`, content `bytes`, null when not read because
 * {@link needsBlob} is false); a file under `candidates/` through parseCandidateChange.
 * Returns null for paths outside the projection. Errors: only
 * unexpected ones (a RevisionProblem or a bad ledger becomes a `problem`).
 */
export function parseFile(path: string, oid: string, bytes: Buffer | null): Parsed | null {
  const where = parseBrainPath(path);
  if (where.type === 'other') return parseCandidateChange(path, oid, bytes);
  if (where.type === 'stray') return { kind: 'problem', path, oid, code: 'stray_file', message: where.reason };
  if (bytes === null) throw new Error(`the blob of ${path} was not read`);
  if (where.type === 'ledger') {
    try {
      const lines = parseLedger(bytes.toString('utf8')).map(({ revision, file, sha256 }) => ({ revision, file, sha256 }));
      return { kind: 'ledger', path, where, lines };
    } catch (err) {
      return { kind: 'problem', path, oid, code: 'invalid_ledger', message: (err as Error).message };
    }
  }
  try {
    const { entry, sha256 } = readRevisionFile(where, bytes);
    const { entry_id, project_id, entry_kind, revision, status, recorded_at } = entry;
    return { kind: 'revision', path, file: where.file, oid, row: { entry_id, project_id, entry_kind, revision, status, recorded_at }, entry, sha256, bytes };
  } catch (err) {
    if (err instanceof RevisionProblem) return { kind: 'problem', path, oid, code: err.code, message: err.message };
    throw err;
  }
}

const keyOf = (p: ParsedRevision) => ({ revision: p.row.revision, recorded_at: p.row.recorded_at, sha256: p.sha256 });

/**
 * Drops (sets to null) the `entry` of every revision in `parsed` that another revision of the
 * same entry in `parsed` outranks (DESIGN §3 invariant-5 order), keeping its row. An entry's
 * current revision outranks all its others, so it is the top of any batch that holds it: only
 * batch tops can become current. Less to keep and to clone from the parse worker (issue #10
 * cold rebuild). Returns `parsed`.
 */
export function dropOutranked<T extends Parsed | null>(parsed: T[]): T[] {
  const best = new Map<string, ParsedRevision>();
  for (const p of parsed) {
    if (p?.kind !== 'revision') continue;
    const held = best.get(p.row.entry_id);
    if (held === undefined) best.set(p.row.entry_id, p);
    else if (compareRevisions(keyOf(p), keyOf(held)) > 0) (held.entry = null), best.set(p.row.entry_id, p);
    else p.entry = null;
  }
  return parsed;
}
