/**
 * Where a reStructuredText or AsciiDoc ADR states its status (decision 0082): a `:Status:` field
 * (RST docinfo) or `:status:` attribute (AsciiDoc) or `Status:` note before the first section
 * (or a `Status:: Accepted` description / `Status` definition list item stating one, decision 0095),
 * else the first paragraph of a `Status` section (openedx's `Status` / `------` / `**Accepted**`,
 * xtdb's `== Status` / `Accepted`). The words stay in the text; the export rewrites them in place
 * when the status changed in brain. Pure.
 */
import { STATUS_KEYS } from './markdown-outline.js';
import { sectionKey, sectionParagraph, type MarkupOutline } from './markup-outline.js';
import { mapStatusText } from './status-map.js';

/** The status words as written and the lines that hold them. */
export interface MarkupStatus {
  /** One line: the field's value, or the paragraph's lines joined by a space. */
  words: string;
  origin: 'status_line' | 'status_section';
  /** 0-based first and last line of the words (the same for a field). */
  first: number;
  last: number;
  /** The column the words start at on `first`. */
  column: number;
}

/** The status `outline` states, or null. */
export function markupStatus(outline: MarkupOutline): MarkupStatus | null {
  // A list item (`Status:: Accepted`) states a status only when its words are one (decision 0095).
  const field = outline.fields.find((f) => STATUS_KEYS.has(f.key) && (f.form !== 'list_item' || mapStatusText(f.value).mapped));
  if (field !== undefined && field.value !== '') return { words: field.value, origin: 'status_line', first: field.line, last: field.line, column: field.column };
  const section = outline.sections.find((s) => STATUS_KEYS.has(sectionKey(s.text)));
  if (section === undefined) return null;
  // A directive, comment or block (`.. note::`, `----`, `[NOTE]`) states no status.
  const paragraph = sectionParagraph(outline, section);
  if (paragraph === null) return null;
  const { first, last } = paragraph;
  const line = outline.lines[first] ?? '';
  return { words: outline.lines.slice(first, last + 1).map((l) => l.trim()).join(' '), origin: 'status_section', first, last, column: line.length - line.trimStart().length };
}

/**
 * `lines` with the status at `site` replaced by `words` (one line; emphasis that wrapped the old
 * words whole, `**Accepted**`, `*Accepted*`, wraps the new ones unless they hold a link or role,
 * which inline markup cannot nest).
 */
export function withMarkupStatus(lines: readonly string[], site: MarkupStatus, words: string): string[] {
  const wrap = words.includes('`') || /\w:\S+\[/.test(words) ? '' : (/^(\*\*|\*|_)(?:.*?)\1$/.exec(site.words)?.[1] ?? '');
  const line = lines[site.first] ?? '';
  const next = `${line.slice(0, site.column)}${wrap}${words}${wrap}`;
  return [...lines.slice(0, site.first), next, ...lines.slice(site.last + 1)];
}
