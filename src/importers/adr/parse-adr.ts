/**
 * One ADR Markdown file → a parsed ADR (DESIGN §9). Pure: takes the text, does no I/O.
 * Cross-file work (supersede links, entry ids, reports) is done by assemble-drafts.ts.
 */
import { extractContent } from './adr-content.js';
import { nameDate, nameMonth, swappedDateWritten, type DateOrder } from './adr-dates.js';
import { detectFormat, type AdrFormat } from './adr-format.js';
import { findAdrDate, headerLines } from './adr-metadata.js';
import { scalarText } from './metadata-values.js';
import { acceptanceStatus } from './acceptance-day.js';
import { findDeciders } from './adr-people.js';
import { recordFileName } from '../../model/record-file-name.js';
import { datedRecord, extractTitle, headingAttributes, headingNumber, headingPrefix, seriesWord, truncateTitle } from './adr-title.js';
import { leadingNumber, nameTitle } from './file-name.js';
import { isPlaceholderTitle } from './placeholder-title.js';
import { withoutAdrExtension } from './markup-family.js';
import { sidecarLinks } from './sidecar-metadata.js';
import { ENGLISH_STATUS_KEYS, frontMatterKey, frontMatterSeries, frontMatterTags, frontMatterTitle, splitFrontMatter, unmodeledFrontMatter } from './front-matter.js';
import type { Token, Tokens, TokensList } from 'marked';
import { inlineReferenceLinks } from './link-definitions.js';
import { plainText, tokenText } from './inline-text.js';
import { fieldBlockTitleAt, headerSeries } from './header-fields.js';
import { blockTexts, outlineMarkdown, topSections } from './markdown-outline.js';
import { openingSubheadingIndex } from './opening-title.js';
import type { IndexedStatus } from './status-index.js';
import { metadataTableRows, metadataValue } from './metadata-table.js';
import { mapStatusText, type StatusMapping } from './status-map.js';
import { findStatus, type StatusOrigin } from './status-source.js';
import { collectSupersedeRefs, type SupersedeRef } from './supersede-refs.js';

/** Everything one file says, before it is related to the other files of its directory. */
export interface ParsedAdr {
  /** Path relative to the imported directory, POSIX separators. */
  source_path: string;
  format: AdrFormat;
  /** Non-blank, ≤ 200 characters. */
  title: string;
  /** Markdown: the body in document order without the title, the status line and the outcome (adr-content.ts). */
  rationale: string;
  /** The content of the Decision / Decision Outcome section, Markdown. */
  decision_outcome: string;
  alternatives: string[];
  /** The title's full text when it had to be cut to 200 characters (its line stays in the rationale), else null. */
  full_title: string | null;
  /** The ADR's number: the file name's, else the title heading's; or null. Kept as the citation locator. */
  adr_number: number | null;
  /** The word the title heading labels the record with (`# TEP-0070: X` → "TEP", adr-title.ts `seriesWord`), or null for "ADR". */
  series_word: string | null;
  /** The numbering the title heading writes before the title (`1. `, `ADR 1: `; adr-title.ts `headingPrefix`), or null. */
  title_prefix: string | null;
  /** The number the title heading gives (`# ADR 042: X` → 42), or null: a cross-check of the file name's. */
  heading_number: number | null;
  /** The day the ADR gives (`YYYY-MM-DD`, adr-metadata.ts), else the day its name starts with (`2022-02-07-x`), or null. */
  date: string | null;
  /** True when the ADR states only the month (`date` is its first day): `May 2023`, `202012-x.md` (decision 0073). */
  date_month: boolean;
  /** `month`, `quarter` or `year` when the file states only that (decisions 0073, 0076); null for a day or no date. */
  date_precision: 'month' | 'quarter' | 'year' | null;
  /** The date as written when it was read with month and day swapped (`2023-24-05`), else null. */
  date_written: string | null;
  /** A numeric day the file states that names no day of the calendar (`2020-01-45`), as written, else null: not used, reported (decision 0112). */
  date_unread: string | null;
  /** Its deciders / authors as one line, or null. */
  deciders: string | null;
  /** Front matter tags and category, then a metadata table's Tags (lower case, without the importer's own "adr" tag). */
  tags: string[];
  /**
   * Front matter keys the import does not model, as YAML text (front-matter.ts); '' when the file
   * has front matter and brain models every key of it, null when it has none (decision 0076).
   */
  front_matter: string | null;
  /** The status as the file writes it (one line of inline Markdown), or null when it states none. */
  raw_status: string | null;
  status_origin: StatusOrigin | null;
  /** The mapping of {@link raw_status}; null when there is none. */
  status_mapping: StatusMapping | null;
  /**
   * The status words of a Status section that maps to another status than the front matter's
   * `status:` (which wins), else null — reported, never silently dropped (decision 0105).
   */
  section_status: string | null;
  /** The corpus index's status, used because the file states none it can map (else null). */
  index_status: IndexedStatus | null;
  /** The status words stored with the entry: the file's, else the index's; null when neither. */
  status_text: string | null;
  /** The front matter's YAML error, if it has one (its status could not be read). */
  front_matter_error: string | null;
  supersede_refs: SupersedeRef[];
  /** The file name's number (`0045-x.md`, `adr-045-x.md` → 45), or null. */
  leading_number: number | null;
}

