/**
 * Month names as ADRs write them in the languages their templates are translated into (issue #18
 * "Dates"; decision 0090): English, French, German, Spanish, Portuguese, Italian and Dutch —
 * `20 April 2021`, `3. März 2021`, `05 de outubro de 2024`, `3 de marzo de 2021`, `1er mars 2021`.
 * Pure; no I/O.
 */

/** The names of each month (index 0 = January), lower case, without diacritics. */
const NAMES: ReadonlyArray<readonly string[]> = [
  ['january', 'janvier', 'januar', 'janner', 'enero', 'janeiro', 'gennaio', 'januari'],
  ['february', 'fevrier', 'februar', 'febrero', 'fevereiro', 'febbraio', 'februari'],
  ['march', 'mars', 'marz', 'marzo', 'marco', 'maart'],
  ['april', 'avril', 'abril', 'aprile'],
  ['may', 'mai', 'mayo', 'maio', 'maggio', 'mei'],
  ['june', 'juin', 'juni', 'junio', 'junho', 'giugno'],
  ['july', 'juillet', 'juli', 'julio', 'julho', 'luglio'],
  ['august', 'aout', 'agosto', 'augustus'],
  ['september', 'septembre', 'septiembre', 'setembro', 'settembre'],
  ['october', 'octobre', 'oktober', 'octubre', 'outubro', 'ottobre'],
  ['november', 'novembre', 'noviembre', 'novembro'],
  ['december', 'decembre', 'dezember', 'diciembre', 'dezembro', 'dicembre'],
];

/** `word` lower case without its diacritics (`März` → `marz`, `février` → `fevrier`). */
const folded = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * 1–12 for a month's name in one of the languages above, or its abbreviation of 3 letters or
 * more (`Sept`, `déc`, `out`, `Mär`), any case, with or without diacritics; else 0. An
 * abbreviation that begins two months' names (French `jui`: juin, juillet) names neither.
 */
export function monthOf(word: string): number {
  const w = folded(word);
  if (w.length < 3) return 0;
  const months = NAMES.flatMap((names, i) => (names.some((m) => m.startsWith(w)) ? [i + 1] : []));
  return months.length === 1 ? (months[0] ?? 0) : 0;
}

/**
 * The words that join a day, a month and a year in the languages above: English `of`
 * (`2nd of November 2018`), Romance `de` / `del` (`05 de outubro de 2024`, `3 de marzo del 2021`).
 */
export const DATE_JOINERS = /^(?:of|de|del)$/i;
