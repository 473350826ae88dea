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
/** A header note: `Date: 2021-09-09` (adr-tools' AsciiDoc template), `Status: Accepted`; not an AsciiDoc description list's `Status:: x`. */
const NOTE = /^(status|date|deciders|authors?|created|last updated)[ \t]*:(?!:)[ \t]*(.*)$/i;

/** The fields and header notes of the lines `[from, to)`, in order. */
export function headerFields(lines: readonly string[], from: number, to: number): MarkupField[] {
  const fields: MarkupField[] = [];
  for (let i = from; i < to; i++) {
    const line = lines[i] ?? '';
    const m = FIELD.exec(line) ?? NOTE.exec(line);
    if (m === null) continue;
    const value = (m[2] ?? '').trimEnd();
    fields.push({ key: (m[1] ?? '').trim().toLowerCase(), value, line: i, column: value === '' ? line.length : line.indexOf(value, (m[1] ?? '').length + 1) });
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
