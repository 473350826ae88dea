/**
 * Where a Markdown ADR states its title in a line the import keeps, for `brain export adr` (issue
 * #18 "export then import writes nothing", decision 0098): a title underlined with `=` (setext,
 * gRPC's A14: the import keeps its two lines whole); a `##` heading opening the file
 * (gRPC's setext `A50: Outlier Detection` / `----`, thanos' `## Introduce a Query gRPC API`) or a
 * `Title:` field of a block of fields (Stellar's CAPs, importers/adr/header-fields.ts). The import
 * keeps that line in the rationale; the export writes no `#` heading over it (the file comes back
 * as it was, and its notes under the `##` title stay where the import reads them), and a title
 * revised in brain is written into that line. Pure.
 */
import type { Token } from 'marked';
import { fieldBlockTitleAt } from '../../importers/adr/header-fields.js';
import { outlineMarkdown } from '../../importers/adr/markdown-outline.js';
import { openingSubheadingIndex } from '../../importers/adr/opening-title.js';
import { isSetextHeading } from '../../importers/adr/parse-adr.js';
import { offsetOf } from './status-placement.js';

/** A title on one line, as a heading or a field value can hold it. */
const oneLine = (title: string): string => title.replace(/\s*\n\s*/g, ' ').trim();

/**
 * `text` (an export's body without its title heading) with `title` written where the text states
 * its title — the setext title's or the opening `##` heading's text (its marks and underline kept), else
 * the `Title:` field of the header's field block (its key kept) — or null when it states it in
 * neither: the caller writes a `#` heading. The caller checks the result reads back as `title`.
 */
export function withStatedTitle(text: string, title: string): string | null {
  const outline = outlineMarkdown(text);
  const words = oneLine(title);
  // The text's own `#` title when it keeps it (a setext title, underlined with `=`), else an opening `##` one.
  const own = outline.tokens[outline.titleIndex];
  const at = own !== undefined && isSetextHeading(own) ? outline.titleIndex : openingSubheadingIndex(outline);
  if (at >= 0) {
    const token = outline.tokens[at] as Token;
    const start = offsetOf(text, outline.tokens, at);
    const raw = token.raw;
    const atx = /^([ \t]*#{1,6}[ \t]+)[^\n]*?([ \t]+#+[ \t]*)?(\n|$)/.exec(raw);
    const replaced = atx !== null ? `${atx[1] ?? ''}${words}${atx[2] ?? ''}${raw.slice(atx[0].length - (atx[3] ?? '').length)}` : raw.replace(/^[^\n]*/, words);
    return `${text.slice(0, start)}${replaced}${text.slice(start + raw.length)}`;
  }
  const field = fieldBlockTitleAt(outline);
  if (field === null) return null;
  const start = offsetOf(text, outline.tokens, field.index);
  const raw = outline.tokens[field.index]?.raw ?? '';
  const line = /^([ \t]*title[ \t]*:[ \t]*)[^\n]*/im.exec(raw);
  if (line === null) return null;
  const replaced = `${raw.slice(0, line.index)}${line[1] ?? ''}${words}${raw.slice(line.index + line[0].length)}`;
  return `${text.slice(0, start)}${replaced}${text.slice(start + raw.length)}`;
}
