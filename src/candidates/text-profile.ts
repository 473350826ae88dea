/**
 * The words of a text as the reviewer compares them (issue #20 "text overlap", "title
 * similarity"; docs/decisions/0043): lower-cased runs of letters and digits, English stop
 * words dropped (the `stopword` package's list), each reduced to its Porter stem (the `stemmer`
 * package), with counts. Pure and deterministic: the same text gives the same profile on every
 * machine.
 */
import { stemmer } from 'stemmer';
import { eng } from 'stopword';
import type { Entry } from '../model/entry.js';
import type { Proposal } from '../model/candidate.js';

const STOP = new Set(eng);

/** The distinct words of `text` that are not stop words, lower-cased, in order of first appearance, at most `max` (a search query of what the text is about). */
export function keyWords(text: string, max: number): string[] {
  const words = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (word.length < 2 || STOP.has(word)) continue;
    words.add(word);
    if (words.size >= max) break;
  }
  return [...words];
}

/** Stems with their counts. */
export type Profile = Map<string, number>;

/** The stems of `text` (stop words and one-letter words dropped), with counts. */
export function profileOf(text: string): Profile {
  const profile: Profile = new Map();
  for (const word of text.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (word.length < 2 || STOP.has(word)) continue;
    const stem = stemmer(word);
    profile.set(stem, (profile.get(stem) ?? 0) + 1);
  }
  return profile;
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

/** Cosine similarity of two profiles with sub-linear counts (1 + ln n), in [0, 1]. */
export function cosine(a: Profile, b: Profile): number {
  const w = (n: number) => 1 + Math.log(n);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [stem, n] of a) {
    na += w(n) ** 2;
    const m = b.get(stem);
    if (m !== undefined) dot += w(n) * w(m);
  }
  for (const n of b.values()) nb += w(n) ** 2;
  return na === 0 || nb === 0 ? 0 : Math.min(1, dot / Math.sqrt(na * nb));
}

/** The share of `of`'s distinct stems that `within` holds, in [0, 1] (0 when `of` is empty). */
export function containment(of: Profile, within: Profile): number {
  if (of.size === 0) return 0;
  let held = 0;
  for (const stem of of.keys()) if (within.has(stem)) held++;
  return held / of.size;
}

/** Dice coefficient of two profiles' distinct stems, in [0, 1]. */
export function dice(a: Profile, b: Profile): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const stem of a.keys()) if (b.has(stem)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** A proposal as entry-like text fields. */
export function proposalText(p: Proposal): string {
  return fullText({ title: p.title, rationale: p.rationale, payload: p.payload });
}
