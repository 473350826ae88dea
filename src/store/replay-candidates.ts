/**
 * Replaying local candidate revisions on top of another tip (issue #20 with DESIGN §8): a clone
 * carries its pending candidates, and `brain sync` must not drop one the remote lacks. As for
 * entries (replay.ts), each local-only revision file is appended again on `onto` through the
 * same {@link WriteTransaction}, in DESIGN §3 invariant-5 order, renumbered when `onto` used
 * its number. A candidate revision is a whole snapshot with no field to merge: it is replayed
 * as it is, unless `onto`'s current revision already says the same (then skipped: a replay is
 * idempotent). A candidate decided on both sides keeps both decisions in its history; the one
 * replayed last is current, and each decision's entry revisions are replayed with the entries.
 */
import type { Candidate } from '../model/candidate.js';
import type { ObjectReader } from '../git/object-reader.js';
import { readCandidateFile } from './candidate-file.js';
import { canonicalJson } from './canonical-json.js';
import { parseCandidatePath } from './layout.js';
import { RevisionProblem } from './revision-file.js';
import { compareRevisions } from './revision-order.js';
import type { ReplayedEntry } from './replay.js';
import { writerOf } from '../model/entry-fields.js';
import type { WriteTransaction } from './write-transaction.js';

/** A candidate's content as the replay compares it: without its number, time and writer. */
function sameCandidate(a: Candidate, b: Candidate): boolean {
  const strip = ({ revision: _r, recorded_at: _t, author: _a, agent: _g, ...rest }: Candidate) => canonicalJson(rest);
  return strip(a) === strip(b);
}

/**
 * Stages, through `txOf(project)`, the local-only revisions `wanted` (paths) of the candidate
 * directory `dir` of tree `localTree`. Returns what became of them, and the invalid files.
 * Errors: reader errors.
 */
export async function replayCandidateDir(args: { reader: ObjectReader; localTree: string; dir: string; wanted: ReadonlySet<string>; txOf: (projectId: string) => WriteTransaction }): Promise<{ replayed: ReplayedEntry | null; invalid: string[] }> {
  const revisions: { candidate: Candidate; sha256: string }[] = [];
  const invalid: string[] = [];
  for (const { path, oid } of await args.reader.listFiles(args.localTree, args.dir)) {
    const where = parseCandidatePath(path);
    if (where.type !== 'candidate_revision' || where.dir !== args.dir || !args.wanted.has(path)) continue;
    try {
      revisions.push(readCandidateFile(where, await args.reader.readBlob(oid)));
    } catch (err) {
      if (!(err instanceof RevisionProblem)) throw err;
      invalid.push(path);
    }
  }
  revisions.sort((a, b) => compareRevisions({ ...a.candidate, sha256: a.sha256 }, { ...b.candidate, sha256: b.sha256 }));
  const first = revisions[0];
  if (!first) return { replayed: null, invalid };
  const { project_id, candidate_id } = first.candidate;
  const tx = args.txOf(project_id);
  const before = await tx.currentCandidate(candidate_id);
  const replayed: ReplayedEntry = { entry_id: candidate_id, project_id, theirs: before?.revision ?? null, title: first.candidate.proposal.title, revisions: [], held: null };
  for (const ours of revisions) {
    const theirs = await tx.currentCandidate(candidate_id);
    if (theirs && sameCandidate(ours.candidate, theirs)) {
      replayed.revisions.push({ from: ours.candidate.revision, to: null, path: null, conflicts: [], ...writerOf(ours.candidate) });
      continue;
    }
    const { revision: _r, ...content } = ours.candidate;
    const staged = await tx.putCandidate(content);
    const conflicts = theirs && theirs.status !== 'pending' ? ['status'] : [];
    replayed.revisions.push({ from: ours.candidate.revision, to: staged.candidate.revision, path: staged.path, conflicts, ...writerOf(ours.candidate) });
  }
  return { replayed, invalid };
}
