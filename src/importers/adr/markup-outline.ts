/**
 * The outline of a reStructuredText or AsciiDoc ADR (decision 0082): where its title and its
 * sections are, by line, and the `:Name: value` fields of its header — what the importer reads
 * from such a file, while the text itself is kept as the source wrote it. Made by
 * rst-outline.ts and asciidoc-outline.ts. Pure.
 */

/** A heading: its name (inline markup as written) and the lines it spans. */
export interface MarkupHeading {
  /** The heading's text as written, trimmed (`1. Purpose of this Repo`, `Status`). */
  text: string;
  /** 0-based index of the heading's first line (an RST overline, an AsciiDoc `==` line). */
  head: number;
  /** 0-based index of the first line after the heading (after an RST underline). */
  body: number;
  /** 0-based index of the line holding the text. */
  line: number;
}

/** A section below the title. */
export interface MarkupSection extends MarkupHeading {
  /** 1 for the first level under the title, deeper sections more. */
  level: number;
  /** 0-based index of the first line after the section and its subsections. */
  end: number;
}

/** A `:Name: value` field (RST docinfo, AsciiDoc attribute entry) or a `Name: value` header line. */
export interface MarkupField {
  /** Lower case, e.g. `status`, `date`. */
  key: string;
  value: string;
  /** 0-based line index, and the column the value starts at. */
  line: number;
  column: number;
  /**
   * How the header states it when not as a field or note: an AsciiDoc description list item
   * (`Status:: Accepted`), an RST definition list item (`Status` then the value indented), the
   * AsciiDoc header's author or revision line (decision 0095). A list item's value is read only
   * when it is a status or a date (xtdb 0001's `Status:: A decision may be …` explains, states none).
   */
  form?: 'list_item' | 'header_line';
}

/** What a reader finds in one file. */
export interface MarkupOutline {
  /** The text's lines (LF, no BOM). */
  lines: string[];
  title: MarkupHeading | null;
  sections: MarkupSection[];
  /** Fields before the first section (the header), in order. */
  fields: MarkupField[];
}

/**
 * The lines `[first, last]` of the first paragraph of `section`'s own text (before any
 * subsection), or null when it has none. A paragraph that opens with a directive, comment or
 * block (`.. note::`, `----`, `[NOTE]`, `|===`, `//`) is none: it states no value.
 */
