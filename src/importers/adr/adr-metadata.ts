/**
 * When an ADR says it was decided (issue #9 "Dates and people", issue #18 "Dates"; who decided
 * is adr-people.ts's): front matter `date`, the same key in a metadata table (metadata-table.ts), a `Date:` /
 * `Created:` line or bullet before the first section or in the Status section, a date in the
 * status words (`**Approved** (by TSC vote on 3/25/21)`), the day a Changelog that states the
 * status first records it (`- [approved](…) (2023-02-18)`), else the earliest date of a
 * Changelog / History section (`- 18-06-2019: Initial draft`, `* 03-Jan-2022: …`,
 * `### November 2nd 2018`), and last a `Last updated:` line; a line of the header notes that is
 * only a date counts as a `Date:` one. Dates in every form adr-dates.ts
 * reads. Pure; never throws.
 */
import type { Token } from 'marked';
import { dublinCoreTerms, frontMatterGet, frontMatterKey } from './front-matter.js';
import { headerFieldLines } from './header-fields.js';
import { bareDate, bareMonth, isNumericDay, monthOfUnreadDay, parseAdrDate, parseCompactDate, quarterOrYear, statusMonth, type DateOrder } from './adr-dates.js';
import { changelogDecisionDate, changelogSection, changelogStates } from './changelog-status.js';
import { decodeCharacterReferences, plainText, tokenText } from './inline-text.js';
import { blockTexts, headerTokens, sectionContent, statusSectionOf, topSections, type MarkdownOutline } from './markdown-outline.js';
import { openingNotes } from './opening-title.js';
import { metadataTableRows, metadataValue, TRANSLATED_TABLE_KEYS } from './metadata-table.js';
import { isPlaceholder, scalarText } from './metadata-values.js';
import type { DecisionStatus } from './status-map.js';
import type { StatusOrigin } from './status-source.js';

/**
 * A line naming the ADR's day: `Date:`, `Created:`, `Decision date:`, `Decided on`, and the
 * labels other templates use for the same day — `Introduced:` (GSA-TTS/FAC), `Start Date:` (the
 * RFC templates of Rust, Ember, OpenFGA), German `Datum:`, Spanish `Fecha:`, Portuguese and
 * Italian `Data:` (scieloorg/kernel's adr-tools template translated; decision 0090), Japanese
 * `日付:` / `作成日:` / `決定日:` and Chinese `日期：` / `决策日期：` (wer-inc/gogooku3's
 * `日付: 2025-08-28`, round sixteen), a full-width colon too; cilium's CFPs' `Begin Design Discussion:`
 * (round twenty).
 */
const DATE_LINE = /^\s*(?:[-*+]\s+)?(?:(?:date(?:[-_ ]created)?|created(?:\s+on)?|creation\s+date|decision\s+date|decided(?:\s+on)?|introduced(?:\s+on)?|start(?:ed)?\s+date|begin\s+design\s+discussion|submitted(?:\s+on)?|datum|fecha|data)\b(?![-_])|日付|作成日|決定日付|決定日|日期|决策日期|決策日期|创建日期)\s*[:：]?\s*(.*)$/i;
/**
 * A line naming the day the decision was taken by another name, read before {@link DATE_LINE}:
 * astropy's APEs write `date-created:`, `date-last-revised:` and `date-accepted:` (decision 0112).
 */
const ACCEPTED_LINE = /^\s*(?:[-*+]\s+)?(?:date[-_ ]accepted|accepted[-_ ](?:on|at|date)|acceptance[-_ ]date|approved[-_ ](?:on|at)|approval[-_ ]date|decided[-_ ]at)\s*[:：]\s*(.*)$/i;
/**
 * The day of the last edit, read when no other day is stated: `Last updated:`, `Updated:`, and
 * `Last modified:` (wellcomecollection's RFCs write only `**Last modified:** 2018-11-02T16:46:57+00:00`;
 * HHS/simpler-grants-gov `- **Last Modified:** 2024-01-24`; round twenty).
 */
