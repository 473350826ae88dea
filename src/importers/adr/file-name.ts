/**
 * What an ADR's file name says: its number ({@link leadingNumber}) and, for a file whose text
 * gives no title, its title words ({@link nameTitle}). Both read the same namings: a number
 * with an optional ADR label, a log4brains-style day, a month.
 */

/** A dashed day, `2022-02-07` or vector's `2022-11-2`; Sylius' `2020_09_01` reads as one ({@link dashedDay}). */
const DAY = '(\\d{4})-(\\d{1,2})-(\\d{1,2})';

/**
 * `name` with a leading day written with underscores (Sylius' `2020_09_01_admin_and_shop_split.md`)
 * written with dashes, the way the other namings write it; any other name as it is.
 */
export function dashedDay(name: string): string {
  return name.replace(/^(\d{4})_(\d{2})_(\d{2})(?=[-_. ]|$)/, '$1-$2-$3');
}
/** A dashed month, `2010-06` (golang/proposal's design/15292/). */
const MONTH = '((?:19[7-9]|2\\d\\d)\\d)-(0[1-9]|1[0-2])';
/** An optional ADR label (`adr-`, `ADR_`, `adr-mb-`, `adr`) and the number. */
const NUMBER = '(?:adr(?:[-_][a-z]{1,8}[-_]|[-_ ]?))?(\\d{1,9})';
/**
 * What ends the number: a separator (`-`, `_`, `.`, space) or the end; not a dot before a digit,
 * which makes it a version (helm's `hips/archives/monocular/1.0-improvements.md` is no record 1; round twenty).
 */
const END = '(?=[-_ ]|\\.(?!\\d)|$)';

/**
 * The ADR number a file name carries, whatever its naming: `0045-use-x.md`, `001_x.md`,
 * `adr-042-state-sync.md`, `ADR-001-x.md`, `adr_7_x.md`, `ADR042.md`, `adr002-x.md`,
 * `adr-mb-003.md` (a series' letters between "adr" and the number), `20201016-slug.md`
 * (log4brains' date), `2022-02-07-tracing.md` (a dashed date, eclipse-edc's, read as log4brains';
 * zeros may be dropped, vector's `2022-11-2-x.md` is 20221102; Sylius' `2020_09_01_x.md` is 20200901),
 * `2010-06-gen.md` (a dashed month, read as thanos' `201006-x.md`)
 * → 45, 1, 42, 1, 7, 42, 2, 3, 20201016, 20220207, 201006; `use-x.md`, `v2-api.md` → null. The
 * digits must be followed by a separator (`-`, `_`, `.`, space) or the end.
 */
export function leadingNumber(name: string): number | null {
  const fileName = dashedDay(name);
  const dated = new RegExp(`^${DAY}${END}`).exec(fileName);
  if (dated) return Number.parseInt(`${dated[1]}${(dated[2] ?? '').padStart(2, '0')}${(dated[3] ?? '').padStart(2, '0')}`, 10);
  const month = new RegExp(`^${MONTH}${END}`).exec(fileName);
  if (month) return Number.parseInt(`${month[1]}${month[2]}`, 10);
  const match = new RegExp(`^${NUMBER}${END}`, 'i').exec(fileName);
  return match ? Number.parseInt(match[1] ?? '', 10) : null;
}

/**
 * A title from a numbered or dated file name (`0004-release-captain` → "Release captain",
 * `adr_012_use_x` → "Use x", `2021-03-01-switch-to-grpc` → "Switch to grpc", `2010-06-gen` →
 * "Gen"): the number, the day or month and its label dropped, separators read as spaces, the
 * first letter capitalised as a title's is; null when the name carries no number or nothing
 * would remain (a name that is only a day). The namings are those {@link leadingNumber} reads. With `series`, also a series
 * letter before the number (gRPC's `L11-ruby-interceptors` → "Ruby interceptors").
 */
export function nameTitle(name: string, options: { series?: boolean } = {}): string | null {
  const baseName = dashedDay(name);
  // A name that is only a day (cardano's `BiweeklyMeetings/2022-05-24.md`) has no title words: not "24" (round twenty-one).
  if (new RegExp(`^${DAY}$`).test(baseName)) return null;
  const rest = '[-_. ]+(.+)$';
  const match = new RegExp(`^(?:${DAY}|${MONTH})${rest}`).exec(baseName)
    ?? new RegExp(`^${NUMBER}${rest}`, 'i').exec(baseName)
    ?? (options.series === true ? new RegExp(`^[A-Za-z]{1,5}(\\d{1,9})${rest}`).exec(baseName) : null);
  const words = match?.at(-1)?.replace(/[-_]+/g, ' ').trim() ?? '';
  if (words === '') return null;
  const first = String.fromCodePoint(words.codePointAt(0) as number);
  return first.toLocaleUpperCase('en') + words.slice(first.length);
}