/** True for a heading written as a line underlined with `=` or `-` (setext) rather than with leading `#`. */
export function isSetextHeading(heading: { type: string; raw: string } | undefined): boolean {
  return heading?.type === 'heading' && !/^\s{0,3}#/.test(heading.raw);
}

/** `sectionRaw` when it maps to a status other than `mapping`'s (a front matter status), else null. */
function disagreeing(mapping: StatusMapping | null, sectionRaw: string | null): string | null {
  if (sectionRaw === null || mapping === null) return null;
  const section = mapStatusText(sectionRaw);
  if (!section.mapped) return null;
  return mapping.mapped && mapping.status === section.status ? null : sectionRaw;
}

/** Characters of text before a file's first `#` heading beyond which that heading is a section, not the title a front matter states (header notes are shorter). */
const PROSE_BEFORE_TITLE = 400;

/**
 * Parses one ADR. `source` may have CRLF line endings and a BOM. `sourcePath` is the path
 * relative to the imported directory (POSIX), used for the title fallback, the file number and a
 * dated name's day, by its record name (model/record-file-name.ts: `0004-x/README.md` is named `0004-x.md`).
 * `indexStatus` is what the corpus's index page says of this file (status-index.ts): it is used
 * when the file states no status, or one in its body that cannot be mapped (whose line then
 * stays in the rationale). `dateOrder` reads ambiguous numeric dates (adr-dates.ts).
 * Rules: status per status-source.ts and status-map.ts, format per adr-format.ts, title per
 * adr-title.ts, rationale / outcome / options per adr-content.ts, supersede references per
 * supersede-refs.ts. Never throws on any text.
 */