const UPDATED_LINE = /^\s*(?:[-*+]\s+)?(?:last[ -](?:updated?|modified)|updated|modified)\b\s*:?\s*(.*)$/i;
/**
 * Front matter keys that state an ADR's date, first found wins: MADR's `date`, then the
 * creation dates of enhancement-proposal templates (Tekton TEPs and Kubernetes KEPs write
 * `creation-date`; others `created`, `creation_date`, `decision-date`). `last-updated` is not
 * one: it dates an edit, not the decision.
 */
const FRONT_MATTER_DATE_KEYS = ['date', 'decision-date', 'decision_date',
  // The day of the decision by another name, before the day the proposal was written (npm/rfcs'
  // `accepted_at:`, astropy's APEs' `date-accepted:`; decision 0112).
  ...dayKeys(['date-accepted', 'accepted-at', 'accepted-on', 'accepted-date', 'acceptance-date', 'approved-at', 'approved-on', 'approval-date', 'decided-at', 'decided-on']),
  'created', 'creation-date', 'creation_date', 'created-at', 'created_at',
  // microsoft/terminal's specs (`created on: 2019-06-19`), Ember's and others' RFCs (`start-date:`), Jupyter's JEPs (`date-started:`). Decision 0098.
  'created on', 'created-on', 'created_on', 'start-date', 'start_date', 'date-started', 'date_started',
  ...dayKeys(['date-created', 'submitted', 'submitted-at', 'submitted-on', 'proposed-at', 'proposed-on']),
  // Only a later stage dated (npm/rfcs' `implemented_at:` under `created: null`, SovereignCloudStack's
  // `stabilized_at:`, a withdrawal's day): still the file's own day, not git's. Not `deprecated_at`:
  // that dates the end of a decision (decision 0112).
  ...dayKeys(['stabilized-at', 'stabilised-at', 'implemented-at', 'implemented-on', 'final-at', 'withdrawn-at', 'rejected-at'])];
/** `keys` as written with dashes, and each with underscores (`accepted-at`, `accepted_at`). */
function dayKeys(keys: readonly string[]): string[] {
  return keys.flatMap((key) => (key.includes('-') ? [key, key.replace(/-/g, '_')] : [key]));
}
/** The DCMI terms that date a record, the decision's own first (`dateAccepted`, then `issued`, `date`, `created`). */
const DUBLIN_CORE_DATE_TERMS = ['dateAccepted', 'issued', 'date', 'created'];
/** Metadata table keys (normalised) of the day, in precedence order. */
const TABLE_DATE_KEYS = ['date', 'decision date', 'decided', 'decided on', 'date accepted', 'accepted on', 'accepted date', 'approved on', 'created', 'created on', 'creation date', 'start date', 'start-date',
  // Qiskit/RFCs' `| **Submitted** | 2023-10-03 |` (decision 0112).
  'submitted', 'submitted on', 'date submitted', ...TRANSLATED_TABLE_KEYS.date];


/**
 * Names of a section holding only the ADR's day (`## Date` / `2022-11-1`: Green-Software-
 * Foundation/carbon-aware-sdk; German `## Datum`, Spanish `## Fecha`): its first paragraph is
 * read as a `Date:` line.
 */
const DATE_SECTIONS: ReadonlySet<string> = new Set(['date', 'decision date', 'datum', 'fecha', '日付', '日期']);
/** A section heading that is a date line (`## Date: 2026-05-12`, `## Data: 2026-05-12`, `## 日付: 2025-08-28`): read as one. */
const DATE_HEADING = /^\s*(?:date|data|datum|fecha|日付|日期)\s*[:：]\s*\S/i;

/**
 * Plain-text lines of the header notes (an RFC's Meta section too), of the Status section and of
 * the header's field blocks (header-fields.ts), then a Date section's first paragraph as a `Date:` line.
 */
export function headerLines(outline: MarkdownOutline): string[] {
  const status = statusSectionOf(outline);
  // A top-level heading that states the day after its label (`## Date: 2026-05-12`, `## Data: …`; decision 0090).
  const headed = topSections(outline).map((s) => tokenText(outline.tokens[s.start] as Token)).filter((t) => DATE_HEADING.test(t));
  const texts = [...blockTexts(headerTokens(outline)), ...blockTexts(openingNotes(outline)), ...(status ? blockTexts(sectionContent(outline, status)) : []), ...headed];
  const dateSection = topSections(outline).find((s) => DATE_SECTIONS.has(s.key));
  const day = dateSection ? blockTexts(sectionContent(outline, dateSection))[0] : undefined;
  // A block of `Key: value` fields in a code block (Stellar's CAPs; header-fields.ts): plain text already.
  return [...texts.flatMap((t) => t.split('\n')).flatMap(splitNotes).map(noteText), ...headerFieldLines(outline), ...(day === undefined ? [] : [`Date: ${plainText(day)}`])];
}

