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
 * none: from git, else from `previous` (the entry's current revision, if any); without the status
 * words when they are brain's own ({@link brainsOwnWords}).
 */
export function withOrigin(draft: AdrDraft, git: GitFileHistory | null, previous: Entry | null = null): EntryFields {
  const first = gitOrigin(git, draft.source_path);
  const known = (key: string): string | null => (typeof previous?.payload[key] === 'string' ? (previous.payload[key] as string) : null);
  const { status_text: words, ...payload } = draft.fields.payload ?? {};
  // A month, quarter or year the entry knew (`decision_date_precision`, decisions 0073, 0076) stays one when only the entry knows the date.
  const knownPeriod = draft.date === null && first.date === null ? previous?.payload['decision_date_precision'] : undefined;
  // Whether the source had front matter brain models whole ('') or none (null) is what the entry
  // knew: an MADR export adds such front matter, a Nygard export of an undated record has none to
  // write (decision 0076).
  const bare = (v: unknown): boolean => v === null || v === '';
  const keepShape = previous !== null && bare(previous.payload['front_matter']) && bare(payload['front_matter']);
  return {
    ...draft.fields,
    payload: {
      ...payload,
      ...(keepShape ? { front_matter: previous.payload['front_matter'] } : {}),
      ...(typeof knownPeriod === 'string' ? { decision_date_precision: knownPeriod } : {}),
      ...(words === undefined || brainsOwnWords(words, previous) ? {} : { status_text: words }),
      decision_date: draft.date ?? first.date ?? known('decision_date'),
      decision_makers: draft.deciders ?? first.makers ?? known('decision_makers'),
    },
  };
}

/**
 * What git says of an ADR file that states no date or deciders (path relative to the imported
 * folder): the day (`YYYY-MM-DD`) and author of the commit that created its content; nulls when
 * `git` is null or does not track the file.
 */
export function gitOrigin(git: GitFileHistory | null, path: string): { date: string | null; makers: string | null } {
  const first = git?.first(path) ?? null;
  return { date: first?.date.slice(0, 10) ?? null, makers: first === null ? null : first.author.slice(0, LIMITS.ref) };
}

/**
 * True when an ADR's status words are the ones `brain export adr` wrote for `previous`, whose
 * status changed in brain (so it holds no words of the source's: model/input.ts drops them with
 * the change): the status itself, then only the `; supersedes …`, `; superseded by …` and relation
 * clauses the export adds (exporters/adr/render-adr.ts `statusLine`), which the import reads back
 * as links. Kept as words they would make every revise → export → import write one revision more.
 */
function brainsOwnWords(words: unknown, previous: Entry | null): boolean {
  if (previous === null || 'status_text' in previous.payload || typeof words !== 'string') return false;
  return words === previous.status || words.startsWith(`${previous.status}; `);
}

/** The author of a revision: at most {@link LIMITS.short} characters of `who`. */
export function authorOf(who: string): string {
  return who.length > LIMITS.short ? `${who.slice(0, LIMITS.short - 1)}…` : who;
}
