/**
 * Replacement cues (issue #20: "instead of", "no longer", "replaces", …; docs/decisions/0043):
 * phrases by which a text says it replaces an earlier choice. The reviewer counts a cue only
 * when the candidate says it and the entry it is compared with does not — an ADR that already
 * chose A "instead of B" repeats that phrase when proposed again, and is no replacement. Pure.
 */

/** Each cue's name and the pattern that finds it (word boundaries, any case, any white space). */
const CUES: readonly [name: string, pattern: RegExp][] = [
  ['instead of', /\binstead\s+of\b/i],
  ['no longer', /\bno\s+longer\b/i],
  ['replaces', /\breplac(?:e|es|ed|ing)\b(?!\s+by\b)/i],
  ['supersedes', /\bsupersed(?:e|es|ed|ing)\b/i],
  ['deprecate', /\bdeprecat(?:e|es|ed|ing|ion)\b/i],
  ['rather than', /\brather\s+than\b/i],
  ['move away from', /\b(?:mov(?:e|es|ed|ing)|migrat(?:e|es|ed|ing)|switch(?:es|ed|ing)?)\s+(?:away\s+)?from\b/i],
  ['stop using', /\bstop(?:s|ped|ping)?\s+using\b/i],
  ['abandon', /\babandon(?:s|ed|ing)?\b/i],
];

/** The names of the cues `text` holds, in the order of {@link CUES}. */
export function replacementCues(text: string): string[] {
  return CUES.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

/** The cues `candidate` holds that `entry` does not. */
export function newCues(candidate: readonly string[], entry: readonly string[]): string[] {
  return candidate.filter((cue) => !entry.includes(cue));
}
