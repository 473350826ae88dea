/**
 * The rule that decides an entry's current state from its revision files (DESIGN §3
 * invariant 5, §4), shared by every projection backend's apply path
 * (src/projection/sqlite/plan-current.ts, src/projection/postgres/plan.ts): the top
 * revision in (revision, recorded_at, sha256) order is current, two files with the top
 * revision number make the entry `forked`; an entry whose top revision did not change gets a
 * counts-only update or nothing; a top revision the change set did not bring (an older one
 * surfacing after the newer was deleted) is read from git.
 *
 * An entry id is unique in a brain (docs/decisions/0029): when the files of several projects
 * hold the same id (a branch written by plain git or an older version), the project holding
 * its oldest revision — least (recorded_at, project_id) — owns it; only that project's
 * revisions decide the current state, and every other project's directory of that id is a
 * `duplicate_entry_id` problem at the directory's path. Deterministic from the tree, so an
 * incremental apply and a full rebuild agree.
 */
import type { Entry } from '../model/entry.js';
import { parseBrainPath } from '../store/layout.js';
import { readRevisionFile } from '../store/revision-file.js';
import { compareRevisions } from '../store/revision-order.js';
import type { CurrentChange, ParsedRevision } from './sqlite/plan-current.js';

/** One revision file of an entry: from the change set (`parsed`) or stored (`parsed` null). */
export interface Candidate {
  path: string;
  revision: number;
  recorded_at: string;
  /** Hex. */
  sha256: string;
  /** Hex blob oid. */
  oid: string;
  parsed: ParsedRevision | null;
}

/** What the projection holds now for an entry's current row. */
export interface StoredCurrent {
  path: string;
  sha256: string;
  revision_count: number;
  forked: boolean;
}

/** The problem code of a project's directory of an entry id another project owns. */
export const DUPLICATE_ID_CODE = 'duplicate_entry_id';

/** A `duplicate_entry_id` problem: `[path (the entry directory), code, message]`. */
export type DuplicateProblem = [path: string, code: typeof DUPLICATE_ID_CODE, message: string];

/** What {@link decideCurrent} decides: each entry's change, and the duplicate-id problems of the entries it saw. */
export interface CurrentDecision {
  plan: Map<string, CurrentChange>;
  /** Problems of every directory of a decided entry id that another project owns (none when the id is in one project). */
  duplicates: DuplicateProblem[];
}

const projectOf = (path: string): string => path.split('/', 2)[1] as string;
const dirOf = (path: string): string => path.slice(0, path.lastIndexOf('/'));

/**
 * Splits an entry id's candidates by project: the owner's (the project with the least
 * (recorded_at, project_id) among its revisions), and each other project's, by directory.
 */
export function splitByOwner(candidates: readonly Candidate[]): { owner: Candidate[]; others: Map<string, Candidate[]> } {
  let ownerProject: string | null = null;
  let oldest = '';
  const byProject = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const project = projectOf(c.path);
    (byProject.get(project) ?? byProject.set(project, []).get(project)!).push(c);
    if (ownerProject === null || c.recorded_at < oldest || (c.recorded_at === oldest && project < ownerProject)) (ownerProject = project), (oldest = c.recorded_at);
  }
  const others = new Map<string, Candidate[]>();
  for (const [project, list] of byProject) if (project !== ownerProject) others.set(dirOf(list[0]!.path), list);
  return { owner: ownerProject === null ? [] : byProject.get(ownerProject)!, others };
}

/** A parsed revision of the change set as a {@link Candidate}. */
export const fromParsed = (p: ParsedRevision): Candidate => ({ path: p.path, revision: p.row.revision, recorded_at: p.row.recorded_at, sha256: p.sha256, oid: p.oid, parsed: p });

/**
 * The change of every entry in `byEntry` (its candidates: stored revisions outside the change
 * set plus the change set's), given what is stored now (`stored`, undefined: nothing).
 * Errors: reader errors of `readBlob`; a top revision at a path that is not a revision file
 * (cannot happen for rows the apply path wrote) throws.
 */
export async function decideCurrent(byEntry: Map<string, Candidate[]>, stored: (entryId: string) => StoredCurrent | undefined, readBlob: (oid: string) => Promise<Buffer>): Promise<CurrentDecision> {
  const plan = new Map<string, CurrentChange>();
  const duplicates: DuplicateProblem[] = [];
  for (const [id, all] of byEntry) {
    const { owner: candidates, others } = splitByOwner(all);
    // The message names no other project: a problem is shown to whoever may read its own project (a hub token's scope).
    for (const [dir, list] of others) {
      duplicates.push([dir, DUPLICATE_ID_CODE, `entry id ${id} is also used in another project, which holds its oldest revision and owns it: the ${list.length} revision(s) here are not shown. An entry id is unique in a brain: \`brain verify\` names both; record these entries again with \`brain add\` (new ids) and remove this directory`]);
    }
    candidates.sort(compareRevisions);
    const top = candidates[candidates.length - 1];
    if (!top) {
      plan.set(id, { type: 'state', state: null });
      continue;
    }
    const forked = candidates.filter((c) => c.revision === top.revision).length > 1;
    const now = stored(id);
    if (now && top.parsed === null && now.path === top.path && now.sha256 === top.sha256) {
      if (now.revision_count !== candidates.length || now.forked !== forked) plan.set(id, { type: 'counts', revision_count: candidates.length, forked });
      continue;
    }
    let parsed = top.parsed;
    if (parsed === null || parsed.entry === null) {
      const where = parseBrainPath(top.path);
      if (where.type !== 'revision') throw new Error(`projected revision at an impossible path ${top.path}`);
      const bytes = parsed?.bytes ?? (await readBlob(top.oid));
      const { entry, sha256 } = readRevisionFile(where, bytes);
      parsed = { kind: 'revision', path: top.path, file: where.file, oid: top.oid, row: entry, entry, sha256, bytes };
    }
    const entry = parsed.entry as Entry;
    plan.set(id, { type: 'state', state: { entry, json: parsed.bytes.toString('utf8'), sha256: top.sha256, path: top.path, revision_count: candidates.length, forked } });
  }
  duplicates.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { plan, duplicates };
}
