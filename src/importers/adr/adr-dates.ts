/**
 * Dates as ADRs write them (issue #18 "Dates"): ISO (`2020-01-31`, `2020/1/31`, `2020.01.31`,
 * with a time or not, and the swapped `2023-24-05` some changelogs hold), numeric day–month–year
 * with `-`, `/` or `.` (`18-06-2019`, `04/09/2020`, `02.04.20`), month names in any order
 * (`03-Jan-2022`, `20 April 2021`, `January 3, 2022`, `July 15 2021`, `November 2nd 2018`,
 * `2019 Oct 22`), in the languages of month-names.ts (`3. März 2021`, `05 de outubro de 2024`:
 * decision 0090), and a line that is only a date (`bareDate`); a month with no day
 * (`parseAdrMonth`, `bareMonth`, `nameMonth`: decision 0073). Pure; never throws.
 */
import { DATE_JOINERS, monthOf } from './month-names.js';
import { dashedDay } from './file-name.js';

/** How numeric dates whose two first numbers can both be a month are read. */
export type DateOrder = 'day_first' | 'month_first';


/** `YYYY-MM-DD` of a real calendar day, or null (month 13, 31 April, years before 1970…). */
function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1970 || year > 2999 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}


const year4 = (y: string): number => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** Each form: where it matched and the day it names (null when impossible). */
const FORMS: ReadonlyArray<{ re: RegExp; day: (m: RegExpMatchArray, order: DateOrder) => string | null }> = [
  {
    // 2020-01-31, 2020/1/31, 2020.01.31T10:00; month > 12 with day ≤ 12 is a swapped pair.
    re: /(?<![\d.])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?![\d])/,
    day: (m) => {
      const [y, a, b] = [Number(m[1]), Number(m[2]), Number(m[3])];
      return a > 12 && b <= 12 ? isoDay(y, b, a) : isoDay(y, a, b);
    },
  },
  {
    // 18-06-2019, 04/09/2020, 02.04.20, 016-08-2018 (a zero too many). Dots are the day-first
    // convention's separator (German, Nordic, Slavic `04.03.2021`): read day first even in a
    // corpus whose other dates put the month first. A version is no day: `Stable in 2.3.0`,
    // `Kotlin 2.1.20-Beta2`, `v1.4.30`, `1.2.3.4` (Kotlin/KEEP read 2020-02-02; round twenty-one),
    // so a dotted day with a two-digit year writes its day and month with two digits.
    re: /(?<![\d.vV])0?(\d{1,2})([-/.])(\d{1,2})[-/.](\d{4}|\d{2})(?![\d]|\.\d)/,
    day: (m, order) => {
      const [dayOrMonth, monthOrDay] = m[0].split(m[2] ?? '.');
      if (m[2] === '.' && m[4]?.length === 2 && ((dayOrMonth ?? '').length < 2 || (monthOrDay ?? '').length < 2)) return null;
      const [a, b, y] = [Number(m[1]), Number(m[3]), year4(m[4] ?? '')];
      if (a > 12) return isoDay(y, b, a);
      if (b > 12) return isoDay(y, a, b);
      return order === 'month_first' && m[2] !== '.' ? isoDay(y, a, b) : isoDay(y, b, a);
    },
  },
  {
    // 03-Jan-2022, 20 April 2021, 2nd of November 2018, 31st Jan. 2020; 3. März 2021,
    // 05 de outubro de 2024, 3 de marzo del 2021, 1er mars 2021 (decision 0090)
    re: /(?<![\d])(\d{1,2})(?:st|nd|rd|th|er)?\.?(?:\s+(?:of|de|del))?[\s-]+([A-Za-z\u00C0-\u00FF]{3,10})\.?,?(?:\s+(?:de|del))?[\s-]+(\d{4})(?![\d])/,
    day: (m) => isoDay(Number(m[3]), monthOf(m[2] ?? ''), Number(m[1])),
  },
  {
    // January 3, 2022, July 15 2021, November 2nd 2018, Aug. 4, 2021
    re: /(?<![\w\u00C0-\u00FF])([A-Za-z\u00C0-\u00FF]{3,10})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?![\d])/,
    day: (m) => isoDay(Number(m[3]), monthOf(m[1] ?? ''), Number(m[2])),
  },
  {
    // 2019 Oct 22, 2019-Oct-22
    re: /(?<![\d])(\d{4})[\s-]+([A-Za-z\u00C0-\u00FF]{3,10})\.?[\s-]+(\d{1,2})(?![\d])/,
    day: (m) => isoDay(Number(m[1]), monthOf(m[2] ?? ''), Number(m[3])),
  },
];

