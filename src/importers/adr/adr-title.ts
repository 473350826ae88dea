/**
 * The title of an imported ADR: the first `# ` heading, else front matter `title`, else the
 * file name; a number prefix is stripped only when it is clearly one; at most 200 characters.
 */
import { LIMITS } from '../../model/limits.js';
import { nameDate } from './adr-dates.js';
import { nameSeries } from './file-series.js';
import { plainText, tokenText } from './inline-text.js';
import { blockTexts, headerTokens, headingDepth, isAdrSectionName, type MarkdownOutline } from './markdown-outline.js';
import { openingSubheadingIndex } from './opening-title.js';
import { fieldBlockTitle } from './header-fields.js';
import { isPlaceholder } from './metadata-values.js';
import { metadataTableRows, metadataValue } from './metadata-table.js';
import { leadingNumber, nameTitle } from './file-name.js';
import { withoutAdrExtension } from './markup-family.js';

/**
 * The number a title heading gives: `ADR 042: X`, `ADR-12 - X`, `ADR 025 Commit`, `ADR 1: X`,
 * `ADR-MB-003: X`, `RFC 0042: X`, `7. X`, `15) X`, `0045: X`, `21 - X` → 42, 12, 25, 1, 3, 42, 7, 15, 45, 21; else null
 * ("3.5 million users", "2 clusters per region" carry no ADR number). In a numbered file (`fileNumber` not null), a
 * bare number before a capitalised word, `29 Kubernetes auditing`, is one too: the cross-check
 * then catches a heading copied from the previous ADR (a file 030 whose heading says 29).
 */
export function headingNumber(headingText: string, fileNumber: number | null = null): number | null {
  const text = headingText.trim();
  const match = /^adr(?:[-_][a-z]{1,8}[-_]|[\s_-]*)(\d{1,9})(?!\d|\.\d)/i.exec(text) ?? NAMED_PREFIX.exec(text) ?? /^(\d{1,9})(?:[.:)]|\s+[-–—])\s+\S/.exec(text)
    ?? (fileNumber === null ? null : /^(\d{1,9})\s+\p{Lu}/u.exec(text));
  return match ? Number.parseInt(match[1] ?? '', 10) : null;
}

/**
 * A record's name and number before a colon or a dash: `RFC 0042: X`, `RFC-7 — X`,
 * `Décision 005 — X`, `Decision 12: X`, `Entscheidung 3: X` (the word other series use for "ADR").
 */
const NAMED_PREFIX = /^(?:rfc|decision|décision|decisión|decisão|entscheidung)[\s_-]*#?(\d{1,9})\s*[.:\-–—]\s+/i;

/**
 * A heading of a file named by its day that writes a day before the title, with a label before
 * it or not (vectordotdev/vector's `2020-03-17-2064-x.md`: `RFC 2064 - 2020-03-17 - Title`,
 * `RFC #1999 - 2020-03-06 - Title`, `RFC - 2021-11-03 - Title`, `RFC 2023-05-02 - Title`, one
 * `1. RFC 3645 - 2020-08-31 - Title`), or only a series word (`RFC - Title`). Decision 0076.
 */
/**
 * Runs of blanks a title folds into one space: white space but the no-break spaces, which a title
 * keeps as written (wellcomecollection's `# RFC 016: Holdings service` is written with U+00A0
 * between its words: folded, the stored title no longer matched its source line; round twenty).
 * The labels' patterns below read a no-break space as a blank (`\s`).
 */
const BLANKS = /[^\S\u00a0\u202f]+/g;

