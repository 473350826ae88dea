/**
 * Everything the dashboard's entry page shows (DESIGN §6, issue #8 part 2), on a clone and on
 * the hub alike (issue #22: one page over the read contract, read-scope.ts): the revision
 * asked for (the current one by default), the entries it links to and the entries of its
 * project linking to it (related, supersedes / superseded by, depends on / depended on by, the
 * plan it supersedes), and the entry's revision history oldest first, each revision with its
 * commit and the field-level change from the revision before it (src/review/entry-change.ts,
 * the same diff `brain review` shows).
 */
import { BrainError } from '../model/errors.js';
import { ENTRY_ID_PATTERN } from '../model/entry-id.js';
import type { PictureReader } from '../projection/picture-reader.js';
import type { EntryChange } from '../review/review.js';
import { describeChange } from '../review/entry-change.js';
import type { ReadEntry, ReadRevision, ReadScope } from './read-scope.js';

/** A linked entry: its facts, or `missing` when no current entry the reader sees has that id (a dangling link). */
export type LinkedEntry = { entry_id: string; title: string; entry_kind: string; status: string; project_id: string } | { entry_id: string; missing: true };

/** One revision and what it changed (`change.from_revision` null for the first). */
export type RevisionView = ReadRevision & { change: EntryChange };

/** The entry page. Link lists are sorted by entry_id. */
export interface EntryView {
  /** The revision shown (a past one when `history` holds a later revision), with the entry's revision count and fork flag. */
  current: ReadEntry;
  links: {
    related: LinkedEntry[];
    related_from: LinkedEntry[];
    supersedes: LinkedEntry[];
    superseded_by: LinkedEntry[];
    /** The target of a dependency when `payload.depends_on` names an entry. */
    depends_on: LinkedEntry[];
    depended_on_by: LinkedEntry[];
    /** `payload.supersedes_plan_entry_id` of a plan revision. */
    supersedes_plan: LinkedEntry[];
  };
  /** Oldest first. */
  history: RevisionView[];
}

const isEntryId = (v: unknown): v is string => typeof v === 'string' && ENTRY_ID_PATTERN.test(v);

/**
 * Builds the entry page of `entryId` (a clone: any unique prefix) in `repo` (the hub's: needed
 * there), at `revision` when given. `pictures` runs its function with the picture reads of the
 * entry's project (the links into it; a clone: `withPictureReader`, the hub: `HubService.pictures`);
 * a linked entry outside it is read through `reader`, within the reader's scope. Errors:
 * `not_found`, `ambiguous_id`, `invalid_argument`, the readers' errors.
 */
export async function buildEntryView(reader: ReadScope, pictures: <T>(projectId: string, fn: (at: PictureReader) => Promise<T>) => Promise<T>, args: { repo?: string | undefined; entryId: string; revision?: number | undefined }): Promise<EntryView> {
  const head = await reader.get({ repo: args.repo, entryId: args.entryId });
  const revisions = await reader.history({ repo: args.repo, entryId: head.entry.entry_id });
  const current = args.revision === undefined || args.revision === head.entry.revision ? head : { ...head, entry: await pastRevision(reader, revisions, { repo: args.repo, entryId: head.entry.entry_id, revision: args.revision }) };
  const e = current.entry;
  const plan = e.entry_kind === 'plan_revision' ? [e.payload.supersedes_plan_entry_id] : [];
  const targets = {
    related: e.related_entry_ids.filter(isEntryId),
    supersedes: [e.supersedes_entry_id].filter(isEntryId),
    depends_on: (e.entry_kind === 'dependency' ? [e.payload.depends_on] : []).filter(isEntryId),
    supersedes_plan: plan.filter(isEntryId),
  };
  const { facts, into, projectId } = await pictures(e.project_id, async (at) => {
    const [facts, into] = await Promise.all([linkedFacts(reader, at, args.repo, Object.values(targets).flat()), at.linksInto(e.entry_id)]);
    return { facts, into, projectId: at.projectId };
  });
  const linked = (ids: readonly string[]): LinkedEntry[] => [...new Set(ids)].sort().map((id) => facts.get(id) ?? { entry_id: id, missing: true });
  const from = (relation: string): LinkedEntry[] => into.filter((l) => l.relation === relation).map(({ relation: _, ...f }) => ({ ...f, project_id: projectId }));
  let before: ReadRevision['entry'] | null = null;
  const history = revisions.map((r): RevisionView => {
    const change = describeChange({ before, after: r.entry, forked: false });
    before = r.entry;
    return { ...r, change };
  });
  return {
    current,
    links: {
      related: linked(targets.related), related_from: from('related'),
      supersedes: linked(targets.supersedes), superseded_by: from('supersedes'),
      depends_on: linked(targets.depends_on), depended_on_by: from('depends_on'),
      supersedes_plan: linked(targets.supersedes_plan),
    },
    history,
  };
}

/** Revision `q.revision` of an entry: from its history when exactly one revision has that number, else as the reader reads it (a fork; `not_found` when none). */
async function pastRevision(reader: ReadScope, revisions: readonly ReadRevision[], q: { repo: string | undefined; entryId: string; revision: number }): Promise<ReadRevision['entry']> {
  const found = revisions.filter((r) => r.entry.revision === q.revision);
  return found.length === 1 && found[0] ? found[0].entry : (await reader.get(q)).entry;
}

/** Facts of `ids`: those of the entry's project from `at`, any other through `reader` (an exact id it can read; else absent). */
async function linkedFacts(reader: ReadScope, at: PictureReader, repo: string | undefined, ids: readonly string[]): Promise<Map<string, Exclude<LinkedEntry, { missing: true }>>> {
  const inProject = await at.facts(ids);
  const out = new Map([...inProject.values()].map((f) => [f.entry_id, { ...f, project_id: at.projectId }]));
  const elsewhere = async (id: string) => {
    try {
      const { entry } = await reader.get({ repo, entryId: id });
      if (entry.entry_id === id) out.set(id, { entry_id: id, title: entry.title, entry_kind: entry.entry_kind, status: entry.status, project_id: entry.project_id });
    } catch (err) {
      if (!(err instanceof BrainError && (err.code === 'not_found' || err.code === 'ambiguous_id'))) throw err;
    }
  };
  await Promise.all([...new Set(ids)].filter((id) => !inProject.has(id)).map(elsewhere));
  return out;
}
