/**
 * `brain review --code BASE..HEAD` (issue #8 part 3): the brain entries that concern the files a
 * code range changes, for the reviewer of a pull request — shapes and the pure selection
 * (docs/decisions/0017-code-review-and-path-globs.md). The service (src/service/code-review.ts)
 * gathers the inputs with git; render-code-review.ts renders the Markdown.
 *
 * - **Groups** (current entries whose `paths` cover a changed file, old or new name of a
 *   rename, deleted files included): decisions accepted or proposed ("Decisions that govern
 *   these files"), open questions that are open, active risks, blockers still blocked, open
 *   dependencies. Settled entries (resolved, cleared, retired, superseded, …) and plan
 *   revisions are not listed; their changes show in `revisions`. Each group by title, then id.
 * - **Revisions** recorded since the merge base's commit date that touch a changed file or name
 *   a task id mentioned in the head's branch name or a commit message of the range, oldest first.
 */
import type { Entry } from '../model/entry.js';
import type { EntryKind, Status } from '../model/kinds.js';
import { entryPathCoversFile } from '../model/path-match.js';
import { inlineText } from '../context/inline-text.js';
import type { ChangedFile } from '../git/code-range.js';

/** Groups in display order. */
export const CODE_REVIEW_GROUPS = ['decisions', 'open_questions', 'risks', 'blockers', 'dependencies'] as const;
/** One group. */
export type CodeReviewGroup = (typeof CODE_REVIEW_GROUPS)[number];

/** Markdown headings of the groups. */
export const CODE_GROUP_TITLES: Readonly<Record<CodeReviewGroup, string>> = {
  decisions: 'Decisions that govern these files',
  open_questions: 'Open questions',
  risks: 'Risks',
  blockers: 'Blockers',
  dependencies: 'Dependencies',
};

/** Which kind, in which statuses, goes to which group. */
const GROUP_RULES: Readonly<Partial<Record<EntryKind, { group: CodeReviewGroup; statuses: readonly Status[] }>>> = {
  decision: { group: 'decisions', statuses: ['accepted', 'proposed'] },
  open_question: { group: 'open_questions', statuses: ['open'] },
  risk: { group: 'risks', statuses: ['active'] },
  blocker: { group: 'blockers', statuses: ['blocked'] },
  dependency: { group: 'dependencies', statuses: ['open'] },
};

/** A current entry concerning the changed files. Text fields are raw (untrusted). */
export interface ConcerningEntry {
  entry_id: string;
  entry_kind: EntryKind;
  status: Status;
  revision: number;
  title: string;
  /** The why in one line (≤ 200 characters): the rationale's, else the payload's outcome, answer, mitigation or dependency. */
  why: string;
  /** The entry's paths that cover a changed file, in the entry's order. */
  matched_paths: string[];
  /** The changed files they cover (new names), sorted. */
  files: string[];
}

/** A revision of the range's time that touches the files or names one of its tasks. */
export interface RangeRevision {
  entry_id: string;
  revision: number;
  entry_kind: EntryKind;
  status: Status;
  title: string;
  author: string;
  /** The agent that wrote it for `author`, when one did (docs/decisions/0032). */
  agent?: string;
  recorded_at: string;
  /** The revision's paths that cover a changed file. */
  matched_paths: string[];
  /** The revision's related task ids mentioned in the branch name or commit messages. */
  matched_task_ids: string[];
}

/** `brain review --code --json`. */
export interface CodeReview {
  range: {
    spec: string;
    base: string;
    head: string;
    merge_base: string;
    /** The merge base's committer date (ISO 8601 UTC): revisions from then on are listed. */
    merge_base_date: string;
    /** The branch name searched for task ids (null: none known, e.g. a detached HEAD). */
    head_name: string | null;
  };
  project_id: string;
  /** Commits in HEAD and not in BASE. */
  commits: number;
  /** Every changed file, sorted by path. */
  files: ChangedFile[];
  /** Task ids of listed revisions found in the branch name or commit messages, sorted. */
  task_ids: string[];
  /** Every group, always present. */
  groups: Record<CodeReviewGroup, ConcerningEntry[]>;
  /** Oldest first: (recorded_at, entry_id, revision). */
  revisions: RangeRevision[];
}

