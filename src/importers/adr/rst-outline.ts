/**
 * The outline of a reStructuredText ADR (decision 0082): its section titles, read over the raw
 * text by the reStructuredText rules for sections — a line of text at the margin after a blank
 * line, underlined (and optionally overlined) by one punctuation character repeated at least as
 * long as the text (or four times); levels in the order the adornment styles first appear. The
 * first title, with nothing but targets, comments and fields before it, is the document's title.
 * `:Name: value` fields, `Name: value` notes and `Status` / `   Accepted` definition list items
 * (decision 0095) before the first section are the header's.
 * Indented text (literal blocks, directive content) holds no title. No npm parser was used:
 * `restructured` (0.0.11) was last published in 2016 and `rst-compiler` renders to HTML without
 * source lines; the rules read here are the handful the importer needs. Pure.
 */
import { headerFields, withEnds, type MarkupHeading, type MarkupOutline } from './markup-outline.js';

/** One punctuation character repeated: `=====`, `-----`, `*****`, `#####`, `~~~~~`. */
const ADORNMENT = /^([!-/:-@[-`{-~])\1*$/;

function isAdornment(line: string | undefined): boolean {
  const t = (line ?? '').trimEnd();
  return t.length >= 2 && ADORNMENT.test(t);
}

/** A line that may be a title's text: at the margin, not blank, not adornment, not explicit markup. */
function isTitleText(line: string | undefined): boolean {
  return line !== undefined && line.trim() !== '' && !/^\s/.test(line) && !isAdornment(line) && !line.startsWith('.. ');
}

/** Blank, a target or comment (`.. _ADR-3:`, `..`), or a field: what may come before the title. */
function isPreamble(line: string): boolean {
  return line.trim() === '' || line.startsWith('..') || /^\s/.test(line) || /^:[^:]+:/.test(line);
}

/** The outline of `text` (LF line ends, no BOM). Never throws. */
export function outlineRst(text: string): MarkupOutline {
  const lines = text.split('\n');
  const headings: Array<MarkupHeading & { style: string }> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const before = i === 0 || (lines[i - 1] ?? '').trim() === '';
    if (!before) continue;
    const over = line.trimEnd();
    const text = lines[i + 1];
    // Overlined: `====` / `Title` / `====` (the text may be indented).
    if (isAdornment(over) && text !== undefined && text.trim() !== '' && !isAdornment(text) && (lines[i + 2] ?? '').trimEnd() === over && over.length >= text.trim().length) {
      headings.push({ text: text.trim(), head: i, line: i + 1, body: i + 3, style: `o${over[0]}` });
      i += 2;
      continue;
    }
    // Underlined: `Title` / `=====`.
    const under = (lines[i + 1] ?? '').trimEnd();
    if (isTitleText(line) && isAdornment(under) && (under.length >= line.trimEnd().length || under.length >= 4)) {
      headings.push({ text: line.trim(), head: i, line: i, body: i + 2, style: `u${under[0]}` });
      i += 1;
    }
  }
  const first = headings[0];
  const titled = first !== undefined && lines.slice(0, first.head).every(isPreamble);
  const title = titled ? first : null;
  const rest = titled ? headings.slice(1) : headings;
  const styles = [...new Set(rest.map((h) => h.style))];
  const sections = withEnds(
    rest.map(({ style, ...h }) => ({ ...h, level: styles.indexOf(style) + 1 })),
    lines.length,
  );
  const header = headerFields(lines, 0, sections[0]?.head ?? lines.length, 'rst').filter((f) => title === null || f.line < title.head || f.line >= title.body);
  return { lines, title: title === null ? null : { text: title.text, head: title.head, body: title.body, line: title.line }, sections, fields: header };
}
