/**
 * One reStructuredText or AsciiDoc ADR → a parsed ADR, as parse-adr.ts makes one from Markdown
 * (decision 0082). The text is kept as the source wrote it — no conversion to Markdown: the
 * rationale is the whole file (its title, header fields and status included) but the body of its
 * Decision section, which is the outcome; the export puts the outcome back and writes the file in
 * its own markup (exporters/adr/render-markup.ts). Read from the outline (rst-outline.ts,
 * asciidoc-outline.ts): the title (its numbering taken off as for Markdown, adr-title.ts), the
 * number (the file name's, else the title's), the status with its words (markup-status.ts), the
 * date (a `:Date:` field or `Date:` note, else one in the status words, else the earliest of a
 * Changelog section, else the name's; a month in the status words, `Accepted - January 2021`, as
 * a month: decision 0095), the deciders (`:Deciders:` / `:Authors:`, AsciiDoc's author line), the options
 * (the list items of an options section),
 * and supersede references from the status, the fields and the prose, with `:ref:` / `:doc:` /
 * `xref:` links read as links (markup-links.ts). Pure; never throws on any text.
 */
import { acceptanceStatus } from './acceptance-day.js';
import { PEOPLE_SECTIONS } from './adr-people.js';
import { isNumericDay, monthOfUnreadDay, nameDate, nameMonth, parseAdrDate, parseAdrMonth, statusMonth, swappedDateWritten, type DateOrder } from './adr-dates.js';
import { isDecisionSection, isOptionSection } from './adr-content.js';
import { CHANGELOG_SECTIONS } from './changelog-status.js';
import { headingNumber, seriesWord, stripTitlePrefix, truncateTitle } from './adr-title.js';
import { leadingNumber, nameTitle } from './file-name.js';
import { isPlaceholderTitle } from './placeholder-title.js';
import { outlineAsciidoc } from './asciidoc-outline.js';
import { markupLinksAsMarkdown } from './markup-links.js';
import { sectionKey, sectionParagraph, type MarkupOutline } from './markup-outline.js';
import { markupStatus } from './markup-status.js';
import { withoutAdrExtension, type MarkupFamily } from './markup-family.js';
import type { ParsedAdr } from './parse-adr.js';
import { outlineRst } from './rst-outline.js';
import { recordFileName } from '../../model/record-file-name.js';
import type { IndexedStatus } from './status-index.js';
import { mapStatusText } from './status-map.js';
import { collectSupersedeRefs } from './supersede-refs.js';
import { plainText } from './inline-text.js';

/** The families read here. */
export type LightMarkup = Exclude<MarkupFamily, 'markdown'>;

/** The outline of `text` (LF, no BOM) in its family. */
export function outlineMarkup(text: string, family: LightMarkup): MarkupOutline {
  return family === 'rst' ? outlineRst(text) : outlineAsciidoc(text);
}

/** The Decision section (its body runs to the next section of its level), or undefined. */
export function markupDecisionSection(outline: MarkupOutline): MarkupOutline['sections'][number] | undefined {
  const top = Math.min(...outline.sections.map((s) => s.level));
  return outline.sections.find((s) => s.level === top && isDecisionSection(sectionKey(s.text)));
}

/** Lines `[from, to)` without the blank lines at either end, joined. */
function trimmedLines(lines: readonly string[], from: number, to: number): string {
  return lines.slice(from, to).join('\n').replace(/^(?:[ \t]*\n)+/, '').trimEnd();
}

/**
 * The options of an options section: its subsections' names (xtdb's `== Options` / `=== A: single
 * statements`), else the first line of each list item at its margin (`* X`, `- X`, `. X`, `#. X`).
 */
