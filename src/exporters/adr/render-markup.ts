/**
 * One decision imported from a reStructuredText or AsciiDoc ADR written back in its own markup
 * (decision 0082; `brain export adr` writes it to its source file name, `0001-x.rst`,
 * `0002-y.adoc`). The import kept the file's text as the rationale, all but the Decision
 * section's body (the outcome), so the file is the rationale with the outcome back under that
 * heading; then what changed in brain is written where the text says it: the status words in
 * place of the field or Status paragraph that stated them (a `:Status:` field / `:status:`
 * attribute after the title when the text states none), the title in place of the title's text
 * (an RST adornment lengthened to fit). Importing the result gives the same entry. Pure.
 */
import { posix } from 'node:path';
import type { Entry } from '../../model/entry.js';
import { adrLabelOf } from '../../model/adr-label.js';
import { stripTitlePrefix } from '../../importers/adr/adr-title.js';
import type { MarkupOutline } from '../../importers/adr/markup-outline.js';
import { markupStatus, withMarkupStatus } from '../../importers/adr/markup-status.js';
import { markupFamily } from '../../importers/adr/markup-family.js';
import { markupDecisionSection, outlineMarkup, parseMarkupAdr, type LightMarkup } from '../../importers/adr/parse-markup-adr.js';
import { recordFileName } from '../../model/record-file-name.js';

/** True when `file` is written by {@link renderMarkup}: a `.rst` or `.adoc` name. */
export function isMarkupFile(file: string): boolean {
  return markupFamily(file) !== 'markdown';
}

/** Exported decisions by id, and their files (relative to the export directory, POSIX). */
export type ExportedFiles = ReadonlyMap<string, { entry: Entry; file: string }>;

/** A link from `from` to the file of entry `id` in `from`'s markup: `:doc:` (RST), `xref:` (AsciiDoc); the id when it is not exported. */
function linkTo(id: string, from: string, files: ExportedFiles): string {
  const target = files.get(id);
  if (target === undefined) return id;
  const label = adrLabelOf(target.entry) ?? target.file;
  const href = posix.relative(posix.dirname(from), target.file) || posix.basename(target.file);
  if (markupFamily(from) === 'asciidoc') return `xref:${href}[${label}]`;
  return /\.rst$/i.test(href) ? `:doc:\`${label} <${href.replace(/\.rst$/i, '')}>\`` : `\`${label} <${href}>\`_`;
}

/**
 * The status words to write: the source's own; none when it stated none; else (the status changed
 * in brain) the status, then `; supersedes …` / `; superseded by …` as links the import reads back
 * (as render-adr.ts `statusLine` writes them in Markdown).
 */
function statusWords(entry: Entry, file: string, files: ExportedFiles): string | null {
  const text = entry.payload['status_text'];
  if (typeof text === 'string') return text;
  if ('status_text' in entry.payload && text === null) return null;
  const parts: string[] = [entry.status];
  if (entry.supersedes_entry_id !== null) parts.push(`supersedes ${linkTo(entry.supersedes_entry_id, file, files)}`);
  const successor = entry.status === 'superseded' ? [...files.values()].find((f) => f.entry.supersedes_entry_id === entry.entry_id) : undefined;
  if (successor !== undefined) parts.push(`superseded by ${linkTo(successor.entry.entry_id, file, files)}`);
  return parts.join('; ');
}

/** `lines` with the outcome under the Decision heading (a section appended when there is none). */
function withOutcome(lines: string[], outline: MarkupOutline, outcome: string, family: LightMarkup): string[] {
  if (outcome === '') return lines;
  const section = markupDecisionSection(outline);
  if (section !== undefined) return [...lines.slice(0, section.body), '', ...outcome.split('\n'), '', ...lines.slice(section.end)];
  const heading = family === 'rst' ? ['Decision', '--------'] : ['== Decision'];
  return [...lines, '', ...heading, '', ...outcome.split('\n')];
}

/** `lines` with the title's text replaced by `title` (its numbering kept), or a title added on top. */
function withTitle(lines: string[], outline: MarkupOutline, title: string, family: LightMarkup, file: string): string[] {
  const heading = outline.title;
  // A `Title:` note the title was read from (a PEP's header; decision 0098): its value.
  const note = heading === null ? outline.fields.find((f) => f.key === 'title' && f.value !== '' && f.form === undefined) : undefined;
  if (note !== undefined) {
    const line = lines[note.line] ?? '';
    return [...lines.slice(0, note.line), `${line.slice(0, note.column)}${title.replace(/\s*\n\s*/g, ' ')}`, ...lines.slice(note.line + 1)];
  }
  if (heading === null) return family === 'rst' ? ['='.repeat(Math.max(4, title.length)), title, '='.repeat(Math.max(4, title.length)), '', ...lines] : [`= ${title}`, '', ...lines];
  const stripped = stripTitlePrefix(heading.text, recordFileName(file));
  const prefix = heading.text.endsWith(stripped) ? heading.text.slice(0, heading.text.length - stripped.length) : '';
  const text = `${prefix}${title}`;
  const out = [...lines];
  if (family === 'asciidoc') {
    const marker = /^(=+|#+)[ \t]+/.exec(out[heading.line] ?? '')?.[0] ?? '= ';
    out[heading.line] = `${marker}${text}`;
    return out;
  }
  out[heading.line] = text;
  // Adornments at least as long as the text: the title stays a title.
  for (const i of [heading.head, heading.body - 1]) {
    const line = out[i] ?? '';
    if (i !== heading.line && line.length < text.length) out[i] = (line[0] ?? '=').repeat(text.length);
  }
  return out;
}

/** `lines` with a status field after the title block (RST `:Status:`, AsciiDoc `:status:` in the header). */
function withStatusField(lines: string[], outline: MarkupOutline, words: string, family: LightMarkup): string[] {
  // After the AsciiDoc header's author and revision lines, which must follow the title (decision 0095).
  let at = outline.title?.body ?? 0;
  while (outline.fields.some((f) => f.line === at && f.form === 'header_line')) at += 1;
  return family === 'rst' ? [...lines.slice(0, at), '', `:Status: ${words}`, ...lines.slice(at)] : [...lines.slice(0, at), `:status: ${words}`, ...lines.slice(at)];
}

/**
 * The file text of `entry` (imported from `file`, a `.rst` / `.adoc` name), LF line ends, a
 * trailing newline. `files`: every exported decision's file, for the links of a changed status.
 */
export function renderMarkup(options: { entry: Entry; file: string; files?: ExportedFiles }): string {
  const { entry, file } = options;
  const family = markupFamily(file) as LightMarkup;
  const outcome = String(entry.payload['decision_outcome'] ?? '').trim();
  let lines = withOutcome(entry.rationale.split('\n'), outlineMarkup(entry.rationale, family), outcome, family);
  const read = (): { text: string; outline: MarkupOutline } => {
    const text = lines.join('\n');
    return { text, outline: outlineMarkup(text, family) };
  };
  const words = statusWords(entry, file, options.files ?? new Map());
  let now = read();
  const site = markupStatus(now.outline);
  if (words !== null && site?.words !== words) lines = site === null ? withStatusField(lines, now.outline, words, family) : withMarkupStatus(lines, site, words);
  now = read();
  if (parseMarkupAdr({ sourcePath: file, source: now.text, family }).title !== entry.title) lines = withTitle(lines, now.outline, entry.title, family, file);
  return `${lines.join('\n').trimEnd()}\n`;
}