/**
 * Where a second note starts on the same line: a bold label (`**Status:** Draft **Date:**
 * 2025-09-20`, cert-manager's design notes), or a day's or a status's label after a value
 * (`Author(s): Michael Knyszek \<mknyszek@google.com\> Last Updated: 2019-02-20`, golang/proposal).
 * Round twenty-one: the day went unread, the author's name held it.
 */
const SECOND_NOTE = /(?<=\S)\s+(?=(?:\*\*|__)[A-Za-z][\w ()/-]{0,30}(?::(?:\*\*|__)|(?:\*\*|__):)|(?:Last[ -](?:[Uu]pdated|[Mm]odified)|Updated|Created|Date|Status)\s*:\s)/;

/** A header line holding several notes (see {@link SECOND_NOTE}) as one line each. */
function splitNotes(line: string): string[] {
  return line.split(SECOND_NOTE);
}

/**
 * A note line as plain text, without what a site's Markdown export leaves around the value: a
 * trailing hard break (`**Last Modified:** 2025-08-12\`) and character references (`Billy&#x20;`),
 * HHS/simpler-grants-gov (round twenty).
 */
export function noteText(line: string): string {
  return decodeCharacterReferences(plainText(line.replace(/\\$/, ''))).trim();
}

/** The names of a record's opening summary section (see {@link summaryLines}). */
const SUMMARY_SECTIONS: ReadonlySet<string> = new Set(['purpose', 'summary', 'abstract', 'overview', 'introduction', 'tl;dr', 'tldr']);

/**
 * The lines of the first section when it is the record's summary (`## Purpose`, `## Summary`,
 * `## Abstract`), as plain text: where a labelled day is read when the header states none —
 * wellcomecollection's RFCs write `## Purpose`, its paragraph, then `**Last modified:** 2018-11-02T…`
 * (90 of 92; round twenty). Only a labelled line counts there, never a date alone in the prose.
 */
function summaryLines(outline: MarkdownOutline): string[] {
  const first = topSections(outline)[0];
  if (first === undefined || !SUMMARY_SECTIONS.has(first.key)) return [];
  return blockTexts(sectionContent(outline, first)).flatMap((t) => t.split('\n')).map(noteText);
}

/** What {@link findAdrDate} found: the day, and whether front matter `date` gave it. */
export interface AdrDate {
  /** `YYYY-MM-DD` (a month's first day when `month`), or null when the file states no date. */
  date: string | null;
  fromFrontMatter: boolean;
  /**
   * A day the file states where one is looked for (front matter, a `Date:` line) that names no
   * day of the calendar (decentraland's `date: 2020-01-45`, buildpacks' `Start Date: 2022-09-39`),
   * as written: not used, reported (decision 0112). Absent when there is none.
   */
  unread?: string;
  /** When the file states only the month (`May 2023`, `Created: January 2011`: decision 0073), the quarter or the year (`Q3 2021`, `Date: 2021`: decision 0076). */
  precision?: 'month' | 'quarter' | 'year';
}