const WHY_FIELDS = ['decision_outcome', 'answer', 'mitigation', 'depends_on', 'resolution', 'summary'];

/** The why of an entry in one line (see {@link ConcerningEntry.why}). */
export function whyOf(entry: Entry): string {
  const first = entry.rationale.split(/\n\s*\n/)[0] ?? '';
  if (first.trim() !== '') return inlineText(first, 200);
  const field = WHY_FIELDS.find((f) => typeof entry.payload[f] === 'string' && (entry.payload[f] as string).trim() !== '');
  return field ? inlineText(entry.payload[field], 200) : '';
}

/** True when `taskId` occurs in `text`, case-insensitively, not inside a longer word or number (`SHOP-12` in `feat/shop-12-x`, not in `SHOP-123`). */
export function mentionsTask(text: string, taskId: string): boolean {
  const id = taskId.trim();
  if (id === '') return false;
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`, 'i').test(text);
}

function coverage(paths: readonly string[], files: readonly ChangedFile[]): { matched: string[]; files: string[] } {
  const matched = new Set<string>();
  const covered = new Set<string>();
  for (const p of paths) {
    for (const f of files) {
      if (entryPathCoversFile(p, f.path) || (f.old_path !== undefined && entryPathCoversFile(p, f.old_path))) {
        matched.add(p);
        covered.add(f.path);
      }
    }
  }
  return { matched: paths.filter((p) => matched.has(p)), files: [...covered].sort() };
}

const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Selects the groups and revisions (rules in the module comment). `current`: the project's
 * current entries; `revisions`: its revisions recorded since the merge base's date; `texts`:
 * the head's branch name and the range's commit messages.
 */
export function selectForCode(args: { current: readonly Entry[]; revisions: readonly Entry[]; files: readonly ChangedFile[]; texts: readonly string[] }): Pick<CodeReview, 'groups' | 'revisions' | 'task_ids'> {
  const groups = Object.fromEntries(CODE_REVIEW_GROUPS.map((g) => [g, [] as ConcerningEntry[]])) as Record<CodeReviewGroup, ConcerningEntry[]>;
  for (const entry of args.current) {
    const rule = GROUP_RULES[entry.entry_kind];
    if (!rule || !rule.statuses.includes(entry.status)) continue;
    const { matched, files } = coverage(entry.paths, args.files);
    if (matched.length === 0) continue;
    groups[rule.group].push({ entry_id: entry.entry_id, entry_kind: entry.entry_kind, status: entry.status, revision: entry.revision, title: entry.title, why: whyOf(entry), matched_paths: matched, files });
  }
  for (const g of CODE_REVIEW_GROUPS) groups[g].sort((a, b) => cmp(a.title.toLowerCase(), b.title.toLowerCase()) || cmp(a.title, b.title) || cmp(a.entry_id, b.entry_id));
  const taskIds = new Set<string>();
  const revisions: RangeRevision[] = [];
  for (const r of args.revisions) {
    const matchedPaths = coverage(r.paths, args.files).matched;
    const matchedTasks = r.related_task_ids.filter((t) => args.texts.some((text) => mentionsTask(text, t)));
    if (matchedPaths.length === 0 && matchedTasks.length === 0) continue;
    for (const t of matchedTasks) taskIds.add(t);
    revisions.push({ entry_id: r.entry_id, revision: r.revision, entry_kind: r.entry_kind, status: r.status, title: r.title, author: r.author, ...(r.agent !== undefined ? { agent: r.agent } : {}), recorded_at: r.recorded_at, matched_paths: matchedPaths, matched_task_ids: matchedTasks });
  }
  revisions.sort((a, b) => Date.parse(a.recorded_at) - Date.parse(b.recorded_at) || cmp(a.recorded_at, b.recorded_at) || cmp(a.entry_id, b.entry_id) || a.revision - b.revision);
  return { groups, revisions, task_ids: [...taskIds].sort(cmp) };
}
