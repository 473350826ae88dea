/**
 * The hub dashboard's entry page data (docs/decisions/0028): the same {@link EntryView} the
 * daemon's entry page renders (src/service/entry-view.ts), built through HubService with the
 * caller's token — the current revision, its history oldest first with each revision's commit
 * and field-level change (the diff `brain review` shows), and the entries it links to in its
 * own repository. Links pointing at it from other entries (related from, superseded by,
 * depended on by) are not shown: the projection contract has no reverse-link query
 * (docs/decisions/0028).
 */
import { BrainError } from '../../model/errors.js';
import { ENTRY_ID_PATTERN } from '../../model/entry-id.js';
import { describeChange } from '../../review/entry-change.js';
import type { EntryView, LinkedEntry, RevisionView } from '../../service/entry-view.js';
import type { HubService } from '../hub-service.js';
import type { TokenScope } from '../scope.js';

/** The `not_found` of an entry page: one message whether the entry, its repository, or the token's view of it is missing (no existence leak). */
export function noSuchEntry(repo: string, entryId: string): BrainError {
  return new BrainError('not_found', `no entry ${entryId.slice(0, 80)} in repository ${repo.slice(0, 100)}`, { hint: 'the entry or its repository does not exist, or this token cannot read it; find entries on the board or with search' });
}

const isEntryId = (v: unknown): v is string => typeof v === 'string' && ENTRY_ID_PATTERN.test(v);

/** Builds the entry page of full id `entryId` in `repo`. Errors: `not_found` ({@link noSuchEntry}), git errors. */
export async function buildHubEntryView(hub: HubService, grant: TokenScope, args: { repo: string; entryId: string }): Promise<EntryView> {
  let current;
  let revisions;
  try {
    current = await hub.get(grant, args);
    revisions = await hub.history(grant, args);
  } catch (err) {
    if (err instanceof BrainError && err.code === 'not_found') throw noSuchEntry(args.repo, args.entryId);
    throw err;
  }
  const e = current.entry;
  const fact = async (id: string): Promise<LinkedEntry> => {
    try {
      const row = (await hub.get(grant, { repo: args.repo, entryId: id })).entry;
      return { entry_id: row.entry_id, title: row.title, entry_kind: row.entry_kind, status: row.status, project_id: row.project_id };
    } catch (err) {
      if (err instanceof BrainError && err.code === 'not_found') return { entry_id: id, missing: true };
      throw err;
    }
  };
  const linked = (ids: unknown[]) => Promise.all([...new Set(ids.filter(isEntryId))].sort().map(fact));
  let before: EntryView['history'][number]['entry'] | null = null;
  const history = revisions.map((r): RevisionView => {
    const change = describeChange({ before, after: r.entry, forked: false });
    before = r.entry;
    return { entry: r.entry, sha256: r.sha256, path: r.path, commit: r.commit, change };
  });
  const [related, supersedes, dependsOn, plan] = await Promise.all([linked(e.related_entry_ids), linked([e.supersedes_entry_id]), linked([e.entry_kind === 'dependency' ? e.payload.depends_on : null]), linked([e.payload.supersedes_plan_entry_id])]);
  return {
    current,
    links: { related, related_from: [], supersedes, superseded_by: [], depends_on: dependsOn, depended_on_by: [], supersedes_plan: plan },
    history,
  };
}