/**
 * The day an ADR says it was decided, or null. Precedence: front matter `date`; its Dublin Core
 * terms' `dateAccepted`, `issued`, `date` or `created` (`dct:` front-matter.ts); a metadata
 * table's `Date` / `Created` row; a `Date:` /
 * `Created:` / `Decision date:` / `Introduced:` / `Start Date:` line (DATE_LINE; a bullet,
 * `Date 09/04/2018` too) before the first section (under a `##` title too, markdown-outline.ts
 * `openingNotes`), in an RFC's Meta list or in the Status section, else a `## Date` section's
 * first paragraph; a line there that is only a date (`June 19, 2018`, adr-dates.ts `bareDate`;
 * decision 0073); a date in `statusWords` when `status` is accepted, rejected or
 * proposed (a superseded or deprecated ADR's status dates its end, not its decision); when the
 * Changelog is where the file states its status (`statusOrigin` `changelog`), the earliest date
 * of an entry stating it (changelog-status.ts: proposed 2021-12-28, approved 2023-02-18 →
 * decided 2023-02-18); the earliest date of the Changelog (any order of entries, dates in
 * headings too) — the day the decision was first written down, also when a Status section
 * states the status (cometbft's "18-06-2019: Initial draft"); a month where a day was looked
 * for (front matter, a date line, a line alone: precision `month`, decision 0073), else in the
 * status words of such a status (`Accepted - January 2021`, decision 0095); a quarter or a year
 * likewise (decision 0076); a `Last updated:` /
 * `Last update:` line, its day, else its month.
 */
export function findAdrDate(options: DateSources): AdrDate {
  const seen: { unread?: string } = {};
  const found = statedDate(options, seen);
  return seen.unread === undefined ? found : { ...found, unread: seen.unread };
}

/** What {@link findAdrDate} reads. */
interface DateSources {
  frontMatter: Record<string, unknown>;
  outline: MarkdownOutline;
  order?: DateOrder;
  /** The status words the file states (status-source.ts), or null. */
  statusWords?: string | null;
  /** The status they map to, or null. */
  status?: DecisionStatus | null;
  /** Where the file states them (status-source.ts). */
  statusOrigin?: StatusOrigin | null;
}