/**
 * The first date written in `text` (the leftmost match of any form) as `YYYY-MM-DD`, or null.
 * Numeric dates are read day first unless the first number cannot be a day-of-month/month
 * pair that way (`01/31/2020`), or `order` is `month_first` (see {@link dateOrder}) and the date is
 * not written with dots.
 */
export function parseAdrDate(text: string, order: DateOrder = 'day_first'): string | null {
  let best: { at: number; day: string } | null = null;
  for (const form of FORMS) {
    for (const m of text.matchAll(new RegExp(form.re.source, `g${form.re.flags}`))) {
      if (best !== null && m.index >= best.at) break;
      const day = form.day(m, order);
      if (day !== null) {
        best = { at: m.index, day };
        break;
      }
    }
  }
  return best?.day ?? null;
}

/**
 * The day of a line that is nothing but a date, `YYYY-MM-DD`, else null: zooniverse's
 * `June 19, 2018` / `10 Oct 2022` / `8th June 2023` under the title, golang/proposal's
 * `August 27, 2018` after its authors' lines — an unlabelled date standing alone in an ADR's
 * header notes is the day it was written. Every word must be a number (an ordinal, a time), `of`
 * or a month name, so `Issue 12, 2020` or a sentence with a date in it is none. Round nine.
 */
