/**
 * The shapes of `brain review BASE..HEAD` (issue #4): what a pull request against the docs
 * branch adds or revises, per entry, grouped for a reviewer. `brain review --json` prints a
 * {@link Review}; the Markdown rendering (render-review.ts) is made from the same value.
 * Types only.
 */
import type { Citation } from '../model/entry.js';
import type { EntryKind, Status } from '../model/kinds.js';
import type { CandidateChange } from './candidate-changes.js';

/** Review groups, in display order (see group.ts for which entry goes where). */
export const REVIEW_GROUPS = ['decided', 'newly_proposed', 'resolved', 'newly_open', 'newly_blocked', 'risks', 'plan', 'other'] as const;
/** One review group. */
export type ReviewGroup = (typeof REVIEW_GROUPS)[number];

/** One changed field other than status, rationale and citations: `field` is `title`, `tags`, `payload.answer`, … */
export interface ValueChange {
  field: string;
  /** The value before (null when the entry is new or the payload key was absent). */
  from: unknown;
  /** The value after (null when the payload key was removed). */
  to: unknown;
}

/** What happened to one entry between the merge base and HEAD. */
export interface EntryChange {
  entry_id: string;
  entry_kind: EntryKind;
  project_id: string;
  /** The title at HEAD (raw, untrusted text). */
  title: string;
  /** The one-line plain-text summary at HEAD (src/model/summary.ts; raw, untrusted text). */
  summary: string;
  /** The current revision at the merge base; null for an entry new in the range. */
  from_revision: number | null;
  /** The current revision at HEAD. */
  to_revision: number;
  from_status: Status | null;
  to_status: Status;
  /**
   * Fields that differ, envelope fields first (`title`, `status`, `rationale`, `tags`,
   * `confidence`, `paths`, `related_task_ids`, `related_entry_ids`, `supersedes_entry_id`,
   * `citations`), then `payload.<key>` sorted. For a new entry: the fields it sets (compared
   * with a blank entry). Absent, null, `''`, `[]` and `{}` all count as "not set", so a change
   * between them is no change. `author`, `agent`, `recorded_at` and `revision` are never listed.
   */
  changed_fields: string[];
  /** Unified line diff of the rationale (src/review/line-diff.ts), or null when unchanged / empty. */
  rationale_diff: string | null;
  /** Citations at HEAD that the merge base did not have (all of them for a new entry). */
  new_citations: Citation[];
  /** Citations the merge base had that HEAD dropped. */
  removed_citations: Citation[];
  /** Every other changed field with its values, in `changed_fields` order (a new entry's title excluded). */
  value_changes: ValueChange[];
  /** Author (the person), agent (when an agent wrote it for them; docs/decisions/0032) and recorded_at of the HEAD revision. */
  author: string;
  agent?: string;
  recorded_at: string;
  /** True when HEAD holds two revision files with the entry's highest revision number (also listed in problems). */
  forked: boolean;
}

/** Problem codes of a review. */
export type ReviewProblemCode =
  | 'invalid_json'
  | 'invalid_entry'
  | 'illegal_status'
  | 'misplaced'
  | 'hash_mismatch'
  | 'stray'
  | 'revision_modified'
  | 'revision_deleted'
  | 'ledger_rewritten'
  | 'forked';

/**
 * Problem codes that break DESIGN §3 invariants 1 and 3 (revision files are never edited or
 * deleted, ledgers are append-only): shown first in a review, in {@link Review.rewrites}.
 */
export const REWRITE_CODES: ReadonlySet<ReviewProblemCode> = new Set(['revision_modified', 'revision_deleted', 'ledger_rewritten']);

/** Something in the range a reviewer should not merge without a look. */
export interface ReviewProblem {
  code: ReviewProblemCode;
  /** The file concerned, when there is one. */
  path: string | null;
  /** The entry concerned, when known. */
  entry_id: string | null;
  message: string;
}

/** `brain review --json`. */
export interface Review {
  /**
   * First, because a reviewer must not miss it: the {@link problems} whose code is in
   * {@link REWRITE_CODES} — the range edits or deletes committed revision files or rewrites
   * ledger lines (DESIGN §3 invariants 1, 3; decision 0067). Empty for a sound range. They stay
   * in `problems` too.
   */
  rewrites: ReviewProblem[];
  range: {
    /** The argument as given (`origin/brain..brain`). */
    spec: string;
    base: string;
    head: string;
    /** The merge base HEAD is compared with; null when BASE and HEAD share no history (everything at HEAD is new). */
    merge_base: string | null;
  };
  /** Commits in HEAD and not in BASE (`git rev-list --count HEAD ^BASE`). */
  commits: number;
  /** Every group, always present, each sorted by title then entry id. */
  groups: Record<ReviewGroup, EntryChange[]>;
  /** Sorted by path, then entry id, then code. */
  problems: ReviewProblem[];
  /** Candidates proposed or decided in the range (issue #20), by candidate id. */
  candidates: CandidateChange[];
}