/** {@link findAdrDate}'s precedence; the first stated numeric day that names none goes into `seen.unread`. */
function statedDate(options: DateSources, seen: { unread?: string }): AdrDate {
  const { outline } = options;
  const order = options.order ?? 'day_first';
  const noDay = (text: string, parsed: string | null): void => {
    if (parsed === null && seen.unread === undefined && isNumericDay(text)) seen.unread = text.trim();
  };
  const fromFrontMatter = (read: (text: string) => string | null): AdrDate | null => {
    for (const key of FRONT_MATTER_DATE_KEYS) {
      // Any case (`Created:`, Cardano's CIPs); only `date` as written is modelled.
      const found = frontMatterKey(options.frontMatter, key);
      const fm = found === null ? null : scalarText(options.frontMatter[found]);
      const parsed = fm === null || isPlaceholder(fm) ? null : read(fm);
      if (fm !== null) noDay(fm, parsed);
      // Only `date` is modelled (the export writes it back); another key stays in the front matter as written.
      if (parsed !== null) return { date: parsed, fromFrontMatter: found === 'date' };
    }
    return null;
  };
  const fmDay = fromFrontMatter((text) => parseAdrDate(text, order));
  if (fmDay !== null) return fmDay;
  // A map of Dublin Core terms (`dct: { issued: 2025-07-17 }`, decision 0110): its day of
  // acceptance, issue, …; the terms stay in the front matter as written.
  const terms = dublinCoreTerms(options.frontMatter);
  for (const key of terms === null ? [] : DUBLIN_CORE_DATE_TERMS) {
    const text = scalarText(frontMatterGet(terms!, key));
    const day = text === null || isPlaceholder(text) ? null : parseAdrDate(text, order);
    if (day !== null) return { date: day, fromFrontMatter: false };
  }
  const table = plainText(metadataValue(metadataTableRows(outline), TABLE_DATE_KEYS) ?? '');
  const tabled = table === '' || isPlaceholder(table) ? null : parseAdrDate(table, order);
  if (tabled !== null) return { date: tabled, fromFrontMatter: false };
  const lines = headerLines(outline);
  const labelledLines = [...lines, ...summaryLines(outline)];
  const labelled = (re: RegExp, read = (value: string): string | null => parseAdrDate(value, order) ?? parseCompactDate(value)): string | null => {
    for (const line of labelledLines) {
      const match = re.exec(line);
      const parsed = match ? read(match[1] ?? '') : null;
      if (match) noDay(match[1] ?? '', parsed);
      if (parsed !== null) return parsed;
    }
    return null;
  };
  const dated = labelled(ACCEPTED_LINE) ?? labelled(DATE_LINE);
  if (dated !== null) return { date: dated, fromFrontMatter: false };
  const bare = lines.map((line) => bareDate(line, order)).find((d) => d !== null);
  if (bare !== undefined && bare !== null) return { date: bare, fromFrontMatter: false };
  const status = options.status ?? null;
  const decisive = status === 'accepted' || status === 'rejected' || status === 'proposed';
  const inWords = decisive && options.statusWords ? parseAdrDate(plainText(options.statusWords), order) : null;
  if (inWords !== null) return { date: inWords, fromFrontMatter: false };
  const logged = status === null || options.statusOrigin !== 'changelog' ? null : changelogDecisionDate(changelogStates(outline, order), status);
  if (logged !== null) return { date: logged, fromFrontMatter: false };
  const changelog = changelogSection(outline);
  if (changelog) {
    const content = sectionContent(outline, changelog);
    const texts = [...blockTexts(content), ...content.filter((t) => t.type === 'heading').map(tokenText)];
    const dates = texts
      .flatMap((t) => t.split('\n'))
      .map((line) => parseAdrDate(plainText(line), order))
      .filter((d): d is string => d !== null)
      .sort();
    if (dates[0] !== undefined) return { date: dates[0], fromFrontMatter: false };
  }
  // Only a month stated (`Created: January 2011`, `May 2023` under the title): its first day, marked a month.
  // The value must be only the month: "created in October 2020" in prose (an OTEP's list) dates something else.
  // A metadata table's month too (opendatahub's `| Date | January, 2026 |`; round twenty-one).
  const month = fromFrontMatter(bareMonth)
    ?? [table === '' || isPlaceholder(table) ? null : bareMonth(table), labelled(DATE_LINE, bareMonth), lines.map(bareMonth).find((m) => m !== null) ?? null]
      .map((date) => (date === null ? null : { date, fromFrontMatter: false })).find((d) => d !== null) ?? null;
  if (month !== null) return { ...month, precision: 'month' };
  // A day stated that names none (`31/06/2016`): the month it names (adr-dates.ts `monthOfUnreadDay`).
  const slipped = seen.unread === undefined ? null : monthOfUnreadDay(seen.unread, order);
  if (slipped !== null) return { date: slipped, fromFrontMatter: false, precision: 'month' };
  // A month in the status words (`Accepted - January 2021`, `Accepted (September 2023)`): decision 0095.
  const wordsMonth = decisive && options.statusWords ? statusMonth(plainText(options.statusWords)) : null;
  if (wordsMonth !== null) return { date: wordsMonth, fromFrontMatter: false, precision: 'month' };
  // Only a quarter or a year (`Date: Q3 2021`, front matter `date: 2021`, `Q3 2021` alone): its first day, marked so (decision 0076).
  const period = periodStated(options.frontMatter, lines);
  if (period !== null) return period;
  const updated = labelled(UPDATED_LINE);
  if (updated !== null) return { date: updated, fromFrontMatter: false };
  const updatedMonth = labelled(UPDATED_LINE, bareMonth);
  return updatedMonth === null ? { date: null, fromFrontMatter: false } : { date: updatedMonth, fromFrontMatter: false, precision: 'month' };
}

/**
 * A quarter or a year where a day or a month was looked for and none found: front matter `date`
 * (or another date key), a date line's whole value (`Date: 2021`, `Created: Q3 2021`), else a
 * line alone that is only a quarter (a year alone is as often a number). Decision 0076.
 */
function periodStated(frontMatter: Record<string, unknown>, lines: readonly string[]): AdrDate | null {
  for (const key of FRONT_MATTER_DATE_KEYS) {
    const found = frontMatterKey(frontMatter, key);
    const text = found === null ? null : scalarText(frontMatter[found]);
    const period = text === null ? null : quarterOrYear(text);
    if (period !== null) return { date: period.date, fromFrontMatter: found === 'date', precision: period.precision };
  }
  for (const line of lines) {
    const period = quarterOrYear(DATE_LINE.exec(line)?.[1] ?? '');
    if (period !== null) return { date: period.date, fromFrontMatter: false, precision: period.precision };
  }
  const alone = lines.map(quarterOrYear).find((p) => p?.precision === 'quarter');
  return alone ? { date: alone.date, fromFrontMatter: false, precision: alone.precision } : null;
}