const DATED_HEADING = /^(?:\d{1,3}\.\s+)?(?:(?:[A-Z]{2,5}(?:[-_\s]?#?\d{1,9}(?![\d-]))?\s*[-–—:]?\s*)?\d{4}-\d{1,2}-\d{1,2}(?:\s*[-–—:]\s+|\s+)|(?:RFC|RFD|KEP|TEP|ADR)\s*[-–—:]\s+)(?=\S)/;

/**
 * `title` without a numbering prefix, when the prefix is clearly one:
 * - "ADR 0001: X", "ADR-12 - X", "ADR-7. X", "ADR-MB-003: X", "ADR002: X" (an "ADR" word, a
 *   series' letters joined by dashes, and a number);
 * - "RFC 0042: X", "Décision 005 — X" ({@link NAMED_PREFIX});
 * - "Architecture Decision Record: X", "Architectural Decision — X", "ADR: X" (the record's kind, no number);
 * - "1. X", "15) X", "0045: X", "21 - X" (a number followed by `.`/`:`/`)` or a spaced dash,
 *   wmde/wikibase-release-pipeline's `# 15) X`);
 * - "23 X" only when 23 is also the file's leading number (`023-logging.md`);
 * - a template's placeholder for the number ("n. X", "NNNN: X", three x's and a dot, cisagov/manage.get.gov
 *   0010 and 0011) only when the file name is numbered: the number is the file's;
 * - "TEP-0070: X" (a series' label, 2–5 capitals) only when 70 is the file's number (Tekton);
 * - "2021-06: X" only when the file's number is that date's digits (`202106-x.md`, thanos-io/thanos).
 * A prefix is never stripped when nothing would remain. "3.5 million…" keeps its number.
 */
export function stripNumberPrefix(title: string, fileNumber: number | null): string {
  const patterns: Array<{ re: RegExp; needsFileNumber: boolean }> = [
    { re: /^adr(?:[-_][a-z]{1,8}[-_]|[\s_-]*)(\d+)\s*(?:[.:\-–—]\s*|\s+)/i, needsFileNumber: false },
    { re: NAMED_PREFIX, needsFileNumber: false },
    // The record's kind with no number: arachne-framework's `# Architecture Decision Record: Use ADRs`.
    { re: /^(?:architectur(?:e|al)\s+decision(?:\s+record)?|decision\s+record|adr)\s*[:\-–—]\s+/i, needsFileNumber: false },
    // An RFC's or a proposal's kind with no number: tikv's `# RFC: Coprocessor Cache`, cilium's
    // `# Cilium Feature Proposal: …` (round twenty); golang/proposal's `# Proposal: Smarter
    // Scavenging`, `# Design Draft: Go Vulnerability Database` (round twenty-one).
    { re: /^(?:rfc|proposal|design\s+(?:draft|doc(?:ument)?)|(?:[\p{L}-]+\s+)?(?:feature|design|enhancement)\s+proposal)\s*:\s+/iu, needsFileNumber: false },
    // The kind in brackets, as a pull request's title writes it: tensorflow/community's `# [RFC] Dataset snapshot`.
    { re: /^\[(?:rfc|proposal|design)\]\s+/i, needsFileNumber: false },
    { re: /^(\d+)(?:[.:)]|\s+[-–—])\s+/, needsFileNumber: false },
    { re: /^(\d+)\s+/, needsFileNumber: true },
    { re: /^(?:n|N{2,}|X{2,})[.:]\s+/, needsFileNumber: true },
    // A series' own label with the file's number: Tekton's `# TEP-0070: Platform support` in `0070-….md`.
    { re: /^(?:[A-Z]{2,5})[-_\s]?#?(\d{1,9})\s*[.:\-–—]\s+/, needsFileNumber: true },
    // Joined by a dash, three digits or more, then a blank: flux's `# RFC-0002 Flux OCI support` in `0002-helm-oci/README.md`.
    { re: /^(?:[A-Z]{2,5})[-_](\d{3,9})\s+(?=\S)/, needsFileNumber: true },
    // The file's dated number written as a date: thanos's `202106-proposals-process.md`, `# 2021-06: Proposal Process`.
    { re: /^(\d{4})-(\d{2})(?:-(\d{2}))?:\s+/, needsFileNumber: true },
  ];
  for (const { re, needsFileNumber } of patterns) {
    const match = re.exec(title);
    if (!match) continue;
    // "23 X" is a number prefix when 23 is the file's number, or when the file is numbered and
    // a capitalised word follows ("29 Kubernetes…" in 030-….md); "2 clusters per region" is not.
    // A placeholder stands for the file's number whenever the file has one.
    const digits = match[2] === undefined ? match[1] : `${match[1] ?? ''}${match[2]}${match[3] ?? ''}`;
    const sameNumber = digits === undefined ? fileNumber !== null : Number.parseInt(digits, 10) === fileNumber;
    if (needsFileNumber && !sameNumber && !(fileNumber !== null && /^\d+\s+\p{Lu}/u.test(title))) continue;
    const rest = title.slice(match[0].length).trim();
    if (rest !== '') return rest;
  }
  return title;
}

/**
 * `title` without its numbering prefix for a file named `fileName`: {@link stripNumberPrefix}
 * with the file's number, else a series label the file name carries (`# TEP-0070: X` in
 * `tep-0070-x.md`, the word and number alike: file-series.ts `nameSeries`). Decision 0073.
 */
export function stripTitlePrefix(title: string, fileName: string): string {
  // A dated name's heading that writes the day (and a label) before the title (decision 0076).
  const dated = nameDate(fileName) === null ? null : DATED_HEADING.exec(title);
  if (dated !== null && title.length > dated[0].length) return title.slice(dated[0].length).trim();
  const stripped = stripNumberPrefix(title, leadingNumber(fileName));
  if (stripped !== title) return stripped;
  const named = nameSeries(fileName);
  const m = SERIES_LABEL.exec(title);
  if (named === null || m === null || m[1]?.toLowerCase() !== named.word || seriesParts(m).number !== named.number) return title;
  const rest = title.slice(m[0].length).trim();
  return rest === '' ? title : rest;
}

/**
 * The attribute block a heading ends with (`{#adr_0015}`, kramdown's `{: #id .class}`: Pandoc,
 * MkDocs attr_list and Jekyll give the heading an anchor by it; wmde/wikibase-release-pipeline),
 * with the blanks before it, or '' when it ends with none. It is no part of the title: the
 * import leaves it out, the export writes it back after the title.
 */
export function headingAttributes(headingText: string): string {
  return /\s*\{:?\s*[#.][^{}]*\}\s*$/.exec(headingText)?.[0] ?? '';
}

/**
 * The ADR number as listed: `ADR-0029` (at least four digits), or under the series' own word
 * when its headings use one ({@link seriesWord}: Tekton's `TEP-0070`).
 */
export function adrLabel(number: number, word = 'ADR'): string {
  return `${word}-${String(number).padStart(4, '0')}`;
}

/**
 * A series' own label before the title: 2–5 capitals, then the number (`TEP-0070: X`, `KEP 12 – X`,
 * vector's `RFC #1999 - X`), or joined by a dash and written with three digits or more, then only a
 * blank (fluxcd/flux2's `RFC-0002 Flux OCI support`, a KEP's `KEP-2257 Kui: …`; decision 0076).
 */
const SERIES_LABEL = /^([A-Z]{2,5})(?:[-_\s]?#?(\d{1,9})\s*[.:\-–—]\s+|[-_](\d{3,9})\s+(?=\S))/;

/** The word and number of a {@link SERIES_LABEL} match. */
function seriesParts(m: RegExpExecArray): { word: string; number: number } {
  return { word: m[1] ?? '', number: Number.parseInt(m[2] ?? m[3] ?? '', 10) };
}

/**
 * The record number and series word of a file named by its day whose title heading starts with a
 * series word used as a label (vectordotdev/vector's `2020-03-17-2064-x.md`: `# RFC 2064 - 2020-03-17 - …`,
 * `# RFC #1999 - …`, `# RFC - 2021-11-03 - …`, once `# 1. RFC 3645 - …`): the number after the
 * day in the name (2064), else the heading's (`2020-11-01-x.md` with `# RFC 3550 - …`); `heading`
 * is the number the heading states (null when none), which the import reports when it differs.
 * Null for any other file, so a dated name stays numbered by its day (log4brains' `20201016-x.md`,
 * a heading `# API changes`). Decision 0076.
 */
export function datedRecord(fileName: string, headingText: string): { number: number; word: string; heading: number | null } | null {
  if (nameDate(fileName) === null) return null;
  const text = headingText.trim().replace(/^\d{1,3}\.\s+/, '');
  const word = /^([A-Z]{2,5})(?=[-_\s]?#?\d|\s*[-–—:]\s)/.exec(text)?.[1];
  if (word === undefined || word === 'ADR' || word === 'MADR') return null;
  const m = SERIES_LABEL.exec(text);
  const heading = m !== null && m[1] === word ? seriesParts(m).number : null;
  const after = /^\d{4}(?:-\d{1,2}-\d{1,2}|\d{4})[-_](\d{1,9})(?=[-_. ]|$)/.exec(fileName);
  const number = after ? Number.parseInt(after[1] ?? '', 10) : heading;
  return number === null ? null : { number, word, heading };
}

/**
 * The word a title heading labels its record with (`# TEP-0070: Platform support` → "TEP"), when
 * the number after it is the file's (`0070-….md`) and the word is not "ADR" (nor "MADR"); else
 * null (the label is then `ADR-NNNN`). Decision 0062: a label follows the corpus's own naming.
 */
export function seriesWord(headingText: string, fileNumber: number | null): string | null {
  const m = SERIES_LABEL.exec(headingText.trim());
  if (m === null || fileNumber === null || seriesParts(m).number !== fileNumber) return null;
  const word = m[1] ?? '';
  return word === 'ADR' || word === 'MADR' ? null : word;
}

/**
 * Shortens `text` to at most {@link LIMITS.title} characters: 199 characters and "…"
 * (without splitting a surrogate pair). Shorter text is returned unchanged.
 */
export function truncateTitle(text: string, max: number = LIMITS.title): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}…`;
}

/**
 * The `Name:` / `Feature Name:` / `Title:` line of the header notes (an RFC's Meta list:
 * `- **Name**: ListObjects API`), as plain text, or null.
 */
function headerName(outline: MarkdownOutline): string | null {
  for (const line of blockTexts(headerTokens(outline)).flatMap((t) => t.split('\n'))) {
    const m = /^\s*(?:feature\s+)?(?:name|title)\s*:\s*(.+)$/i.exec(plainText(line));
    if (m?.[1] && m[1].trim() !== '') return m[1].trim();
  }
  // A `Title:` field of a block of `Key: value` fields (Stellar's CAPs; header-fields.ts, decision 0098),
  // else the `title` row of a metadata table (celestia's CIPs: `| title | Shwap Protocol |`; decision 0112).
  const tabled = plainText(metadataValue(metadataTableRows(outline), ['title']) ?? '').trim();
  return fieldBlockTitle(outline) ?? (tabled === '' || isPlaceholder(tabled) ? null : tabled);
}

/**
 * The text of a `##` heading that opens the file (nothing but blank lines before it) and names
 * no ADR section, in a file with no `#` heading: thanos-io/thanos's `202203-grpc-query-api.md`
 * starts `## Introduce a Query gRPC API`. Its line stays in the rationale. Decision 0062.
 */
function openingSubheading(outline: MarkdownOutline): string | null {
  const first = outline.tokens[openingSubheadingIndex(outline)];
  if (first === undefined) return null;
  const text = tokenText(first).replace(/<!--[\s\S]*?-->/g, '').replace(BLANKS, ' ').trim();
  return text === '' ? null : text;
}

/**
 * The {@link openingSubheading} without a day and label a dated name's heading writes before its
 * title (vector's `## RFC #4155 - 2020-09-29 - AWS S3 source`: "AWS S3 source"), as an export
 * writing it as the `#` title reads it back (decision 0076); else without its numbering prefix
 * ({@link stripTitlePrefix}: `EEP 10: X` in `eep-0010.md`, round twenty).
 */
function openingTitle(outline: MarkdownOutline, fileName: string): string | null {
  const text = openingSubheading(outline);
  if (text === null) return null;
  // erlang/eep's `EEP 10: Representing Unicode…` in `eep-0010.md`: the series label is no part of the title.
  if (nameDate(fileName) === null) return stripTitlePrefix(text, fileName);
  const dated = DATED_HEADING.exec(text);
  return dated !== null && text.length > dated[0].length ? text.slice(dated[0].length).trim() : text;
}

/**
 * `text` without strong emphasis around all of it: tikv's `# **RFC: PD Endpoints to Serialize …**`
 * is titled "PD Endpoints to Serialize …" (its label off), not with the asterisks (round twenty).
 * Emphasis around part of it stays.
 */
function unwrapped(text: string): string {
  const m = /^(\*\*|__)(\S[\s\S]*?\S|\S)\1$/.exec(text);
  return m === null || (m[2] ?? '').includes(m[1] ?? '') ? text : (m[2] ?? text);
}

/**
 * The numbering the title heading writes before its title, as written (`1. `, `ADR 1: `,
 * `ADR-001 `, `0001 `, `1) `, `TEP-0070: `): what {@link stripTitlePrefix} takes off `headingText`
 * (its attribute block, {@link headingAttributes}, left aside) for a file named `fileName`;
 * null when it takes nothing. The export writes it back (decision 0070).
 */
export function headingPrefix(headingText: string, fileName: string): string | null {
  const shown = headingText.replace(/<!--[\s\S]*?-->/g, '').replace(BLANKS, ' ').trim();
  const text = unwrapped(shown.slice(0, shown.length - headingAttributes(shown).length).trim() || shown);
  const stripped = stripTitlePrefix(text, fileName);
  return stripped !== text && text.endsWith(stripped) ? text.slice(0, text.length - stripped.length) : null;
}

/**
 * The title: the first depth-1 heading's inline Markdown (HTML comments and a trailing attribute
 * block, {@link headingAttributes}, removed), else
 * `frontMatterTitle` (Docusaurus' `title: ADR002: Default …`), a number prefix stripped from
 * either per {@link stripTitlePrefix}; else the header notes' `Name:` ({@link headerName});
 * else a `##` heading opening a file that has no `#` one ({@link openingSubheading});
 * else the words of a numbered file name ({@link nameTitle}), else the file name without `.md`;
 * always non-blank and at most 200 characters.
 */
export function extractTitle(options: {
  outline: MarkdownOutline;
  frontMatterTitle: string | null;
  fileName: string;
  /** Bound in characters (default 200, the schema's). */
  max?: number;
}): string {
  const { outline, frontMatterTitle, fileName } = options;
  const heading = outline.tokens[outline.titleIndex];
  const shown = heading ? tokenText(heading).replace(/<!--[\s\S]*?-->/g, '').replace(BLANKS, ' ').trim() : '';
  const headingText = unwrapped(shown.slice(0, shown.length - headingAttributes(shown).length).trim() || shown);
  const baseName = withoutAdrExtension(fileName);
  const chosen =
    headingText !== ''
      ? stripTitlePrefix(headingText, fileName)
      : frontMatterTitle !== null
        ? stripTitlePrefix(frontMatterTitle, fileName)
        : headerName(outline) ?? openingTitle(outline, fileName) ?? nameTitle(baseName) ?? (baseName.trim() === '' ? fileName : baseName);
  return truncateTitle(chosen.replace(BLANKS, ' ').trim(), options.max);
}
