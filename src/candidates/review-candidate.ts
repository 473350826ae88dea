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
import { cosine } from './text-profile.js';

/** The reviewer's name and version, recorded in every review. */
export const REVIEWER = 'brain-reviewer/1';

/** Thresholds on the evidence (tuned on the reviewer set, fixtures/reviewer-set/; docs/decisions/0043). */
export const THRESHOLDS = {
  /** Below this best score the candidate is novel. */
  novel: 0.3,
  /** A duplicate adds at most this share of new words… */
  duplicateNovelty: 0.35,
  /** …and resembles the entry at least this much (title or text). */
  duplicateSimilarity: 0.6,
  /** An update repeats at least this share of the entry's words, or has a title this similar. */
  updateCoverage: 0.75,
  updateTitle: 0.6,
  /** A replacement needs a new cue and at least this score. */
  replacement: 0.3,
  /** A split covers two entries at least this much each, entries this unlike each other. */
  splitCoverage: 0.5,
  splitDistinct: 0.5,
  /** Any same-kind entry in force scoring this much is a conflict signal (auto-approval refused). */
  conflict: 0.2,
} as const;

/** What the reviewer compares with: current revisions, their file hash, and the search's relevance for the candidate's words (0 when not a hit). */
export interface ReviewInput {
  proposal: Proposal;
  entries: readonly { entry: Entry; sha256: string; search_relevance: number }[];
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

/** The relation and the entry it concerns. */
function decide(p: Proposal, ranked: Comparison[]): { relation: Relation; target: Comparison | null } {
  const named = p.supersedes_entry_id ? ranked.find((c) => c.entry.entry_id === p.supersedes_entry_id) : undefined;
  if (named && named.sameKind && SUPERSEDABLE.has(named.entry.entry_kind)) return { relation: 'full_replacement', target: named };
  const best = ranked[0];
  if (!best || best.evidence.score < THRESHOLDS.novel) return { relation: 'novel', target: null };
  if (!best.sameKind) return { relation: 'ambiguous_overlap', target: best };
  const e = best.evidence;
  const second = ranked.find((c) => c !== best && c.sameKind && c.evidence.coverage >= THRESHOLDS.splitCoverage && c.evidence.score >= THRESHOLDS.novel);
  if (second && e.coverage >= THRESHOLDS.splitCoverage && cosine(best.text, second.text) < THRESHOLDS.splitDistinct && e.novelty > THRESHOLDS.duplicateNovelty) {
    return { relation: 'possible_split', target: best };
  }
  if (best.cues.length > 0 && e.score >= THRESHOLDS.replacement && SUPERSEDABLE.has(best.entry.entry_kind)) return { relation: 'full_replacement', target: best };
  const similar = Math.max(e.title_similarity, e.text_similarity) >= THRESHOLDS.duplicateSimilarity;
  if (similar && e.novelty <= THRESHOLDS.duplicateNovelty && !best.statusChange) return { relation: 'duplicate', target: best };
  if (e.coverage >= THRESHOLDS.updateCoverage || e.title_similarity >= THRESHOLDS.updateTitle || best.statusChange) return { relation: 'additive_update', target: best };
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
  const facts = candidateFacts(input.proposal);
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