export function sectionParagraph(outline: MarkupOutline, section: MarkupSection): { first: number; last: number } | null {
  const stop = Math.min(section.end, ...outline.sections.filter((s) => s.head > section.head).map((s) => s.head));
  let first = section.body;
  while (first < stop && (outline.lines[first] ?? '').trim() === '') first += 1;
  if (first >= stop || /^(?:\.\.|\[|-{4}|={4}|\|===|\/\/)/.test(outline.lines[first]?.trim() ?? '')) return null;
  let last = first;
  while (last + 1 < stop && (outline.lines[last + 1] ?? '').trim() !== '') last += 1;
  return { first, last };
}

/** The lower-case key a section name is compared by: markup and numbering taken off (`**Status**`, `1. Context`). */
export function sectionKey(text: string): string {
  return text
    .replace(/[*_`]+/g, '')
    .replace(/^\s*(?:\d+(?:\.\d+)*\.?|[ivx]+\.)\s+/i, '')
    .trim()
    .toLowerCase()
    .replace(/\s*:$/, '');
}

/** A field: `:Status: Accepted` (RST docinfo, AsciiDoc attribute entry). */
const FIELD = /^:([A-Za-z][\w .-]{0,30}):(?:[ \t]+(.*))?$/;
/**
 * A header note: `Date: 2021-09-09` (adr-tools' AsciiDoc template), `Status: Accepted`; not an
 * AsciiDoc description list's `Status:: x`. Also the RFC 822 header a PEP opens with (`PEP: 8`,
 * `Title: Style Guide for Python Code`, `Author: A,` over indented continuation lines,
 * `Superseded-By: 387`, `Replaces: 5`; decision 0098); astropy's APEs' `date-created:` and `date-accepted:`
 * notes (decision 0112). Also as a list item, `* Status: x` (headerFields).
 */
const NOTE = /^(status|date|date[-_ ](?:accepted|created)|deciders|authors?|created|last updated|title|superseded-by|replaces)[ \t]*:(?!:)[ \t]*(.*)$/i;
/** Notes whose value may go on over indented lines (RFC 822 folding): the people and the links; a status or a title stays on its line. */
const FOLDED = new Set(['author', 'authors', 'deciders', 'superseded-by', 'replaces']);

/** An AsciiDoc description list item naming a header note: `Status:: Accepted`, `Date:: 2021-09-09` (decision 0095). */
const DLIST = /^(status|date|deciders|authors?|created|last updated)[ \t]*::[ \t]+(\S.*)$/i;
/** An RST definition list term naming a header note, its value on the next line, indented: `Status` / `   Accepted` (decision 0095). */
const TERM = /^\**(status|date|deciders|authors?|created|last updated)\**[ \t]*$/i;

/**
 * An RST directive naming a header note: ghc-proposals' `.. author:: Adam Gundry` and
 * `.. date-accepted:: 2017-02-04` under the title (round twenty).
 */
const DIRECTIVE = /^\.\.[ \t]+(status|date|date-accepted|created|deciders|authors?)::[ \t]+(\S.*)$/i;

/** The definition list item at line `i` (RST), its value the indented line after the term, or null. */
function definitionItem(lines: readonly string[], i: number): MarkupField | null {
  const term = TERM.exec(lines[i] ?? '');
  const next = lines[i + 1] ?? '';
  if (term === null || !/^[ \t]+\S/.test(next) || (lines[i + 2] ?? '').trim() !== '') return null;
  const value = next.trim();
  return { key: (term[1] ?? '').toLowerCase(), value, line: i + 1, column: next.indexOf(value), form: 'list_item' };
}

/** The fields and header notes of the lines `[from, to)`, in order; with `lists`, description / definition list items too. */
export function headerFields(lines: readonly string[], from: number, to: number, lists?: 'asciidoc' | 'rst'): MarkupField[] {
  const fields: MarkupField[] = [];
  for (let i = from; i < to; i++) {
    const line = lines[i] ?? '';
    const item = lists === 'rst' ? definitionItem(lines, i) : null;
    if (item !== null) {
      fields.push(item);
      i += 1;
      continue;
    }
    const listed = lists === 'asciidoc' ? DLIST.exec(line) : lists === 'rst' ? DIRECTIVE.exec(line) : null;
    if (listed !== null) {
      const value = (listed[2] ?? '').trimEnd();
      fields.push({ key: (listed[1] ?? '').toLowerCase(), value, line: i, column: line.indexOf(value, (listed[1] ?? '').length + 2), form: 'list_item' });
      continue;
    }
    // A note may be a list item, as MADR 2's header bullets are written in reStructuredText
    // (mozilla/normandy's `* Status: retrospective` / `* Last Updated: 2021-05-07`).
    const bullet = /^[-*+][ \t]+/.exec(line)?.[0] ?? '';
    const m = FIELD.exec(line) ?? NOTE.exec(line.slice(bullet.length));
    if (m === null) continue;
    const lead = m.input === line ? 0 : bullet.length;
    const key = (m[1] ?? '').trim().toLowerCase();
    const value = (m[2] ?? '').trimEnd();
    let folded = value;
    for (let k = i + 1; FOLDED.has(key) && k < to && /^[ \t]+\S/.test(lines[k] ?? '') && FIELD.exec((lines[k] ?? '').trim()) === null; k++) folded = `${folded} ${(lines[k] ?? '').trim()}`.trim();
    fields.push({ key, value: folded, line: i, column: value === '' ? line.length : line.indexOf(value, lead + (m[1] ?? '').length + 1) });
  }
  return fields;
}

/**
 * The sections' ends: each runs to the next heading of its level or a higher one (its
 * subsections included), the last to the end of the text.
 */
export function withEnds(sections: ReadonlyArray<Omit<MarkupSection, 'end'>>, total: number): MarkupSection[] {
  return sections.map((s, i) => {
    const next = sections.slice(i + 1).find((n) => n.level <= s.level);
    return { ...s, end: next?.head ?? total };
  });
}
