/**
 * The deterministic reviewer (issue #20; docs/decisions/0043): compares a proposed entry with
 * the project's current entries it is given (the search's top hits for its words, entries
 * sharing its scope, entries it names) and decides a relation — `novel`, `duplicate`,
 * `additive_update`, `full_replacement`, `possible_split`, `ambiguous_overlap` — with a
 * suggested action, the evidence, every entry revision it compared with, and the conflict
 * signals that keep `auto_approve: "safe"` away. Pure: no clock, no randomness, no I/O; the
 * entries are taken in entry-id order, scores rounded to thousandths, ties broken by recency
 * then id — the same input gives the same review, byte for byte.
 */
import type { CandidateAction, Proposal, Relation, Review } from '../model/candidate.js';
import type { Entry } from '../model/entry.js';
import { candidateFacts, compareEntry, type Comparison } from './compare-entry.js';
import { cosine, type WordFrequencies } from './text-profile.js';

/** The reviewer's name and version, recorded in every review. */
export const REVIEWER = 'brain-reviewer/1';

/** Thresholds on the evidence (tuned on the reviewer set, fixtures/reviewer-set/; docs/decisions/0043). */
export const THRESHOLDS = {
  /** Below this best score the candidate is novel. */
  novel: 0.3,
  /** …and so it is when it shares less text than this with the best entry… */
  unrelatedText: 0.3,
  /** …while most of what it says (at least this share) is new: a resembling title alone is no overlap. */
  unrelatedNovelty: 0.7,
  /** A candidate holding this much of an entry (coverage) repeats it whole… */
  whole: 0.9,
  /** …and is its update when it adds this many content words or more (a clause), or new matter beyond `duplicateNovelty`; else its duplicate. */
  addedWords: 5,
  /** A restatement adds at most this much (novelty)… */
  duplicateNovelty: 0.35,
  /** …and resembles the entry (title or text) at least this much more than it adds: the more it adds, the closer it must be. */
  duplicateMargin: 0.3,
  /** An update short of repeating the entry whole: a title this similar. */
  updateTitle: 0.6,
  /** A replacement: a cue leaving what the entry chose and at least this score (or a cue naming the entry). */
  replacement: 0.35,
  /** A split holds two entries at least this much each, entries less alike than this. */
  splitCoverage: 0.8,
  splitDistinct: 0.8,
  /** Any same-kind entry in force scoring this much is a conflict signal (auto-approval refused). */
  conflict: 0.2,
} as const;

/** What the reviewer compares with: current revisions, their file hash, and the search's relevance for the candidate's words (0 when not a hit); the project's word frequencies (null: every word weighs 1). */
export interface ReviewInput {
  proposal: Proposal;
  entries: readonly { entry: Entry; sha256: string; search_relevance: number }[];
  frequencies?: WordFrequencies | null;
}

const ACTION: Readonly<Record<Relation, CandidateAction>> = {
  novel: 'accept',
  duplicate: 'reject',
  additive_update: 'merge',
  full_replacement: 'supersede',
  possible_split: 'reject',
  ambiguous_overlap: 'accept',
};

const SUPERSEDABLE = new Set(['decision', 'plan_revision']);

/** Best first: score, then the more recently recorded, then entry id. */
function rank(a: Comparison, b: Comparison): number {
  return b.evidence.score - a.evidence.score || (a.entry.recorded_at < b.entry.recorded_at ? 1 : a.entry.recorded_at > b.entry.recorded_at ? -1 : 0) || (a.entry.entry_id < b.entry.entry_id ? -1 : 1);
}

/** Of the same kind as the candidate, and a kind that is superseded. */
const supersedable = (c: Comparison) => c.sameKind && SUPERSEDABLE.has(c.entry.entry_kind);
/** A replacement of `c`: a cue leaving what it chose, and enough resemblance. */
const replaces = (c: Comparison) => supersedable(c) && c.cues.length > 0 && c.evidence.score >= THRESHOLDS.replacement;

