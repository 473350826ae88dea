/**
 * Month names as ADRs write them in the languages their templates are translated into (issue #18
 * "Dates"; decision 0090): English, French, German, Spanish, Portuguese, Italian and Dutch —
 * `20 April 2021`, `3. März 2021`, `05 de outubro de 2024`, `3 de marzo de 2021`, `1er mars 2021`.
 * Pure; no I/O.
 */

/**
 * The names of each month (index 0 = January), lower case, without diacritics. Written with
 * Latin-1 letters only (`März`, `février`, `março`): adr-dates.ts looks for month words as
 * `[A-Za-z\u00C0-\u00FF]`, not `\p{L}` (a Unicode class cost the date forms ~20% CPU, decision 0090).
 */
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
const folded = (word: string): string => (/^[\x00-\x7f]*$/.test(word) ? word : word.normalize('NFD').replace(/\p{M}/gu, '')).toLowerCase();

/** Every name and its prefixes of 3 letters or more → its month (1–12), 0 when two months share it. */
const PREFIXES: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>();
  NAMES.forEach((names, i) => {
    for (const name of names) {
      for (let end = 3; end <= name.length; end += 1) {
        const prefix = name.slice(0, end);
        const known = map.get(prefix);
        map.set(prefix, known === undefined || known === i + 1 ? i + 1 : 0);
      }
    }
  });
  return map;
})();

/**
 * 1–12 for a month's name in one of the languages above, or its abbreviation of 3 letters or
 * more (`Sept`, `déc`, `out`, `Mär`), any case, with or without diacritics; else 0. An
 * abbreviation that begins two months' names (French `jui`: juin, juillet) names neither.
 */
export function monthOf(word: string): number {
  return PREFIXES.get(folded(word)) ?? 0;
}

/**
 * The words that join a day, a month and a year in the languages above: English `of`
 * (`2nd of November 2018`), Romance `de` / `del` (`05 de outubro de 2024`, `3 de marzo del 2021`).
 */
export const DATE_JOINERS = /^(?:of|de|del)$/i;