export function parseAdr(options: { sourcePath: string; source: string; indexStatus?: IndexedStatus | null; dateOrder?: DateOrder }): ParsedAdr {
  const text = options.source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const fileName = recordFileName(options.sourcePath);
  const frontMatter = splitFrontMatter(text);
  const outline = outlineMarkdown(frontMatter.body);
  const found = findStatus({ frontMatter, outline });
  const mapping = found.raw === null ? null : mapStatusText(found.raw);
  // The index answers for a file that states no status, or an unmappable one in its body.
  // Else the file's own day of acceptance (acceptance-day.ts: ghc-proposals' front matter `date-accepted: 2024-02-25`).
  const accepted = acceptanceStatus(options.sourcePath, (key) => {
    const written = frontMatterKey(frontMatter.data, key);
    return written === null ? null : { key: written, value: scalarText(frontMatter.data[written]) };
  }, options.dateOrder ?? 'day_first');
  const useIndex = (options.indexStatus != null || accepted !== null) && found.origin !== 'front_matter' && mapping?.mapped !== true;
  const index_status = useIndex ? (options.indexStatus ?? accepted) : null;
  const heading = outline.tokens[outline.titleIndex];
  const headingText = heading ? tokenText(heading) : '';
  const fmTitle = frontMatterTitle(frontMatter.data);
  const extracted = extractTitle({ outline, frontMatterTitle: fmTitle, fileName });
  // A heading still saying the template's title (alphagov/forms ADR025's "Decision Record Title (…)")
  // names nothing: the file name's words title the record, the heading line stays in the text (decision 0082).
  // A `Title:` field in a block of fields before the first `#` heading (Stellar's cap-0016: a
  // `## Preamble` block, then `# Motivation`) titles the record: that heading is a section written
  // a level up, and its line stays in the text (decision 0098).
  const fielded = fieldBlockTitleAt(outline);
  // A template's title left in an opening `##` heading too (gRPC's `Title` / `----` in `L11-ruby-interceptors.md`):
  // the name's words, its series letter and number aside.
  const base = withoutAdrExtension(fileName);
  // A `#` heading below the file's sections (shopware's `# Do you have to opt-in …?` under `##
  // Context`, `## Decision`) is a section written a level up: front matter's `title:` titles the
  // record, and the heading line stays in the text (decision 0110).
  // So is a `#` heading prepended above the record's own (npm/rfcs' withdrawn RFCs: front matter
  // `title: Changelog`, then `# Withdrawal Amendment`, then the RFC's `# Changelog`; decision 0112):
  // the front matter's title, written again by a later `#` heading, titles the record.
  const echoed = heading !== undefined && fmTitle !== null && sameWords(headingText, fmTitle) === false
    && outline.tokens.slice(outline.titleIndex + 1).some((t) => t.type === 'heading' && (t as Tokens.Heading).depth === 1 && sameWords(tokenText(t), fmTitle));
  // So is a `#` heading under the record's opening prose (bazel's `2020-09-29-new-default-target-constraint.md`:
  // front matter `title:`, 43 lines of text, then `# The problem`; round twenty-one): more than header notes before it.
  const before = outline.tokens.slice(0, Math.max(0, outline.titleIndex));
  const underProse = before.filter((t) => t.type !== 'space' && t.type !== 'html' && t.type !== 'heading').reduce((n, t) => n + t.raw.length, 0) > PROSE_BEFORE_TITLE;
  const buried = (heading !== undefined && fmTitle !== null && (before.some((t) => t.type === 'heading') || underProse)) || echoed;
  const named = buried ? fmTitle : heading !== undefined && fielded !== null && fielded.index < outline.titleIndex ? fielded.title
    : (heading !== undefined || openingSubheadingIndex(outline) >= 0) && isPlaceholderTitle(extracted) ? nameTitle(base, { series: true }) : null;
  const title = named === null ? extracted : truncateTitle(named);
  const untruncated = named ?? extractTitle({ outline, frontMatterTitle: fmTitle, fileName, max: Number.MAX_SAFE_INTEGER });
  const full_title = untruncated === title ? null : untruncated;
  // A title underlined with `=` (setext, gRPC's A14), or one whose heading spaces its words in a way
  // the title does not keep (microsoft/terminal's `Addendum 1 -  Unified …`), stays in the text as
  // written: the export writes no `#` heading over it (decision 0098).
  // The blanks before a trailing attribute block (`# 2) Cache method  {#adr_0002}`, wikimedia's Wikibase; round twenty) are no part of the title.
  const bare = headingText.replace(/<!--[\s\S]*?-->/g, '');
  const spaced = heading !== undefined && named === null && /\S(?: {2,}|\t)\S/.test(bare.slice(0, bare.length - headingAttributes(bare).length));
  const keepHeading = (full_title !== null || named !== null || spaced || isSetextHeading(heading)) && heading !== undefined;
  const content = extractContent({
    outline,
    status: useIndex ? { origin: null, words: null } : { origin: found.origin, words: found.raw },
    keepTitle: keepHeading,
  });
  // Status lines, header notes and Links sections: any ADR link is a relation; the title and the
  // prose of every section: only what a keyword states ("supersedes", "in favour of", …).
  // Section headings too: shopware's superseded records open with `## Superseded by [x](../x.md)`.
  const headings = outline.sections.map((s) => tokenText(outline.tokens[s.start] as Token));
  const definitions = (outline.tokens as TokensList).links;
  const prose = [title, ...headings, ...topSections(outline).flatMap((s) => blockTexts(outline.tokens.slice(s.start + 1, s.end)))].map((t) => inlineReferenceLinks(t, definitions));
  const format = detectFormat({
    hasFrontMatterStatus: frontMatter.status !== null,
    hasHeaderBullets: found.hasHeaderBullets,
    hasStatusSection: found.hasStatusSection,
    headingKeys: outline.sections.map((s) => s.key),
  });
  const date = findAdrDate({
    frontMatter: frontMatter.data,
    outline,
    ...(options.dateOrder ? { order: options.dateOrder } : {}),
    statusWords: found.raw,
    status: mapping?.mapped === true ? mapping.status : (index_status?.status ?? null),
    statusOrigin: found.origin,
  });
  const people = findDeciders({ frontMatter: frontMatter.data, outline });
  const tags = frontMatterTags(frontMatter.data);
  const tableTags = frontMatterTags({ tags: metadataValue(metadataTableRows(outline), ['tags', 'tag']) });
  // A header note, `- **Tags:** topic: comms` (HHS/simpler-grants-gov's 43 records; round twenty).
  const noted = headerLines(outline).map((line) => /^\s*(?:[-*+]\s+)?tags?\s*:\s*(\S.*)$/i.exec(line)?.[1]).find((v) => v !== undefined);
  const notedTags = frontMatterTags({ tags: noted ?? null });
  const allTags = [...tags.tags, ...tableTags.tags, ...notedTags.tags].filter((t, i, all) => all.indexOf(t) === i);
  const modelled = [
    // A translated status key (`statut:`) stays as written (decision 0090).
    ...(found.origin === 'front_matter' ? ENGLISH_STATUS_KEYS : []),
    ...(date.fromFrontMatter ? ['date'] : []),
    ...(people.frontMatterKey === null ? [] : [people.frontMatterKey]),
    ...tags.keys,
  ];
  // A file named by its day whose heading labels it (vector's `2020-03-17-2064-x.md`, `# RFC 2064 - …`)
  // is numbered by the label, not the day (decision 0076).
  const dated = datedRecord(fileName, headingText);
  const fileNumber = dated?.number ?? leadingNumber(fileName);
  // A day the file's name states, within the month or year the text gives (emblem's `2022-01-10-x.md`
  // under `Last updated: 2022-01`), is the more precise statement of it (round twenty).
  const nameDay = nameDate(fileName);
  const coarse = date.date !== null && (date.precision === 'month' || date.precision === 'year') && nameDay !== null && nameDay.startsWith(date.date.slice(0, date.precision === 'month' ? 7 : 4));
  const day = coarse ? nameDay : (date.date ?? nameDay ?? nameMonth(fileName));
  const precision = coarse ? null : date.date === null ? (nameDay === null && nameMonth(fileName) !== null ? 'month' : null) : (date.precision ?? null);
  const headingNo = dated === null ? headingNumber(headingText, fileNumber) : dated.heading;
  return {
    source_path: options.sourcePath,
    format,
    title,
    rationale: content.rationale,
    decision_outcome: content.decision_outcome,
    alternatives: content.alternatives,
    full_title,
    adr_number: fileNumber ?? headingNo,
    // The heading's label, else the one front matter numbers it by (a KEP's `kep-number`; decision 0076).
    // Else the one a header note labels it by (Swift Evolution's `Proposal: [SE-0001](…)`; decision 0098).
    series_word: dated?.word ?? seriesWord(headingText, fileNumber) ?? frontMatterSeries(frontMatter.data, fileNumber ?? headingNo) ?? headerSeries(outline, fileNumber ?? headingNo),
    // A title cut to 200 characters keeps its heading line in the rationale: nothing to write back.
    title_prefix: !keepHeading && heading !== undefined ? headingPrefix(headingText, fileName) : null,
    heading_number: headingNo,
    date: day,
    date_month: precision === 'month',
    date_precision: precision,
    date_written: date.date === null || coarse ? null : swappedDateWritten(text, date.date),
    date_unread: date.unread ?? null,
    deciders: people.people,
    tags: allTags,
    // '' when the file has front matter whose every key brain models (decision 0076), null when it has none.
    front_matter: frontMatter.present ? (unmodeledFrontMatter(frontMatter.yaml, modelled) ?? '') : null,
    raw_status: found.raw,
    status_origin: found.origin,
    status_mapping: mapping,
    section_status: disagreeing(mapping, found.sectionRaw),
    index_status,
    status_text: index_status?.words ?? found.raw,
    front_matter_error: frontMatter.error,
    supersede_refs: [
      ...collectSupersedeRefs(found.referenceTexts.map((t) => inlineReferenceLinks(t, definitions)), { allLinks: true }),
      ...collectSupersedeRefs(prose),
      // A KEP's `replaces` / `superseded-by` (its kep.yaml, read as front matter; decision 0082).
      ...sidecarLinks(frontMatter.data),
    ].filter((ref, i, all) => all.findIndex((r) => r.direction === ref.direction && r.href === ref.href && r.number === ref.number) === i),
    leading_number: fileNumber,
  };
}

/** True when two titles say the same words (case, inline Markdown and punctuation aside). */
function sameWords(a: string, b: string): boolean {
  const words = (t: string): string => plainText(t).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return words(a) === words(b);
}