/** The relation and the entry it concerns (see docs/decisions/0043 for the order of the rules). */
function decide(p: Proposal, ranked: Comparison[]): { relation: Relation; target: Comparison | null } {
  const named = p.supersedes_entry_id ? ranked.find((c) => c.entry.entry_id === p.supersedes_entry_id) : undefined;
  if (named && named.sameKind && SUPERSEDABLE.has(named.entry.entry_kind)) return { relation: 'full_replacement', target: named };
  const namedByCue = ranked.find((c) => c.cueNamesEntry && supersedable(c));
  if (namedByCue) return { relation: 'full_replacement', target: namedByCue };
  const best = ranked[0];
  if (!best || best.evidence.score < THRESHOLDS.novel) return { relation: 'novel', target: null };
  const held = ranked.filter((c) => c.sameKind && c.evidence.coverage >= THRESHOLDS.splitCoverage);
  const [first, second] = held;
  if (first && second && cosine(first.text, second.text) < THRESHOLDS.splitDistinct) return { relation: 'possible_split', target: first };
  if (!best.sameKind) return { relation: 'ambiguous_overlap', target: best };
  const e = best.evidence;
  if (best.statusChange && (e.coverage >= THRESHOLDS.whole || e.title_similarity >= THRESHOLDS.updateTitle)) return { relation: 'additive_update', target: best };
  if (e.coverage >= THRESHOLDS.whole) return { relation: e.novelty <= THRESHOLDS.duplicateNovelty && best.added < THRESHOLDS.addedWords ? 'duplicate' : 'additive_update', target: best };
  if (replaces(best)) return { relation: 'full_replacement', target: best };
  if (e.text_similarity < THRESHOLDS.unrelatedText && e.novelty >= THRESHOLDS.unrelatedNovelty) return { relation: 'novel', target: null };
  if (e.novelty <= THRESHOLDS.duplicateNovelty && Math.max(e.title_similarity, e.text_similarity) >= e.novelty + THRESHOLDS.duplicateMargin) return { relation: 'duplicate', target: best };
  if (e.title_similarity >= THRESHOLDS.updateTitle) return { relation: 'additive_update', target: best };
  return { relation: 'ambiguous_overlap', target: best };
}

/** Why approving without a person would not be safe (empty: nothing found). */
function conflictSignals(p: Proposal, ranked: Comparison[], relation: Relation): string[] {
  const out: string[] = [];
  if (relation !== 'novel') out.push(`relation:${relation}`);
  if (p.supersedes_entry_id) out.push(`names_superseded:${p.supersedes_entry_id}`);
  for (const c of ranked) {
    if (!c.sameKind || !c.live) continue;
    if (c.evidence.score >= THRESHOLDS.conflict) out.push(`overlap:${c.entry.entry_id}`);
    if (c.evidence.shared_scope.length > 0) out.push(`shared_scope:${c.entry.entry_id}`);
    for (const cue of c.cues) if (c.evidence.score >= THRESHOLDS.conflict) out.push(`replacement_cue:${cue}`);
  }
  return [...new Set(out)].slice(0, 30);
}

function summary(relation: Relation, target: Comparison | null): string {
  if (target === null) return relation === 'novel' ? 'novel: no current entry says this' : relation;
  const e = target.evidence;
  const what = { novel: 'like', duplicate: 'duplicate of', additive_update: 'update of', full_replacement: 'replaces', possible_split: 'spans', ambiguous_overlap: 'overlaps' }[relation];
  return `${what} ${e.entry_id} r${e.revision} (score ${e.score}, title ${e.title_similarity}, text ${e.text_similarity}, coverage ${e.coverage}, novelty ${e.novelty})`;
}

/** Reviews `input.proposal` against `input.entries` (see the module doc). Errors: none. */
export function reviewCandidate(input: ReviewInput): Review {
  const facts = candidateFacts(input.proposal, input.frequencies ?? null);
  const byId = new Map(input.entries.map((e) => [e.entry.entry_id, e]));
  const entries = [...byId.values()].sort((a, b) => (a.entry.entry_id < b.entry.entry_id ? -1 : 1));
  const successor = new Map<string, string>();
  for (const { entry } of entries) if (entry.supersedes_entry_id && byId.has(entry.supersedes_entry_id)) successor.set(entry.supersedes_entry_id, entry.entry_id);
  const ranked = entries.map((e) => compareEntry(facts, e.entry, e.sha256, e.search_relevance, successor.get(e.entry.entry_id) ?? null)).sort(rank);
  const { relation, target } = decide(input.proposal, ranked);
  const evidence = (target ? [target, ...ranked.filter((c) => c !== target)] : ranked).filter((c) => c.evidence.score > 0).slice(0, 5);
  return {
    reviewer: REVIEWER,
    relation,
    suggested_action: ACTION[relation],
    target_entry_id: target?.entry.entry_id ?? null,
    conflict_signals: conflictSignals(input.proposal, ranked, relation),
    summary: summary(relation, target),
    compared: entries.slice(0, 100).map((e) => ({ entry_id: e.entry.entry_id, revision: e.entry.revision, sha256: e.sha256 })),
    evidence: evidence.map((c) => c.evidence),
  };
}
