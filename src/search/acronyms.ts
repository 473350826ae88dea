/**
 * Acronyms spelled out from the corpus itself (issue #18 "Search answers plain questions",
 * docs/decisions/0058): "why do we write ADRs" must find the ADR that says "Architecture
 * Decision Records" and never "ADR". A query word that the corpus writes in capitals ("ADR",
 * "ADRs") is an acronym there; its long forms are the runs of as many consecutive words whose
 * initials spell it, in the documents that hold the acronym — the co-occurrence of Schwartz &
 * Hearst's abbreviation rule ("A simple algorithm for identifying abbreviation definitions in
 * biomedical text", PSB 2003), widened from "next to the parenthesised short form" to "in the
 * same document", with their guard against chance runs kept by asking for Title Case words
 * (or the short form right before or after the run). The search then matches the word OR its
 * long forms as phrases — only for a word held by half the entries or more, whose BM25 IDF is
 * floored (FTS5: 1e-6), so the long form is the only evidence left for the entry defining it. Pure; each projection backend reads the texts
 * (SQLite: src/projection/sqlite/search-acronyms.ts; PostgreSQL: src/projection/postgres/search-acronyms.ts).
 */
import { isStopWord } from './stop-words.js';

/** How many documents holding the word are read for long forms. */
export const ACRONYM_SAMPLE = 32;

/** At most this many long forms per acronym, the most frequent first. */
const MAX_LONG_FORMS = 2;

/**
 * Whether query word `word` (lower-cased) may be an acronym: 2–5 letters, or 3–6 ending in a
 * plural "s" ("adrs"). Pure.
 */
export const mayBeAcronym = (word: string): boolean => /^[a-z]{2,5}$/.test(word) || /^[a-z]{2,5}s$/.test(word);

/** The words of `text` with their original case: runs of letters and digits. */
const wordsOf = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether `token` (as written) is `word` written as an acronym: "ADR" or "ADRs" for "adr" or "adrs". */
function spells(token: string, letters: string): boolean {
  const caps = token.endsWith('s') ? token.slice(0, -1) : token;
  return caps.length === letters.length && caps === letters.toUpperCase();
}

/**
 * The long forms of query word `word` in `texts` (the documents holding it), as lower-cased
 * words joined by spaces, the most frequent first (then A–Z), at most {@link MAX_LONG_FORMS};
 * empty when no text writes the word in capitals. A long form is a run of consecutive words,
 * none a stop word nor the acronym, whose initials spell it, each word capitalised or the run
 * next to the acronym. Pure.
 */
export function longForms(word: string, texts: readonly string[]): string[] {
  if (!mayBeAcronym(word)) return [];
  const forms = [...new Set([word, ...(word.endsWith('s') && word.length > 2 ? [word.slice(0, -1)] : [])])];
  const counts = new Map<string, number>();
  for (const text of texts) {
    const tokens = wordsOf(text);
    for (const letters of forms) {
      const n = letters.length;
      const at = tokens.map((t, i) => (spells(t, letters) ? i : -1)).filter((i) => i >= 0);
      if (at.length === 0) continue;
      const near = new Set(at.flatMap((i) => [i - n, i + 1]));
      for (let i = 0; i + n <= tokens.length; i++) {
        const run = tokens.slice(i, i + n);
        if (run.some((t, k) => t[0]!.toLowerCase() !== letters[k] || t.length < 2 || isStopWord(t.toLowerCase()) || spells(t, letters))) continue;
        if (!near.has(i) && !run.every((t) => /^\p{Lu}\p{Ll}/u.test(t))) continue;
        const form = run.join(' ').toLowerCase();
        counts.set(form, (counts.get(form) ?? 0) + 1);
      }
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_LONG_FORMS).map(([form]) => form);
}
