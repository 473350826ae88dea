/**
 * When an ADR says it was decided, and by whom (issue #9 "Dates and people"): front matter
 * `date` / `deciders` / `decision-makers` / `authors`, a `Date:` line or `- Date:` bullet
 * before the first section or in the Status section, and Changelog lines
 * (`- 2020-01-20: Initial draft`, Tendermint/Cosmos). Pure; never throws.
 */
import { LIMITS } from '../../model/limits.js';
import { plainText } from './inline-text.js';
import { blockTexts, sectionContent, type MarkdownOutline } from './markdown-outline.js';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1970 || year > 2999 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString();
}

function monthOf(word: string): number {
  return MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1;
}

/**
 * The first date in `text` as an ISO instant at 00:00 UTC, or null. Forms:
 * `2020-01-31` (also `/` or `.`, optionally followed by a time, whose date part is used);
 * `31/01/2020`, `31.01.2020`, `31/01/20` — day first (ADR corpora seen are European), month
 * first only when the first number cannot be a month day pair otherwise (`01/31/2020`);
 * `31 January 2020`, `31st Jan 2020`, `January 31, 2020`. Impossible dates give null.
 */
export function parseAdrDate(text: string): string | null {
  const iso = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/.exec(text);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /\b(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})\b/.exec(text);
  if (numeric) {
    const a = Number(numeric[1]);
    const b = Number(numeric[2]);
    const y = numeric[3]?.length === 2 ? 2000 + Number(numeric[3]) : Number(numeric[3]);
    return b > 12 && a <= 12 ? isoDay(y, a, b) : isoDay(y, b, a);
  }
  const dayFirst = /\b(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})\b/.exec(text);
  if (dayFirst && monthOf(dayFirst[2] ?? '') > 0) return isoDay(Number(dayFirst[3]), monthOf(dayFirst[2] ?? ''), Number(dayFirst[1]));
  const monthFirst = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/.exec(text);
  if (monthFirst && monthOf(monthFirst[1] ?? '') > 0) return isoDay(Number(monthFirst[3]), monthOf(monthFirst[1] ?? ''), Number(monthFirst[2]));
  return null;
}

const DATE_LINE = /^\s*(?:[-*+]\s+)?(?:last[ -]updated|updated|date)\b\s*:?\s*(.*)$/i;
const PEOPLE_LINE = /^\s*(?:[-*+]\s+)?(?:deciders|decision[ -]makers|authors?|author\(s\))\s*:\s*(.+)$/i;
const PEOPLE_KEYS = ['decision-makers', 'deciders', 'authors', 'author'];

/** Plain-text lines of the header notes and of the Status section. */
function headerLines(outline: MarkdownOutline): string[] {
  const status = outline.sections.find((s) => s.key === 'status' && s.depth <= Math.max(2, outline.sectionDepth));
  const texts = [...blockTexts(outline.preamble), ...(status ? blockTexts(sectionContent(outline, status)) : [])];
  return texts.flatMap((t) => t.split('\n')).map((line) => plainText(line));
}

/** A front matter value as text: strings and numbers as is, dates as ISO, lists joined by ", ". */
function scalarText(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim() || null;
  if (Array.isArray(value)) {
    const items = value.map(scalarText).filter((v): v is string => v !== null);
    return items.length > 0 ? items.join(', ') : null;
  }
  return null;
}

/** A placeholder of a template (`{list everyone involved}`, `[names]`, `<date>`), not a value. */
function isPlaceholder(text: string): boolean {
  return /^[{[<].*[}\]>]$/s.test(text.trim());
}

/**
 * The date an ADR gives, as an ISO instant (00:00 UTC of that day), or null. Precedence:
 * front matter `date`; a `Date:` / `Last updated:` line (or bullet, `Date 09/04/2018` too)
 * before the first section or in the Status section; else the latest date of the Changelog
 * section's lines — the day the text as imported was last changed.
 */
export function findAdrDate(options: { frontMatter: Record<string, unknown>; outline: MarkdownOutline }): string | null {
  const fm = scalarText(options.frontMatter['date']);
  if (fm !== null && !isPlaceholder(fm)) {
    const parsed = parseAdrDate(fm);
    if (parsed !== null) return parsed;
  }
  for (const line of headerLines(options.outline)) {
    const match = DATE_LINE.exec(line);
    const parsed = match ? parseAdrDate(match[1] ?? '') : null;
    if (parsed !== null) return parsed;
  }
  const changelog = options.outline.sections.find((s) => s.key === 'changelog' || s.key === 'change log');
  if (!changelog) return null;
  const dates = blockTexts(sectionContent(options.outline, changelog))
    .flatMap((t) => t.split('\n'))
    .map((line) => parseAdrDate(plainText(line)))
    .filter((d): d is string => d !== null)
    .sort();
  return dates[dates.length - 1] ?? null;
}

/**
 * Who decided, as one line (`"Ann, Bob"`), at most 200 characters, or null: front matter
 * `decision-makers` / `deciders` / `authors` / `author` (string or list), else a `Deciders:` /
 * `Decision-makers:` / `Authors:` line or bullet before the first section. Template
 * placeholders (`{list everyone involved}`) are not people.
 */
export function findDeciders(options: { frontMatter: Record<string, unknown>; outline: MarkdownOutline }): string | null {
  const candidates: string[] = [];
  for (const key of PEOPLE_KEYS) {
    const text = scalarText(options.frontMatter[key]);
    if (text !== null) candidates.push(text);
  }
  for (const line of headerLines(options.outline)) {
    const match = PEOPLE_LINE.exec(line);
    if (match?.[1]) candidates.push(match[1]);
  }
  for (const raw of candidates) {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (text === '' || isPlaceholder(text)) continue;
    return text.length > LIMITS.short ? `${text.slice(0, LIMITS.short - 1)}…` : text;
  }
  return null;
}
