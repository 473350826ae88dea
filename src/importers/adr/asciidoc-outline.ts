/**
 * The outline of an AsciiDoc ADR (decision 0082), by Asciidoctor.js (`@asciidoctor/core`, the
 * reference processor cross-compiled to JavaScript): the document title and the sections with
 * their source lines (`sourcemap`), so delimited blocks, comments and conditionals are told apart
 * from headings by the processor itself. Loaded with `safe: 'secure'` (no file is read, an
 * `include::` stays a link) and its logger silenced (a file's warnings are not the import's).
 * Only line numbers are taken from it; the title and section names are the source's own text.
 * `:name: value` attribute entries, `Name: value` notes and `Status:: Accepted` description list
 * items before the first section are the header's (markup-outline.ts), and so are the author and
 * revision lines under the title (decision 0095).
 */
import { createRequire } from 'node:module';
import type Asciidoctor from '@asciidoctor/core';
import { headerFields, withEnds, type MarkupField, type MarkupHeading, type MarkupOutline, type MarkupSection } from './markup-outline.js';

type Processor = ReturnType<typeof Asciidoctor>;
type AsciidocBlock = ReturnType<Processor['load']>;

let processor: Processor | null = null;

/**
 * The one processor of this process, its logger silenced (the importer's outlines and the
 * dashboard's rendering, src/http/dashboard/asciidoc.ts). Loaded on the first AsciiDoc file
 * (through its CommonJS build, so parsing stays synchronous): loading and creating it costs ~90 ms
 * of CPU that an import of Markdown or reStructuredText files does not pay.
 */
export function asciidoctor(): Processor {
  if (processor === null) {
    const factory = createRequire(import.meta.url)('@asciidoctor/core') as typeof Asciidoctor;
    processor = factory();
    processor.LoggerManager.setLogger(processor.NullLogger.create());
  }
  return processor;
}

/** A heading whose text is on 1-based `lineNumber`: `== Name` / `## Name`, or a two-line (setext) title. */
function heading(lines: readonly string[], lineNumber: number): MarkupHeading {
  const i = Math.max(0, lineNumber - 1);
  const line = lines[i] ?? '';
  const marked = /^(?:=+|#+)[ \t]+(.*)$/.exec(line);
  if (marked !== null) return { text: (marked[1] ?? '').trim(), head: i, line: i, body: i + 1 };
  return { text: line.trim(), head: i, line: i, body: i + 2 };
}

/** The outline of `text` (LF line ends, no BOM). Never throws: a text Asciidoctor cannot load has no headings. */
export function outlineAsciidoc(text: string): MarkupOutline {
  const lines = text.split('\n');
  let doc: AsciidocBlock;
  try {
    doc = asciidoctor().load(text, { sourcemap: true, safe: 'secure' });
  } catch {
    return { lines, title: null, sections: [], fields: headerFields(lines, 0, lines.length) };
  }
  // The typings say `getHeader()` is a string; it is the header's Section, which has a line.
  const header = doc.hasHeader() ? (doc.getHeader() as unknown as { getLineNumber?(): number | undefined }) : undefined;
  const titleLine = header?.getLineNumber?.();
  const title = titleLine === undefined ? null : heading(lines, titleLine);
  const found: Array<Omit<MarkupSection, 'end'>> = [];
  const walk = (block: { getSections(): Array<{ getLevel(): number; getLineNumber(): number | undefined; getSections(): unknown[] }> }): void => {
    for (const section of block.getSections()) {
      const at = section.getLineNumber();
      if (at !== undefined) found.push({ ...heading(lines, at), level: Math.max(1, section.getLevel()) });
      walk(section as Parameters<typeof walk>[0]);
    }
  };
  walk(doc as unknown as Parameters<typeof walk>[0]);
  found.sort((a, b) => a.head - b.head);
  const sections = withEnds(found, lines.length);
  const headerEnd = sections[0]?.head ?? lines.length;
  const fields = [...headerFields(lines, 0, headerEnd, 'asciidoc'), ...tableFields(lines, 0, headerEnd)].filter((f) => title === null || f.line !== title.line);
  return { lines, title, sections, fields: title === null ? fields : [...headerLines(doc, lines, title, fields), ...fields] };
}

/** The keys a two-column table of the header states as fields (lower case). */
const TABLE_KEYS = /^(?:status|date|created|author|authors|deciders|sponsor|title|superseded-by|replaces|last updated)$/;

/**
 * The key/value rows of the two-column tables (`|===`) among `lines` `[from, to)` whose key cell
 * names a {@link TABLE_KEYS} key, as fields: jenkinsci/jep's `.Metadata` table writes each cell
 * on a line of its own (`| Status` / `| Accepted :ok_hand:`), other tables a row on one line
 * (`| Status | Accepted`). The value's line and column are where it stands, so a status written
 * back lands in its cell (render-markup.ts). A `Sponsor` is read as the authors (decision 0113).
 */
function tableFields(lines: readonly string[], from: number, to: number): MarkupField[] {
  const out: MarkupField[] = [];
  let cells: Array<{ text: string; line: number; column: number }> | null = null;
  for (let i = from; i < to; i++) {
    const line = lines[i] ?? '';
    if (/^\|===\s*$/.test(line)) {
      if (cells !== null) {
        for (let c = 0; c + 1 < cells.length; c += 2) {
          const key = cells[c]!.text.toLowerCase().replace(/\s+/g, ' ');
          const value = cells[c + 1]!;
          if (TABLE_KEYS.test(key) && value.text !== '') out.push({ key: key === 'sponsor' ? 'authors' : key, value: value.text, line: value.line, column: value.column });
        }
      }
      cells = cells === null ? [] : null;
      continue;
    }
    if (cells === null || !line.startsWith('|')) continue;
    // Each `|` opens a cell; a cell's text runs to the next `|` on its line or the line's end.
    for (const m of line.matchAll(/\|([^|]*)/g)) {
      const text = (m[1] ?? '').trim();
      cells.push({ text, line: i, column: text === '' ? line.length : line.indexOf(text, m.index + 1) });
    }
  }
  return out;
}

/**
 * The AsciiDoc header's author line and revision line, right under the title (`Jane Doe
 * <jane@x>; John Roe`, then `v1.0, 2021-09-09: note`), as read by Asciidoctor: `authors` (the
 * names, `, `-joined) and `revdate` fields (decision 0095). A line that is a field or a note
 * (`Date: 2021-09-09`, which Asciidoctor would take for an author's name) is none.
 */
function headerLines(doc: AsciidocBlock, lines: readonly string[], title: MarkupHeading, fields: readonly MarkupField[]): MarkupField[] {
  const at = title.body;
  const plain = (i: number): boolean => (lines[i] ?? '').trim() !== '' && !/^(?::|\/\/|\[|\.\w)/.test(lines[i] ?? '') && !fields.some((f) => f.line === i);
  if (!plain(at)) return [];
  const authors = String(doc.getAttribute('authors') ?? '').trim();
  const out: MarkupField[] = authors === '' ? [] : [{ key: 'authors', value: authors, line: at, column: 0, form: 'header_line' }];
  const revdate = doc.getRevisionDate();
  if (plain(at + 1) && typeof revdate === 'string' && revdate.trim() !== '' && (lines[at + 1] ?? '').includes(revdate.trim())) {
    out.push({ key: 'revdate', value: revdate.trim(), line: at + 1, column: (lines[at + 1] ?? '').indexOf(revdate.trim()), form: 'header_line' });
  }
  return out;
}

