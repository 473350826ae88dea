/**
 * The words of a text as the reviewer compares them (issue #20 "text overlap", "title
 * similarity"; docs/decisions/0043): lower-cased runs of letters and digits, English stop
 * words dropped (the `stopword` package's list) and the words every ADR template repeats
 * ({@link TEMPLATE_WORDS}), each reduced to its Porter stem (the `stemmer` package), with
 * counts and a weight: the inverse document frequency of the word in the project's search index
 * (rare words say more about what a text is about than common ones). Pure and deterministic:
 * the same text and frequencies give the same profile on every machine.
 */
import { stemmer } from 'stemmer';
import { eng } from 'stopword';
import type { Entry } from '../model/entry.js';
import type { Proposal } from '../model/candidate.js';

/** Words of the ADR templates (MADR, Nygard, log4brains): in every record, they tell nothing about one. */
export const TEMPLATE_WORDS = ['use', 'using', 'used', 'adr', 'adrs', 'decision', 'decisions', 'option', 'options', 'chosen', 'consider', 'considered', 'context', 'problem', 'statement', 'consequences', 'status', 'accepted', 'proposed', 'good', 'bad', 'pros', 'cons', 'outcome', 'drivers', 'date', 'http', 'https', 'www', 'com', 'github'];

const STOP = new Set([...eng, ...TEMPLATE_WORDS]);

/** Document frequencies of words in the project's search index, and how many documents it holds. */
export interface WordFrequencies {
  documents: number;
  /** Documents holding each content word (as {@link contentWords} gives it); absent: none. */
  df: ReadonlyMap<string, number>;
}

/** Each stem's count and weight (the lowest inverse document frequency among its words: the most common one counts). */
export type Profile = Map<string, { n: number; idf: number }>;

/** The words of `text` the reviewer reads: lower case, no stop or template words, no one-letter words. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 2 && !STOP.has(w));
}

/** Smoothed inverse document frequency: ln((N + 1) / (df + 1)) + 1. */
function idfOf(word: string, f: WordFrequencies | null): number {
  if (f === null) return 1;
  return Math.log((f.documents + 1) / ((f.df.get(word) ?? 0) + 1)) + 1;
}

/** The profile of `text` (see the module doc); without frequencies every word weighs 1. */
export function profileOf(text: string, frequencies: WordFrequencies | null = null): Profile {
  const profile: Profile = new Map();
  for (const word of contentWords(text)) {
    const stem = stemmer(word);
    const idf = idfOf(word, frequencies);
    const held = profile.get(stem);
    if (held) profile.set(stem, { n: held.n + 1, idf: Math.min(held.idf, idf) });
    else profile.set(stem, { n: 1, idf });
  }
  return profile;
}

/** The distinct content words of `text` in order of first appearance, at most `max` (a search query of what the text is about). */
export function keyWords(text: string, max: number): string[] {
  return [...new Set(contentWords(text))].slice(0, max);
}

/** The payload text fields the reviewer reads, in a fixed order. */
const PAYLOAD_TEXT = ['decision_outcome', 'alternatives', 'answer', 'resolution', 'mitigation', 'summary', 'depends_on'] as const;

/** Title, rationale and the payload's text of an entry or a proposal, as one text. */
export function fullText(e: Pick<Entry, 'title'> & { rationale?: string | undefined; payload?: Record<string, unknown> | undefined }): string {
  const parts = [e.title, e.rationale ?? ''];
  for (const key of PAYLOAD_TEXT) {
    const value = e.payload?.[key];
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) parts.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return parts.join('\n');
}

/** A proposal's text fields as one text. */
export function proposalText(p: Proposal): string {
  return fullText({ title: p.title, rationale: p.rationale, payload: p.payload });
}

/** How many content words `p` holds (every occurrence). */
export function wordCount(p: Profile): number {
  let n = 0;
  for (const x of p.values()) n += x.n;
  return n;
}

/** Cosine similarity of two profiles, each stem weighing (1 + ln n) × idf, in [0, 1]. */
export function cosine(a: Profile, b: Profile): number {
  const w = (x: { n: number; idf: number }) => (1 + Math.log(x.n)) * x.idf;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [stem, x] of a) {
    na += w(x) ** 2;
    const y = b.get(stem);
    if (y !== undefined) dot += w(x) * w(y);
  }
  for (const y of b.values()) nb += w(y) ** 2;
  return na === 0 || nb === 0 ? 0 : Math.min(1, dot / Math.sqrt(na * nb));
}

/** The idf-weighted share of `of`'s distinct stems that `within` holds, in [0, 1] (0 when `of` is empty). */
export function containment(of: Profile, within: Profile): number {
  let held = 0;
  let all = 0;
  for (const [stem, x] of of) {
    all += x.idf;
    if (within.has(stem)) held += x.idf;
  }
  return all === 0 ? 0 : held / all;
}

/** Idf-weighted Dice coefficient of two profiles' distinct stems, in [0, 1]. */
export function dice(a: Profile, b: Profile): number {
  let shared = 0;
  let total = 0;
  for (const [stem, x] of a) {
    total += x.idf;
    const y = b.get(stem);
    if (y !== undefined) shared += x.idf + y.idf;
  }
  for (const y of b.values()) total += y.idf;
  return total === 0 ? 0 : shared / total;
}
