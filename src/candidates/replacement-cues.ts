/**
 * Replacement cues (issue #20: "instead of", "no longer", "replaces", …; docs/decisions/0043):
 * phrases by which a text says it leaves an earlier choice, each with its **object** — the words
 * naming what is left: the content words after the cue up to the end of the clause or a linking
 * word ("instead of H2 as the database" → `H2`; "migrated from Apache Commons CLI to Picocli" →
 * `Apache Commons CLI`; "deprecate it" → none), or, when nothing follows in the clause ("the
 * asterisk rule is superseded."), the words before it. Whether a cue replaces a given entry is decided against
 * what that entry chose (entry-choice.ts). Pure.
 */
import { contentWords } from './text-profile.js';

/** Each cue's name and the pattern that finds it (word boundaries, any case, any white space). */
const CUES: readonly [name: string, pattern: RegExp][] = [
  ['instead of', /\binstead\s+of\b/giu],
  ['no longer', /\bno\s+longer\b/giu],
  ['replaces', /\breplac(?:e|es|ed|ing)\b(?!\s+by\b)/giu],
  ['supersedes', /\bsupersed(?:e|es|ed|ing)\b/giu],
  ['deprecate', /\bdeprecat(?:e|es|ed|ing|ion)\b/giu],
  ['rather than', /\brather\s+than\b/giu],
  ['move away from', /\b(?:mov(?:e|es|ed|ing)|migrat(?:e|es|ed|ing)|switch(?:es|ed|ing)?)\s+(?:away\s+)?from\b/giu],
  ['stop using', /\bstop(?:s|ped|ping)?\s+using\b/giu],
  ['abandon', /\babandon(?:s|ed|ing)?\b/giu],
];

/** A cue found in a text: its name and the content words of its object (at most {@link OBJECT_WORDS}). */
export interface Cue {
  name: string;
  object: string[];
  /** The clause after the cue, lower-cased, at most 200 characters (to find an entry it names: "supersedes ADR-0045"). */
  after: string;
}

const OBJECT_WORDS = 5;
/** Words that end an object: the clause goes on to something else ("… from A to B", "… of A as the database"). */
const LINK = /^(?:to|and|with|by|for|as|in|on|at|because|so|since|while|which|that|but|where|when|into|onto|via)$/i;
/** Ends a clause. */
const CLAUSE_END = /[.;:!?,()\n]/;

/** The content words of `words` (raw tokens) up to a linking word, at most {@link OBJECT_WORDS}. */
function objectOf(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    if (LINK.test(word)) break;
    out.push(...contentWords(word));
    if (out.length >= OBJECT_WORDS) break;
  }
  return out.slice(0, OBJECT_WORDS);
}

/** Every cue occurrence in `text` with its object, in the order of {@link CUES} then position. */
export function replacementCues(text: string): Cue[] {
  const out: Cue[] = [];
  for (const [name, pattern] of CUES) {
    for (const m of text.matchAll(pattern)) {
      const end = (m.index ?? 0) + m[0].length;
      const after = text.slice(end, end + 200).split(CLAUSE_END)[0] ?? '';
      const words = after.split(/\s+/).filter(Boolean);
      let object = objectOf(words);
      if (words.length === 0) {
        const clause = text.slice(Math.max(0, (m.index ?? 0) - 200), m.index).split(CLAUSE_END).pop() ?? '';
        object = contentWords(clause).slice(-4);
      }
      out.push({ name, object, after: after.toLowerCase() });
    }
  }
  return out;
}
