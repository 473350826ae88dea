/**
 * The file name `brain export adr` gives a decision that was not imported (it has no source file
 * name to keep), in the naming its corpus uses (issue #18: `0007-slug.md`, `adr-007-slug.md`,
 * `001_slug.md`). Pure.
 */
import { posix } from 'node:path';
import anyAscii from 'any-ascii';

/** A Latin letter with no ASCII base form: `ß`, `æ`, `ø`, `œ`, `þ`, `đ`, `ł`, … */
const LATIN_BEYOND_ASCII = /(?![a-zA-Z])\p{Script=Latin}/gu;

/**
 * `0007-use-postgres.md`, or in the corpus's own naming (`adr-007-use-postgres.md`): a file name
 * for a decision not imported. The slug keeps letters' base forms (NFKD, combining marks
 * dropped: "Ünïcödé über" → `unicode-uber`), writes the Latin letters that have none as
 * any-ascii transliterates them ("Straße", "Ærø", "Łódź" → `strasse`, `aero`, `lodz`; decision
 * 0050), then keeps ASCII letters and digits, at most 60. Other scripts are dropped as before,
 * so a title's file name stays what earlier exports gave it unless it holds such a letter.
 */
export function adrFileName(number: number, title: string, naming: AdrNaming = DEFAULT_NAMING): string {
  const slug = title.normalize('NFKD').replace(/\p{M}+/gu, '').replace(LATIN_BEYOND_ASCII, (c) => anyAscii(c)).toLowerCase().replace(/[^a-z0-9]+/g, naming.separator).replace(new RegExp(`^\\${naming.separator}+|\\${naming.separator}+$`, 'g'), '').slice(0, 60) || 'decision';
  return `${naming.prefix}${String(number).padStart(naming.width, '0')}${naming.separator}${slug}.md`;
}

/** How a corpus names its files: `prefix` + zero-padded number + `separator` + slug. */
export interface AdrNaming {
  prefix: string;
  width: number;
  separator: '-' | '_';
}

const DEFAULT_NAMING: AdrNaming = { prefix: '', width: 4, separator: '-' };

/** The most common naming among `files` (ties: the first seen), else `NNNN-slug`. */
export function corpusNaming(files: readonly string[]): AdrNaming {
  const counts = new Map<string, { naming: AdrNaming; n: number }>();
  for (const file of files) {
    const m = /^((?:adr[-_ ]?)?)(\d{1,9})([-_])/i.exec(posix.basename(file));
    if (m === null) continue;
    const naming: AdrNaming = { prefix: m[1] ?? '', width: (m[2] ?? '').length, separator: m[3] === '_' ? '_' : '-' };
    const key = JSON.stringify(naming);
    counts.set(key, { naming, n: (counts.get(key)?.n ?? 0) + 1 });
  }
  let best: { naming: AdrNaming; n: number } | null = null;
  for (const c of counts.values()) if (best === null || c.n > best.n) best = c;
  return best?.naming ?? DEFAULT_NAMING;
}
