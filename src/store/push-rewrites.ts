/**
 * What a push would rewrite (DESIGN §3 invariants 1 and 3; decision 0067): `brain sync` pushes
 * the local branch as it is when it descends from the remote's tip, so a commit made by hand on
 * it — a revision file edited in place or deleted, a ledger line changed or removed — would
 * reach every clone. Found from the two trees: when the local tip descends from the remote's,
 * any such difference is the local side's doing.
 */
import type { ObjectReader } from '../git/object-reader.js';
import { diffTrees } from '../git/tree-diff.js';
import { CANDIDATES_DIR, PROJECTS_DIR, parseBrainPath, parseCandidatePath } from './layout.js';
import { lostLedgerLines } from './ledger-loss.js';

/** One rewritten file: `revision_modified`, `revision_deleted` or `ledger_rewritten` (verify's codes). */
export interface PushRewrite {
  code: 'revision_modified' | 'revision_deleted' | 'ledger_rewritten';
  path: string;
}

/**
 * Revision files (entries and candidates) that `to` edits or lacks against `from`, and ledgers
 * that lost lines, sorted by path. Both are commit oids. Errors: the reader's.
 */
export async function pushRewrites(args: { reader: ObjectReader; from: string; to: string }): Promise<PushRewrite[]> {
  const { reader } = args;
  const [oldTree, newTree] = await Promise.all([reader.readCommit(args.from), reader.readCommit(args.to)]).then((c) => c.map((x) => x.tree));
  const changes = [
    ...(await diffTrees({ reader, oldTree: oldTree as string, newTree: newTree as string, prefix: PROJECTS_DIR })),
    ...(await diffTrees({ reader, oldTree: oldTree as string, newTree: newTree as string, prefix: CANDIDATES_DIR })),
  ];
  const out: PushRewrite[] = [];
  for (const change of changes) {
    if (change.status === 'added') continue;
    const where = parseBrainPath(change.path);
    const candidate = parseCandidatePath(change.path);
    if (where.type === 'revision' || candidate.type === 'candidate_revision') {
      out.push({ code: change.status === 'modified' ? 'revision_modified' : 'revision_deleted', path: change.path });
    } else if (where.type === 'ledger' || candidate.type === 'candidate_ledger') {
      if ((await lostLedgerLines(reader, change.oldOid as string, change.newOid)).length > 0) out.push({ code: 'ledger_rewritten', path: change.path });
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