export function bareDate(text: string, order: DateOrder = 'day_first'): string | null {
  return onlyDateWords(text) ? parseAdrDate(text.trim(), order) : null;
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** A weekday's name or its abbreviation of 3 letters or more (`Tuesday, 24 July 2018`). */
const isWeekday = (word: string): boolean => word.length >= 3 && WEEKDAYS.some((d) => d.startsWith(word.toLowerCase()));

/** `text` is a short line whose every word is a number (an ordinal, a time), `of`, a month or a weekday name. */
function onlyDateWords(text: string): boolean {
  const line = text.trim();
  if (line === '' || line.length > 40) return false;
  const words = line.split(/[\s,/-]+/).map((w) => w.replace(/\.$/, '')).filter((w) => w !== '');
  const dateWord = (w: string): boolean => /^\d{1,4}(?:st|nd|rd|th|er)?$/i.test(w) || /^\d[\d.:]*(?:T[\d:.]+Z?)?$/.test(w) || DATE_JOINERS.test(w) || (/^[A-Za-z\u00C0-\u00FF]+$/.test(w) && (monthOf(w) > 0 || isWeekday(w)));
  return words.every(dateWord);
}

/** `YYYY-MM-01` of a real month (1970–2999), or null. */
function monthStart(year: number, month: number): string | null {
  return isoDay(year, month, 1);
}

/**
 * The first month written in `text` with no day (`May 2023`, `October, 2015`, `January , 2026`, `Sept. 2016`,
 * `2021-06`, `2021/06`) as its first day, `YYYY-MM-01`; null when none. Read only where a day
 * was looked for and none found (a date line, front matter `date`, a line alone): a month is
 * the precision the ADR states (`decision_date_precision`, decision 0073). Pure.
 */
export function parseAdrMonth(text: string): string | null {
  const named = /(?<![\w\u00C0-\u00FF])([A-Za-z\u00C0-\u00FF]{3,10})\.?\s*,?(?:\s+(?:de|del))?\s+(\d{4})(?![\d])/.exec(text);
  const numeric = /(?<![\d.\/-])(\d{4})[-/](\d{1,2})(?![\d]|[-/.]\d)/.exec(text);
  const fromName = named ? monthStart(Number(named[2]), monthOf(named[1] ?? '')) : null;
  const fromNumbers = numeric ? monthStart(Number(numeric[1]), Number(numeric[2])) : null;
  if (fromName !== null && fromNumbers !== null) return (named?.index ?? 0) <= (numeric?.index ?? 0) ? fromName : fromNumbers;
  return fromName ?? fromNumbers;
}

/**
 * The month a status line states beside its status (`Accepted - January 2021`, `Accepted
 * (September 2023)`, `**Proposed** — Sept. 2016`, `Accepted in March 2021`, `Accepted 2021-03`),
 * `YYYY-MM-01`, else null: after the status word (its emphasis aside), the rest — or the part in
 * brackets or after a dash, comma or colon at its end — is nothing but a month, once a leading
 * `on` / `in` / `since` / `as of` / `from` is taken off. "Accepted, to be reviewed in May 2024"
 * states no month of the decision (decision 0095). Read only in status words, never running text.
 */
export function statusMonth(words: string): string | null {
  const rest = words.replace(/[*_`]+/g, '').trim().replace(/^[A-Za-z\u00C0-\u00FF]+/, '');
  const tail = /(?:\(|\[|\s[-\u2013\u2014]+|[,:;])\s*([^()[\]\u2013\u2014,:;]*?)[)\]]?\s*\.?$/.exec(rest)?.[1] ?? '';
  for (const part of [rest, tail]) {
    const clean = part.replace(/^[\s()[\]\u2013\u2014:;,.-]+|[\s()[\]\u2013\u2014:;,.-]+$/g, '').replace(/^(?:on|in|since|as of|from)\s+/i, '');
    const month = clean === '' ? null : bareMonth(clean);
    if (month !== null) return month;
  }
  return null;
}

/** A quarter or a year an ADR states as its date: the period's first day and which it is. */
export interface AdrPeriod {
  /** `YYYY-MM-DD`, the first day of the quarter or the year. */
  date: string;
  precision: 'quarter' | 'year';
}

/**
 * `text` when it is nothing but a quarter (`Q3 2021`, `Q3/2021`, `2021-Q3`, `2021 Q3`, any case)
 * or a year (`2021`), emphasis aside, as its first day; else null. A year is 1970–2999. Read only
 * where a day or a month was looked for and none found (decision 0076). Pure.
 */
export function quarterOrYear(text: string): AdrPeriod | null {
  const t = text.replace(/[*_]/g, '').trim();
  const quarter = /^q([1-4])[\s/-]*(\d{4})$/i.exec(t);
  const yearFirst = /^(\d{4})[\s/-]*q([1-4])$/i.exec(t);
  const [year, q] = quarter ? [quarter[2], quarter[1]] : yearFirst ? [yearFirst[1], yearFirst[2]] : [undefined, undefined];
  if (year !== undefined && q !== undefined) {
    const date = monthStart(Number(year), (Number(q) - 1) * 3 + 1);
    return date === null ? null : { date, precision: 'quarter' };
  }
  const alone = /^(\d{4})$/.exec(t);
  const date = alone ? monthStart(Number(alone[1]), 1) : null;
  return date === null ? null : { date, precision: 'year' };
}

/** The month of a line that is nothing but a month (`May 2023`, `September 2023`), as {@link parseAdrMonth}; else null. */
export function bareMonth(text: string): string | null {
  return onlyDateWords(text) ? parseAdrMonth(text.trim()) : null;
}

/**
 * The month a record's name starts with, `YYYY-MM-01`, when it names no day: thanos-io/thanos's
 * `202012-receive-split.md`, golang/proposal's `2010-06-type-functions.md`; else null.
 */
export function nameMonth(fileName: string): string | null {
  const m = /^(\d{4})(-?)(\d{2})(?=[-_. ]|$)/.exec(fileName);
  return m && nameDate(fileName) === null ? monthStart(Number(m[1]), Number(m[3])) : null;
}

/**
 * A date written without separators at the start of `text` (`20220513`, GSA-TTS/FAC's
 * `Introduced: 20220513`) as `YYYY-MM-DD`, else null. Read only after a date label: eight
 * digits anywhere else are as often an issue or build number.
 */
export function parseCompactDate(text: string): string | null {
  const m = /^\s*(\d{4})(\d{2})(\d{2})(?![\d])/.exec(text);
  return m ? isoDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/**
 * The day a record's name starts with, `YYYY-MM-DD`, else null: `2022-02-07-tracing.md`,
 * `2023-03-02_entity_store.md` (eclipse-edc/Connector's decision records), `20200926-use-x.md`
 * (log4brains), `20220714-listObjects-api.md` (OpenFGA's RFCs), `2022-11-2-x.md` (vector, a dashed
 * day without its zero), `20240516132303-x.md` (a timestamp: its day). The date must be followed by a
 * separator or the end and name a real day; `0001-x.md`, `2022-x.md` give none.
 */
export function nameDate(name: string): string | null {
  const fileName = dashedDay(name);
  // A dashed day may drop its zeros (vector's `2022-11-2-14714-x.md`; decision 0076). A timestamp
  // to the minute or second (MTES-MCT/zero-logement-vacant's `20240516132303-x.md`) names its day (decision 0090).
  const m = /^(\d{4})(-?)(\d{2})\2(\d{2})(?=[-_. ]|$)/.exec(fileName) ?? /^(\d{4})(-)(\d{1,2})-(\d{1,2})(?=[-_. ]|$)/.exec(fileName)
    ?? /^(\d{4})()(\d{2})(\d{2})(?:[01]\d|2[0-3])[0-5]\d(?:[0-5]\d)?(?=[-_. ]|$)/.exec(fileName);
  return m ? isoDay(Number(m[1]), Number(m[3]), Number(m[4])) : null;
}

/**
 * The first ISO-shaped date written in `text` whose month cannot be one (13 or more) and that
 * names `day` once its two last numbers are swapped (`2023-24-05` → 2023-05-24), as written; else
 * null. The import reports it (issue #18: a date read otherwise than written is never silent).
 */
/** True when `text` is only a day written in numbers (`2020-01-45`, `39/09/2022`), a real one or not: the shape an unread day is reported in (decision 0112). */
export function isNumericDay(text: string): boolean {
  return /^\s*(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})\s*$/.test(text);
}

/**
 * The month (`YYYY-MM-01`) of a numeric day that names no day of the calendar ({@link isNumericDay}:
 * UKHomeOffice/drt-v2's `Date: 31/06/2016` is June 2016, its day a slip), read in `order` when the
 * year comes last; null when the month is no month either (`2016-13-01`) or the year is not one
 * of 1970–2099. The day stays reported as unread (decision 0112); the record is dated by the month
 * it states (round twenty).
 */
export function monthOfUnreadDay(text: string, order: DateOrder = 'day_first'): string | null {
  const m = /^\s*(?:(\d{4})[-/.](\d{1,2})[-/.]\d{1,2}|(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}))\s*$/.exec(text);
  if (m === null) return null;
  const year = Number(m[1] ?? m[5]);
  const month = Number(m[2] ?? (order === 'day_first' ? m[4] : m[3]));
  return year >= 1970 && year <= 2099 && month >= 1 && month <= 12 ? `${year}-${String(month).padStart(2, '0')}-01` : null;
}

export function swappedDateWritten(text: string, day: string): string | null {
  for (const m of text.matchAll(/(?<![\d.])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?![\d])/g)) {
    const [y, a, b] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (a > 12 && b <= 12 && isoDay(y, b, a) === day) return m[0];
  }
  return null;
}

/**
 * How numeric dates are written in `texts`: `month_first` when more unambiguous numeric dates put
 * the month first (`12/31/2020`, `6/22/23`) than the day first (`31/12/2020`), `day_first` when
 * fewer, null when none tells (or as many each way). A file's own dates decide for it first, then
 * its corpus's, then day first (the corpora seen are mostly European; cosmos/interchain-security
 * writes `7/23/2023`).
 */
export function dateOrder(texts: readonly string[]): DateOrder | null {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const text of texts) {
    for (const m of text.matchAll(/(?<![\d.])(\d{1,2})(?:[-/.](\d{1,2})[-/.]\d{4}|\/(\d{1,2})\/\d{2})(?![\d])/g)) {
      const [a, b] = [Number(m[1]), Number(m[2] ?? m[3])];
      if (a > 12 && b <= 12) dayFirst += 1;
      else if (b > 12 && a <= 12) monthFirst += 1;
    }
  }
  return monthFirst > dayFirst ? 'month_first' : dayFirst > monthFirst ? 'day_first' : null;
}
