/**
 * Everything the dashboard's entry page shows (DESIGN §6, issue #8 part 2): the current
 * revision, the entries it links to and the entries linking to it (related, supersedes /
 * superseded by, depends on / depended on by, the plan it supersedes), and its revision
 * history oldest first, each revision with its commit and the field-level change from the
 * revision before it (src/review/entry-change.ts, the same diff `brain review` shows).
 */
import { entryFacts, entryLinks } from '../projection/sqlite/dashboard-queries.js';
import type { CurrentRow } from '../projection/sqlite/queries.js';
import type { EntryChange } from '../review/review.js';
import { describeChange } from '../review/entry-change.js';
import type { Brain } from '../service.js';
import { historyWithCommits, type RevisionWithCommit } from './history.js';

/** A linked entry: its facts, or `missing` when no current entry has that id (a dangling link). */
export type LinkedEntry = { entry_id: string; title: string; entry_kind: string; status: string; project_id: string } | { entry_id: string; missing: true };

/** One revision and what it changed (`change.from_revision` null for the first). */
export interface RevisionView extends RevisionWithCommit {
  change: EntryChange;
}

/** The entry page. Link lists are sorted by entry_id. */
export interface EntryView {
  current: CurrentRow;
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

const ENTRY_ID = /^[a-z]+-[0-9a-z]{12,}$/;

/** Builds the entry page of `entryId` (any unique prefix). Errors: `not_found`, `ambiguous_id`, git errors. */
export async function buildEntryView(brain: Brain, args: { entryId: string }): Promise<EntryView> {
  const current = await brain.get({ entryId: args.entryId });
  const entryId = current.entry.entry_id;
  const revisions = await historyWithCommits(brain, { entryId });
  return brain.withCache(async () => {
    const db = brain.db();
    const { outgoing, incoming } = entryLinks(db, entryId);
    const plan = current.entry.payload.supersedes_plan_entry_id;
    const planIds = typeof plan === 'string' ? [plan] : [];
    const dependsOn = outgoing.filter((l) => l.relation === 'depends_on' && ENTRY_ID.test(l.target_id)).map((l) => l.target_id);
    const ids = [...outgoing.map((l) => l.target_id), ...incoming.map((l) => l.entry_id), ...planIds];
    const facts = entryFacts(db, ids);
    const linked = (list: string[]): LinkedEntry[] => [...new Set(list)].sort().map((id) => facts.get(id) ?? { entry_id: id, missing: true });
    const out = (relation: string) => outgoing.filter((l) => l.relation === relation).map((l) => l.target_id);
    const into = (relation: string) => incoming.filter((l) => l.relation === relation).map((l) => l.entry_id);
    let before: RevisionWithCommit['entry'] | null = null;
    const history = revisions.map((r): RevisionView => {
      const change = describeChange({ before, after: r.entry, forked: false });
      before = r.entry;
      return { ...r, change };
    });
    return {
      current,
      links: {
        related: linked(out('related')),
        related_from: linked(into('related')),
        supersedes: linked(out('supersedes')),
        superseded_by: linked(into('supersedes')),
        depends_on: linked(dependsOn),
        depended_on_by: linked(into('depends_on')),
        supersedes_plan: linked(planIds),
      },
      history,
    };
  });
}
