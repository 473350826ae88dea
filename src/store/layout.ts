/**
 * Paths on the docs branch (DESIGN §3, the on-disk contract, format 1):
 *
 *   brain.json · .gitattributes · README.md
 *   projects/<project_id>/<kind>/<fan>/<entry_id>/ledger.jsonl
 *   projects/<project_id>/<kind>/<fan>/<entry_id>/r0001-<sha8>.json
 *   candidates/<project_id>/<fan>/<candidate_id>/ledger.jsonl        (issue #20)
 *   candidates/<project_id>/<fan>/<candidate_id>/r0001-<sha8>.json
 *
 * `<fan>` is the first two characters of the id's random part (invariant 4). Candidates live
 * outside `projects/`, so a brain that predates them ignores them (docs/decisions/0042).
 */
import { idRandomPart } from '../model/entry-id.js';
import { ENTRY_ID_PATTERN } from '../model/entry-id.js';
import { isEntryKind, type EntryKind } from '../model/kinds.js';
import { CANDIDATE_ID_PATTERN } from '../model/candidate-id.js';

export const FORMAT_VERSION = 1;
export const MANIFEST_PATH = 'brain.json';
export const PROJECTS_DIR = 'projects';
export const CANDIDATES_DIR = 'candidates';
export const LEDGER_FILE = 'ledger.jsonl';
const REVISION_FILE = /^r(\d{4,})-([0-9a-f]{8})\.json$/;

/** The two-character fan-out directory of an id. */
export function fanOf(entryId: string): string {
  return idRandomPart(entryId).slice(0, 2);
}

/** `projects/<project>/<kind>/<fan>/<entry_id>` */
export function entryDir(projectId: string, kind: EntryKind, entryId: string): string {
  return `${PROJECTS_DIR}/${projectId}/${kind}/${fanOf(entryId)}/${entryId}`;
}

/** `candidates/<project>/<fan>/<candidate_id>` */
export function candidateDir(projectId: string, candidateId: string): string {
  return `${CANDIDATES_DIR}/${projectId}/${fanOf(candidateId)}/${candidateId}`;
}

/** The revision number and sha8 of a revision file name (`r0003-1a2b3c4d.json`), or null for any other name. */
export function parseRevisionFileName(file: string): { revision: number; sha8: string } | null {
  const match = REVISION_FILE.exec(file);
  return match ? { revision: Number(match[1]), sha8: match[2] as string } : null;
}

/** `r0001-<first 8 hex of sha256>.json`; numbers past 9999 just grow. */
export function revisionFileName(revision: number, sha256: string): string {
  return `r${String(revision).padStart(4, '0')}-${sha256.slice(0, 8)}.json`;
}

/** What a path on the branch is. */
export type BrainPath =
  | { type: 'revision'; project_id: string; entry_kind: EntryKind; entry_id: string; dir: string; file: string; revision: number; sha8: string }
  | { type: 'ledger'; project_id: string; entry_kind: EntryKind; entry_id: string; dir: string }
  | { type: 'other' }
  | { type: 'stray'; reason: string };

/**
 * Classifies a path of the branch tree. Files under `projects/` that do not fit the layout are
 * `stray` (reported as problems); files outside it are `other` (ignored).
 */
export function parseBrainPath(path: string): BrainPath {
  const parts = path.split('/');
  if (parts[0] !== PROJECTS_DIR) return { type: 'other' };
  if (parts.length !== 6) return { type: 'stray', reason: 'not at projects/<project>/<kind>/<fan>/<entry_id>/<file>' };
  const [, project_id, kind, fan, entry_id, file] = parts as [string, string, string, string, string, string];
  if (!isEntryKind(kind)) return { type: 'stray', reason: `unknown kind directory "${kind}"` };
  if (!ENTRY_ID_PATTERN.test(entry_id)) return { type: 'stray', reason: `"${entry_id}" is not an entry id` };
  if (fanOf(entry_id) !== fan) return { type: 'stray', reason: `entry ${entry_id} is under fan "${fan}", expected "${fanOf(entry_id)}"` };
  const dir = path.slice(0, path.length - file.length - 1);
  if (file === LEDGER_FILE) return { type: 'ledger', project_id, entry_kind: kind, entry_id, dir };
  const match = REVISION_FILE.exec(file);
  if (!match) return { type: 'stray', reason: `"${file}" is neither ledger.jsonl nor rNNNN-<sha8>.json` };
  return {
    type: 'revision',
    project_id,
    entry_kind: kind,
    entry_id,
    dir,
    file,
    revision: Number(match[1]),
    sha8: match[2] as string,
  };
}

/** What a path under `candidates/` is (paths elsewhere are `other`). */
export type CandidatePath =
  | { type: 'candidate_revision'; project_id: string; candidate_id: string; dir: string; file: string; revision: number; sha8: string }
  | { type: 'candidate_ledger'; project_id: string; candidate_id: string; dir: string }
  | { type: 'other' }
  | { type: 'stray'; reason: string };

/**
 * Classifies a path of the branch tree against the candidate layout. Files under
 * `candidates/` that do not fit it are `stray` (reported as problems); files outside it are
 * `other`.
 */
export function parseCandidatePath(path: string): CandidatePath {
  const parts = path.split('/');
  if (parts[0] !== CANDIDATES_DIR) return { type: 'other' };
  if (parts.length !== 5) return { type: 'stray', reason: 'not at candidates/<project>/<fan>/<candidate_id>/<file>' };
  const [, project_id, fan, candidate_id, file] = parts as [string, string, string, string, string];
  if (!CANDIDATE_ID_PATTERN.test(candidate_id)) return { type: 'stray', reason: `"${candidate_id}" is not a candidate id` };
  if (fanOf(candidate_id) !== fan) return { type: 'stray', reason: `candidate ${candidate_id} is under fan "${fan}", expected "${fanOf(candidate_id)}"` };
  const dir = parts.slice(0, 4).join('/');
  if (file === LEDGER_FILE) return { type: 'candidate_ledger', project_id, candidate_id, dir };
  const name = parseRevisionFileName(file);
  if (!name) return { type: 'stray', reason: `"${file}" is neither ledger.jsonl nor rNNNN-<sha8>.json` };
  return { type: 'candidate_revision', project_id, candidate_id, dir, file, ...name };
}
