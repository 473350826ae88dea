/**
 * When an imported decision was made and by whom (issue #18 "Dates and authors"): the ADR's own
 * date and deciders, else the first commit that created the file's content — renames, folder
 * moves and delete/restore pairs followed (git-file-history.ts) — so a folder moved in 2024 or
 * restored in 2025 does not date its decisions; else what the entry already knew (a copy of
 * the folder outside git forgets nothing). Stored in the decision's payload (`decision_date`,
 * `decision_makers`) beside the revision's own `recorded_at` and `author`, the last change.
 */
import type { AdrDraft } from '../importers/adr/read-adr-dir.js';
import type { GitFileHistory } from '../importers/adr/git-file-history.js';
import type { Entry } from '../model/entry.js';
import type { EntryFields } from '../model/input.js';
import { LIMITS } from '../model/limits.js';

/**
 * `draft.fields` with `payload.decision_date` / `decision_makers` filled where the ADR states
 * none: from git, else from `previous` (the entry's current revision, if any).
 */
export function withOrigin(draft: AdrDraft, git: GitFileHistory | null, previous: Entry | null = null): EntryFields {
  const first = git?.first(draft.source_path) ?? null;
  const known = (key: string): string | null => (typeof previous?.payload[key] === 'string' ? (previous.payload[key] as string) : null);
  return {
    ...draft.fields,
    payload: {
      ...(draft.fields.payload ?? {}),
      decision_date: draft.date ?? first?.date.slice(0, 10) ?? known('decision_date'),
      decision_makers: draft.deciders ?? (first === null ? null : first.author.slice(0, LIMITS.ref)) ?? known('decision_makers'),
    },
  };
}

/** The author of a revision: at most {@link LIMITS.short} characters of `who`. */
export function authorOf(who: string): string {
  return who.length > LIMITS.short ? `${who.slice(0, LIMITS.short - 1)}…` : who;
}
