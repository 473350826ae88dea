/**
 * What the reviewer learns from comparing a candidate with one entry (issue #20;
 * docs/decisions/0043): title similarity, text similarity, how much of the entry the candidate
 * repeats (coverage) and how much it adds (novelty) — all weighted by how rare each word is in
 * the project —, the search engine's relevance, shared scope (paths, tags, related tasks), kind
 * and status, replacement cues of the candidate that leave what the entry chose, whether the candidate names the entry (its id,
 * its ADR number, its source file), and lineage. Pure.
 */
import type { Entry } from '../model/entry.js';
import type { Evidence, Proposal } from '../model/candidate.js';
import { normalizePath } from '../model/path-match.js';
import { containment, cosine, dice, fullText, profileOf, proposalText, wordCount, type Profile, type WordFrequencies } from './text-profile.js';
import { replacementCues, type Cue } from './replacement-cues.js';
import { entryChoice, replacingCues } from './entry-choice.js';

/** The candidate's side, computed once per review. */
export interface CandidateFacts {
  proposal: Proposal;
  title: Profile;
  text: Profile;
  cues: Cue[];
  /** The candidate's text, lower-cased (to find the entries it names). */
  lower: string;
  frequencies: WordFrequencies | null;
}

/** An entry as compared: its evidence and the facts the relation is decided on. */
export interface Comparison {
  entry: Entry;
  sha256: string;
  evidence: Evidence;
  sameKind: boolean;
  /** The entry is still in force (not superseded, rejected, deprecated, retired, resolved or cleared). */
  live: boolean;
  /** The candidate's replacement cues whose object is what the entry chose (and did not already leave). */
  cues: string[];
  /** The proposal's status differs from the entry's (a lifecycle step: proposed → accepted, open → resolved). */
  statusChange: boolean;
  /** The candidate names the entry: its id, its ADR number (`ADR-0045`) or its source file. */
  mentioned: boolean;
  /** A replacement cue's object is the entry's id or ADR number ("Supersedes ADR-0045"). */
  cueNamesEntry: boolean;
  /** How many more content words the candidate holds than the entry (0 when fewer). */
  added: number;
  text: Profile;
}

const LIVE = new Set(['proposed', 'accepted', 'open', 'blocked', 'active']);

const round = (x: number) => Math.round(x * 1000) / 1000;

/** The candidate's profiles, cues and text, weighted by `frequencies` (null: every word weighs 1). */
export function candidateFacts(proposal: Proposal, frequencies: WordFrequencies | null): CandidateFacts {
  const text = proposalText(proposal);
  return { proposal, title: profileOf(proposal.title, frequencies), text: profileOf(text, frequencies), cues: replacementCues(text), lower: text.toLowerCase(), frequencies };
}

/** Whether `lower` (a lower-cased text) names `entry`: its id, its ADR number (`ADR-0045`, `ADR 45`; a series' own label too, `TEP-0070`), or the base name of its source file. */
function names(lower: string, entry: Entry): boolean {
  if (lower.includes(entry.entry_id)) return true;
  for (const c of entry.citations) {
    if (c.source_kind !== 'file') continue;
    const label = /^([A-Z]{2,5})-0*(\d+)$/.exec(c.locator ?? '');
    const word = label?.[1]?.toLowerCase() === 'adr' ? 'adr' : `(?:adr|${label?.[1]?.toLowerCase() ?? 'adr'})`;
    if (label?.[2] !== undefined && new RegExp(`\\b${word}[-\\s]?0*${label[2]}\\b`).test(lower)) return true;
    const base = c.source_ref.slice(c.source_ref.lastIndexOf('/') + 1).replace(/\.md$/i, '').toLowerCase();
    if (base.length >= 8 && lower.includes(base)) return true;
  }
  return false;
}

/** Whether the clause after a cue names `entry` ("supersedes ADR-0045"). */
const cueNames = (cues: readonly Cue[], entry: Entry) => cues.some((cue) => names(cue.after, entry));

/** Paths, tags and related tasks named by both (`path:…`, `tag:…`, `task:…`), sorted. */
function sharedScope(p: Proposal, e: Entry): string[] {
  const out: string[] = [];
  const paths = new Set(e.paths.map(normalizePath));
  for (const path of p.paths ?? []) {
    const n = normalizePath(path);
    if (paths.has(n) || [...paths].some((q) => n.startsWith(`${q}/`) || q.startsWith(`${n}/`))) out.push(`path:${path}`);
  }
  const tags = new Set(e.tags.map((t) => t.toLowerCase()));
  for (const tag of p.tags ?? []) if (tags.has(tag.toLowerCase())) out.push(`tag:${tag}`);
  for (const task of p.related_task_ids ?? []) if (e.related_task_ids.includes(task)) out.push(`task:${task}`);
  return [...new Set(out)].sort();
}

/**
 * Compares the candidate with `entry` (its current revision, file hash `sha256`, the search's
 * relevance for the candidate's words in [0, 1]). `successorOf` names the compared entry that
 * supersedes it, if any (lineage). The combined score: 0.6 × text similarity + 0.4 × title
 * similarity, + 0.1 with shared scope, × 0.6 across kinds, at most 1.
 */
export function compareEntry(c: CandidateFacts, entry: Entry, sha256: string, searchRelevance: number, successorOf: string | null): Comparison {
  const text = profileOf(fullText(entry), c.frequencies);
  const titleSimilarity = dice(c.title, profileOf(entry.title, c.frequencies));
  const textSimilarity = cosine(c.text, text);
  const scope = sharedScope(c.proposal, entry);
  const sameKind = entry.entry_kind === c.proposal.entry_kind;
  const live = LIVE.has(entry.status);
  const cues = replacingCues(c.cues, entryChoice(entry));
  const statusChange = sameKind && c.proposal.status !== undefined && c.proposal.status !== entry.status;
  const mentioned = names(c.lower, entry);
  const cueNamesEntry = cueNames(c.cues, entry);
  const raw = (0.6 * textSimilarity + 0.4 * titleSimilarity + (scope.length > 0 ? 0.1 : 0)) * (sameKind ? 1 : 0.6);
  const signals = [
    sameKind ? 'same_kind' : `other_kind:${entry.entry_kind}`,
    live ? 'in_force' : `not_in_force:${entry.status}`,
    ...cues.map((cue) => `replacement_cue:${cue}`),
    ...(statusChange ? [`status_change:${entry.status}→${c.proposal.status}`] : []),
    ...(c.proposal.supersedes_entry_id === entry.entry_id ? ['named_as_superseded'] : []),
    ...(c.proposal.related_entry_ids?.includes(entry.entry_id) ? ['named_as_related'] : []),
    ...(mentioned ? ['mentioned'] : []),
    ...(cueNamesEntry ? ['replacement_cue_names_entry'] : []),
    ...(successorOf !== null ? [`superseded_by:${successorOf}`] : []),
  ];
  const evidence: Evidence = {
    entry_id: entry.entry_id,
    revision: entry.revision,
    entry_kind: entry.entry_kind,
    status: entry.status,
    title: entry.title,
    score: round(Math.min(1, raw)),
    title_similarity: round(titleSimilarity),
    text_similarity: round(textSimilarity),
    coverage: round(containment(text, c.text)),
    novelty: round(1 - containment(c.text, text)),
    search_relevance: round(Math.max(0, Math.min(1, searchRelevance))),
    shared_scope: scope.slice(0, 50),
    signals,
  };
  return { entry, sha256, evidence, sameKind, live, cues, statusChange, mentioned, cueNamesEntry, added: Math.max(0, wordCount(c.text) - wordCount(text)), text };
}