function optionItems(outline: MarkupOutline): string[] {
  const section = outline.sections.find((s) => isOptionSection(sectionKey(s.text)));
  if (section === undefined) return [];
  const inner = outline.sections.filter((s) => s.head > section.head && s.head < section.end);
  const level = Math.min(...inner.map((s) => s.level));
  if (inner.length > 0) return inner.filter((s) => s.level === level).map((s) => s.text);
  return outline.lines.slice(section.body, section.end).flatMap((line) => {
    const m = /^(?:[*+-]|\.|#\.|\d+\.)[ \t]+(\S.*)$/.exec(line);
    return m === null ? [] : [(m[1] ?? '').trim()];
  });
}

/**
 * The paragraphs outside indented blocks (RST literal blocks, directive content) and AsciiDoc's
 * listing, literal, comment and passthrough blocks, one line each, headings and adornments
 * aside: the prose read for references.
 */
function prose(outline: MarkupOutline, family: LightMarkup): string[] {
  const headings = new Set([outline.title, ...outline.sections].flatMap((h) => (h === null ? [] : Array.from({ length: h.body - h.head }, (_, k) => h.head + k))));
  const out: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  outline.lines.forEach((line, i) => {
    const t = line.trimEnd();
    if (fence !== null) {
      if (t === fence) fence = null;
      return;
    }
    if (family === 'asciidoc' && /^(?:-{4,}|\.{4,}|\/{4,}|\+{4,}|`{3}.*)$/.test(t)) {
      fence = t.startsWith('```') ? '```' : t;
      return;
    }
    if (t === '' || /^\s/.test(line) || headings.has(i)) {
      if (current.length > 0) out.push(current.join(' '));
      current = [];
      return;
    }
    current.push(t);
  });
  if (current.length > 0) out.push(current.join(' '));
  return out;
}

/**
 * The earliest day a Changelog section states (a section named as changelog-status.ts
 * `CHANGELOG_SECTIONS` names them: `Change history`, `Changelog`, `History`, …), in its lines or
 * its subsections' titles (openedx-events 0009: `2022-10-18` / `~~~~` then `2022-09-14` / `~~~~`
 * → 2022-09-14), or null: the day the record was first written down, as adr-metadata.ts
 * `findAdrDate` reads a Markdown Changelog (decision 0089).
 */
function changelogDay(outline: MarkupOutline, order: DateOrder): string | null {
  const section = outline.sections.find((s) => CHANGELOG_SECTIONS.has(sectionKey(s.text)));
  if (section === undefined) return null;
  const days = outline.lines.slice(section.body, section.end).map((line) => parseAdrDate(line.trim(), order)).filter((d): d is string => d !== null);
  return days.sort()[0] ?? null;
}

/** A header field as a phrase the supersede reader knows: a PEP's `Superseded-By: 387` says "superseded by 387", `Replaces: 5` "supersedes 5". */
function fieldPhrase(f: { key: string; value: string }): string {
  if (f.key === 'superseded-by') return `superseded by ${f.value}`;
  if (f.key === 'replaces') return `supersedes ${f.value}`;
  return `${f.key}: ${f.value}`;
}

/**
 * Parses one ADR of `family`. `sourcePath` is the path relative to the imported directory (POSIX);
 * `labels` the RST labels of the import's files (label, lower case → path), for `:ref:` links.
 * `indexStatus` and `dateOrder` as parse-adr.ts `parseAdr` takes them.
 */
export function parseMarkupAdr(options: {
  sourcePath: string;
  source: string;
  family: LightMarkup;
  indexStatus?: IndexedStatus | null;
  dateOrder?: DateOrder;
  labels?: ReadonlyMap<string, string>;
}): ParsedAdr {
  const text = options.source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const fileName = recordFileName(options.sourcePath);
  const outline = outlineMarkup(text, options.family);
  const headingText = outline.title?.text ?? '';
  const fileNumber = leadingNumber(fileName);
  const baseName = withoutAdrExtension(fileName);
  // The first of `keys` the header states, in the keys' order (`date-accepted` before `date-created`, wherever each stands).
  const field = (...keys: string[]): string | null => keys.map((key) => outline.fields.find((f) => f.key === key && f.value !== '')).find((f) => f !== undefined)?.value ?? null;
  // No title heading: a `Title:` note of the header (a PEP's RFC 822 header; decision 0098).
  const whole = headingText === '' ? field('title') : stripTitlePrefix(headingText, fileName);
  // A template's title left as it was names nothing: the file name's words do (as parse-adr.ts reads it).
  const stated = whole !== null && isPlaceholderTitle(whole) && nameTitle(baseName) !== null ? null : whole;
  const untruncated = (stated || nameTitle(baseName) || baseName || fileName).replace(/\s+/g, ' ').trim();
  const title = truncateTitle(untruncated);
  const found = markupStatus(outline);
  const mapping = found === null ? null : mapStatusText(found.words);
  const order = options.dateOrder ?? 'day_first';
  // An index page, else the file's own day of acceptance (acceptance-day.ts), answers for a status the file does not state.
  const accepted = acceptanceStatus(options.sourcePath, (key) => ({ key, value: field(key) }), order);
  const useIndex = (options.indexStatus != null || accepted !== null) && mapping?.mapped !== true;
  const index_status = useIndex ? (options.indexStatus ?? accepted) : null;
  // The day of acceptance before the day of writing (astropy's `date-accepted:` under `date-created:`; decision 0112).
  const dateField = field('date', 'date-accepted', 'date_accepted', 'date accepted', 'created', 'date-created', 'date_created', 'date created', 'last updated', 'revdate');
  const day = (dateField === null ? null : parseAdrDate(dateField, order)) ?? (found === null ? null : parseAdrDate(found.words, order)) ?? changelogDay(outline, order);
  // A month in the status words of an accepted, rejected or proposed record (`Accepted - January 2021`), as Markdown reads it (decision 0095).
  const decisive = mapping?.mapped === true && ['accepted', 'rejected', 'proposed'].includes(mapping.status);
  const month = day !== null ? null : (dateField === null ? null : parseAdrMonth(dateField) ?? monthOfUnreadDay(dateField, order)) ?? (decisive && found !== null ? statusMonth(found.words) : null);
  const date = day ?? month ?? nameDate(fileName) ?? nameMonth(fileName);
  const precision = day === null && (month !== null || (nameDate(fileName) === null && nameMonth(fileName) !== null)) ? 'month' : null;
  // The outcome leaves the rationale; its section's heading stays, for the export to fill.
  const decision = markupDecisionSection(outline);
  const outcome = decision === undefined ? '' : trimmedLines(outline.lines, decision.body, decision.end);
  const kept = decision === undefined || outcome === '' ? outline.lines : [...outline.lines.slice(0, decision.body), '', ...outline.lines.slice(decision.end)];
  const links = (s: string): string => markupLinksAsMarkdown(s, options.family, options.sourcePath, options.labels);
  // A key written once a person (numpy's NEPs: six `:Author:` lines in NEP 13) names them all.
  const everyone = (...keys: string[]): string | null => keys.map((key) => outline.fields.filter((f) => f.key === key && f.value !== '').map((f) => f.value)).find((v) => v.length > 0)?.join(', ') ?? null;
  const people = everyone('deciders', 'decision-makers', 'authors', 'author') ?? peopleSection(outline);
  const headingNo = headingNumber(headingText, fileNumber);
  return {
    source_path: options.sourcePath,
    format: found?.origin === 'status_section' ? 'nygard' : 'plain',
    title,
    rationale: kept.join('\n').trim(),
    decision_outcome: outcome,
    alternatives: optionItems(outline),
    full_title: untruncated === title ? null : untruncated,
    adr_number: fileNumber ?? headingNo,
    // The heading's label (jenkinsci/jep's `= JEP-201: …` in `201/README.adoc`: JEP-0201), as parse-adr.ts reads it (decision 0113).
    series_word: seriesWord(headingText, fileNumber),
    // The title's line stays in the text: nothing to write back before it.
    title_prefix: null,
    heading_number: headingNo,
    date,
    date_month: precision === 'month',
    date_precision: precision,
    date_written: day === null ? null : swappedDateWritten(text, day),
    // A numeric day its `Date` field states that names none (`2020-01-45`): reported, not used (decision 0112).
    date_unread: dateField !== null && day === null && isNumericDay(dateField) ? dateField.trim() : null,
    // People as their names: jenkinsci/jep's `link:https://github.com/rtyler[R Tyler Croy]` is "R Tyler Croy".
    deciders: people !== null && options.family === 'asciidoc' && /(?:link:|https?:\/\/)\S*\[[^\]]*\]/.test(people) ? plainText(links(people)) : people,
    tags: [],
    front_matter: null,
    raw_status: found?.words ?? null,
    status_origin: found?.origin ?? null,
    status_mapping: mapping,
    section_status: null,
    index_status,
    status_text: index_status?.words ?? found?.words ?? null,
    front_matter_error: null,
    supersede_refs: [
      ...collectSupersedeRefs([found?.words ?? '', ...outline.fields.filter((f) => f.key !== 'status' && f.key !== 'title').map(fieldPhrase)].map(links), { allLinks: true }),
      ...collectSupersedeRefs([title, ...prose(outline, options.family)].map(links)),
    ].filter((ref, i, all) => all.findIndex((r) => r.direction === ref.direction && r.href === ref.href && r.number === ref.number) === i),
    leading_number: fileNumber,
  };
}

/**
 * The people an `Authors` section names (IntersectMBO/plutus-apps' RST ADRs: `Authors` / `-------` /
 * `Lorenzo Calegari <…>`; round twenty): its first paragraph's lines, or list items, joined by
 * ", "; null when there is no such section or it opens with a directive or a block.
 */
function peopleSection(outline: MarkupOutline): string | null {
  const section = outline.sections.find((s) => PEOPLE_SECTIONS.has(sectionKey(s.text)));
  const paragraph = section === undefined ? null : sectionParagraph(outline, section);
  return paragraph === null ? null : outline.lines.slice(paragraph.first, paragraph.last + 1).map((l) => l.trim().replace(/^[-*+][ \t]+/, '')).join(', ');
}
