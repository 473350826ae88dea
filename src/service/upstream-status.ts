/**
 * The local docs branch against its upstream, in words (issue #19 "nobody reads a stale
 * brain"): what `brain status`, `brain doctor`, the brief's header, the dashboard's header and
 * MCP `brain_status` say — how far ahead or behind `<remote>/<branch>` it is as of the last
 * fetch, when that fetch was, and the command that fixes it. Reads have already fast-forwarded
 * a branch that was strictly behind (git/upstream.ts), so `behind` shows only when that could
 * not happen (the branch moved meanwhile); `diverged` is never moved.
 */
import { readUpstream, type UpstreamState } from '../git/upstream.js';
import type { Brain } from '../service.js';
import { plural } from '../model/plural.js';

/** `brain status --json` `.upstream`, MCP `brain_status` `.upstream`. */
export interface UpstreamStatus extends UpstreamState {
  /** One line: `2 local commits not on origin/brain yet (as of the last fetch, 2026-11-24T09:12:00Z)`. */
  summary: string;
  /** The command that brings the two together, or null when they are. */
  fix: string | null;
}


/** Words for `state` of `branch` (see {@link UpstreamStatus}); pure. */
export function describeUpstream(state: UpstreamState, branch: string): UpstreamStatus {
  const label = `${state.remote}/${branch}`;
  // No fetch time on record: nothing fetched the branch since the clone (which wrote no reflog:
  // it checked nothing out); the tip's commit date bounds how old that is (decision 0063).
  const since = state.tip_committed_at === null ? '' : `; ${label}'s newest commit is from ${state.tip_committed_at}`;
  const asOf = state.fetched_at !== null ? `as of the last fetch, ${state.fetched_at}` : `as of the clone, not fetched since${since}`;
  const sync = `brain${branch === 'brain' ? '' : ` --branch ${branch}`} sync ${state.remote}`;
  switch (state.relation) {
    case 'up_to_date':
      return { ...state, summary: `up to date with ${label} (${asOf}; \`${sync}\` fetches again)`, fix: null };
    case 'ahead':
      return { ...state, summary: `${plural(state.ahead, 'commit')} ahead of ${label}: local revisions not pushed yet (${asOf})`, fix: sync };
    case 'behind':
      return { ...state, summary: `${plural(state.behind, 'commit')} behind ${label} (${asOf}); it could not be fast-forwarded`, fix: sync };
    case 'diverged':
      return { ...state, summary: `diverged from ${label}: ${plural(state.ahead, 'commit')} here, ${plural(state.behind, 'commit')} there (${asOf}); nothing was moved`, fix: sync };
  }
}

/**
 * The upstream of `brain`'s docs branch at its current local tip, in words; null when the
 * branch has no upstream (no remote has it) or does not exist. Errors: `git_error`.
 */
export async function upstreamStatus(brain: Brain): Promise<UpstreamStatus | null> {
  const local = brain.store.tip();
  if (local === null) return null;
  const state = await readUpstream({ repo: brain.repo, branch: brain.branch, local });
  return state === null ? null : describeUpstream(state, brain.branch);
}
