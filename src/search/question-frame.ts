/**
 * The question frame "why did we choose X" (issue #18 "Search answers plain questions",
 * docs/decisions/0061): in a log of decisions, a verb of deciding said of the team — "we chose",
 * "did we pick", "should we go with", "you decided on" — asks for the decision about X and says
 * nothing about which one, since every entry is one. Such a verb is dropped from the query like a
 * stop word. The same word anywhere else stays a word of the question: "the chosen option",
 * "operators opt in", "how to select a region", "go" the language.
 *
 * Pure; shared by every projection backend through src/search/query-terms.ts.
 */

/** The verbs of deciding (every inflection a question uses), lower-cased. */
const DECIDING = new Set([
  'choose', 'chose', 'chosen', 'choosing', 'pick', 'picked', 'picking', 'select', 'selected', 'selecting',
  'decide', 'decided', 'deciding', 'adopt', 'adopted', 'adopting', 'settle', 'settled', 'opt', 'opted',
]);
/** Verbs of deciding only with their particle: "go with", "settle on", "decide on", "opt for". */
const WITH_PARTICLE = new Map([['go', 'with'], ['went', 'with'], ['gone', 'with'], ['going', 'with']]);
/** Who decides, in a question: the team, or the person asking. */
const SUBJECTS = new Set(['we', 'i', 'you', 'they', 'team']);
/** Words that may stand between the subject and the verb: auxiliaries and negations. */
const BETWEEN = new Set(['did', 'do', 'does', 'should', 'would', 'will', 'could', 'can', 'shall', 'not', 'ever', 'finally', 'to', 'have', 'had', 'has']);
/** Particles that follow a verb of deciding and belong to it. */
const PARTICLES = new Set(['on', 'for', 'with', 'upon']);

/**
 * The positions in `sequence` (the query's lower-cased words, in order, duplicates kept) that are a
 * verb of deciding said of a subject, with its particle: e.g. for `why did we choose django` the
 * position of `choose`; for `why did we go with postgres` those of `go` and `with`. The subject
 * stands at most three words before the verb, with only auxiliaries or negations between
 * (`we chose`, `we did not choose`, `should we ever pick`).
 */
export function decidingWords(sequence: readonly string[]): Set<number> {
  const out = new Set<number>();
  for (let i = 1; i < sequence.length; i++) {
    const word = sequence[i]!;
    const particle = WITH_PARTICLE.get(word);
    if (!DECIDING.has(word) && !(particle && sequence[i + 1] === particle)) continue;
    if (!saidOfSubject(sequence, i)) continue;
    out.add(i);
    const next = sequence[i + 1];
    if (next && (PARTICLES.has(next) || next === particle)) out.add(i + 1);
  }
  return out;
}

/** Whether a subject stands before position `i`, with at most two auxiliaries between. */
function saidOfSubject(sequence: readonly string[], i: number): boolean {
  for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
    const word = sequence[j]!;
    if (SUBJECTS.has(word)) return true;
    if (!BETWEEN.has(word)) return false;
  }
  return false;
}
