/**
 * The sections of the re-entry brief (DESIGN §7) as data: which entries each lists, its
 * layer, its heading, how it ranks them, and the `brain list` command that shows what did
 * not fit. Layer 1 (decided) is filled before layer 2 (open work), then layer 3: decisions no
 * longer in force (with what replaced them), then the recent changes.
 */
import type { Entry } from '../model/entry.js';
import type { EntryKind, Status } from '../model/kinds.js';
import { confidenceScore, riskScore, severityScore } from '../model/rank-score.js';

/** Keys of the brief's sections, in output order; also the keys of `Brief.omitted`. */
export const SECTION_KEYS = [
  'active_plan',
  'accepted_decisions',
  'blockers',
  'open_questions',
  'proposed_decisions',
  'active_risks',
  'open_dependencies',
  'retired_decisions',
  'recent',
] as const;
/** One of {@link SECTION_KEYS}. */
export type SectionKey = (typeof SECTION_KEYS)[number];

/** How many of the most recently recorded entries the "Recent changes" section covers. */
export const RECENT_LIMIT = 10;

/** Statuses of the decisions no longer in force, listed in layer 3 with what replaced them (issue #18). */
export const RETIRED_DECISION_STATUSES = ['superseded', 'rejected', 'deprecated'] as const;

/** One kind+status section of layer 1 or 2 (or one status of the layer 3 retired decisions). */
export interface SectionSpec {
  key: Exclude<SectionKey, 'recent'>;
  layer: 1 | 2 | 3;
  title: string;
  /** Singular and plural noun for the "+N more …" line. */
  noun: readonly [string, string];
  kind: EntryKind;
  status: Status;
  /** Primary relevance score, higher first (after path/task boosting, before recency). */
  primary: (entry: Entry) => number;
}

export { confidenceScore, severityScore, riskScore };
const none = (): number => 0;

/** Layer 1 and 2 sections, in fill and output order (the active plan first: it frames the rest). */
export const SECTION_SPECS: readonly SectionSpec[] = [
  { key: 'active_plan', layer: 1, title: 'Active plan', noun: ['active plan revision', 'active plan revisions'], kind: 'plan_revision', status: 'active', primary: none },
  { key: 'accepted_decisions', layer: 1, title: 'Accepted decisions', noun: ['accepted decision', 'accepted decisions'], kind: 'decision', status: 'accepted', primary: confidenceScore },
  { key: 'blockers', layer: 2, title: 'Blockers', noun: ['blocker', 'blockers'], kind: 'blocker', status: 'blocked', primary: severityScore },
  { key: 'open_questions', layer: 2, title: 'Open questions', noun: ['open question', 'open questions'], kind: 'open_question', status: 'open', primary: none },
  { key: 'proposed_decisions', layer: 2, title: 'Proposed decisions', noun: ['proposed decision', 'proposed decisions'], kind: 'decision', status: 'proposed', primary: confidenceScore },
  { key: 'active_risks', layer: 2, title: 'Active risks', noun: ['active risk', 'active risks'], kind: 'risk', status: 'active', primary: riskScore },
  { key: 'open_dependencies', layer: 2, title: 'Open dependencies', noun: ['open dependency', 'open dependencies'], kind: 'dependency', status: 'open', primary: none },
];

/** `## <title>: <count>` — the heading of every non-empty section. */
export function headingLine(title: string, count: number): string {
  return `## ${title}: ${count}`;
}

/** The CLI command listing everything a section holds. */
export function listHint(spec: Pick<SectionSpec, 'kind' | 'status'>): string {
  return `brain list --kind ${spec.kind} --status ${spec.status}`;
}

/** `+12 more open questions: brain list --kind open_question --status open` (n ≥ 1). */
export function moreLine(n: number, noun: readonly [string, string], hint: string): string {
  return `+${n} more ${n === 1 ? noun[0] : noun[1]}: ${hint}`;
}
