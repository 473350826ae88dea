/**
 * Where `brain export adr` puts a decision's status and its outcome in a body it writes back:
 * token offsets in the Markdown (top-level headings and the sections they open), the status in
 * the file's own metadata table or Meta list, under its own Status heading, or after the header
 * notes. Split out of render-adr.ts (decision 0062); pure.
 */
import type { Token, Tokens } from 'marked';
import { lexMarkdown } from '../../model/markdown-tokens.js';
import { headingKey, isSubtitle, nesting, STATUS_KEYS, withPlainSectionNames } from '../../importers/adr/markdown-outline.js';
import { isShortStatus, statusLineValue } from '../../importers/adr/status-source.js';
import { RECORD_NAME_PREFIX } from '../../importers/adr/metadata-table.js';
import { tokenText } from '../../importers/adr/inline-text.js';

/** A heading's key and the level it nests at, as the import reads it (`# Status` nests as `##`). */
const headingOf = (t: Token): { depth: number; key: string } | null => (t.type === 'heading' ? { depth: nesting(t), key: headingKey((t as Tokens.Heading).text) } : null);

/** Offset of token `i` in `text`: the sum of the raws before it, else (marked left something out) where its raw first occurs. */
export function offsetOf(text: string, tokens: readonly Token[], i: number): number {
  const token = tokens[i];
  if (token === undefined) return text.length;
  const at = tokens.slice(0, i).reduce((n, t) => n + t.raw.length, 0);
  if (text.startsWith(token.raw, at)) return at;
  const found = text.indexOf(token.raw);
  return found < 0 ? text.length : found;
}

/**
 * `text` with `block` inserted at `offset` (a block boundary), one blank line around it. Only
 * blank lines are dropped at the seam: the spaces a line ends with (`## Status `) or the indent
 * the next one starts with are text the import keeps, so dropping them revised the decision.
 */
export function insertAt(text: string, offset: number, block: string): string {
  const before = text.slice(0, offset).replace(/\n\s*$/, '');
  const after = text.slice(offset).replace(/^(?:[ \t]*\n)+/, '').trimEnd();
  return [before, block, after].filter((s) => s.trim() !== '').join('\n\n');
}

/**
 * The top-level headings of `tokens` (a rationale: the title is not in it), none containing
 * another, each with its end — as the importer's topSections reads them, a subtitle's heading
 * (markdown-outline.ts `isSubtitle`) aside.
 */
export function topHeadings(tokens: readonly Token[]): Array<{ i: number; end: number; depth: number; key: string }> {
  const all = tokens.flatMap((t, i) => {
    const h = headingOf(t);
    return h === null ? [] : [{ i, ...h }];
  });
  const endOf = (h: { i: number; depth: number }): number => all.find((o) => o.i > h.i && o.depth <= h.depth)?.i ?? tokens.length;
  const [first, second] = all;
  const subtitle = first !== undefined && isSubtitle({ depth: first.depth, start: first.i, end: endOf(first) }, second && { start: second.i }) ? first : undefined;
  const out: Array<{ i: number; end: number; depth: number; key: string }> = [];
  for (const h of all) {
    if (h === subtitle) continue;
    if (out.length > 0 && h.i < (out[out.length - 1]?.end ?? 0)) continue;
    const next = all.find((o) => o.i > h.i && o.depth <= h.depth);
    out.push({ ...h, end: next?.i ?? tokens.length });
  }
  return out;
}

/** A table cell that is a status key, maybe named for its record: `**Status**`, `RFC Status:`. */
const STATUS_CELL = new RegExp(String.raw`^\s*[*_]*${RECORD_NAME_PREFIX}status[*_]*\s*:?\s*$`, 'i');
/** A Meta list's status item (`- **Status**: Approved <!-- … -->`, `- RFC Status: draft`, `* State: Draft`): label, value, comment. */
const STATUS_ITEM = new RegExp(String.raw`^(\s*[-*+]\s+(?:[*_]{1,2})?\s*${RECORD_NAME_PREFIX}(?:status|state)\s*(?:[*_]{1,2})?\s*:\s*(?:[*_]{1,2}(?=\s|$))?\s*)(.*?)(\s*<!--.*)?$`, 'i');
/** A field line (`Status: Final`): label, value, comment. */
const STATUS_FIELD_LINE = new RegExp(String.raw`^(\s*${RECORD_NAME_PREFIX}(?:status|state)\s*:\s*)(.*?)(\s*<!--.*)?$`, 'i');

/**
 * `text` with the value of its metadata table's first `Status` row replaced by `status` (one line,
 * `|` escaped): the status changed since the import, and the table is where the file states it.
 * In a table with the keys as its header (`| Created | Status |`), the value row's cell under it;
 * with no table, the value of an RFC Meta list's `- **Status**:` item (or `- State:`), else of
 * the first `Status:` / `State:` line (a block of fields, decision 0098).
 */
export function withMetadataStatus(text: string, status: string): string {
  const lines = text.split('\n');
  for (const [at, line] of lines.entries()) {
    const cells = line.split(/(?<!\\)\|/);
    const key = cells.findIndex((cell) => STATUS_CELL.test(cell));
    if (key < 0) continue;
    const value = ` ${status.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|')} `;
    const below = lines[at + 2];
    if (/^\s*\|?\s*:?-{3,}/.test(lines[at + 1] ?? '') && below !== undefined) {
      const row = below.split(/(?<!\\)\|/);
      if (key >= row.length) return text;
      row[key] = value;
      lines[at + 2] = row.join('|');
      return lines.join('\n');
    }
    if (key + 1 >= cells.length) continue;
    cells[key + 1] = value;
    lines[at] = cells.join('|');
    return lines.join('\n');
  }
  // An RFC's Meta list (`- **Status**: Approved <!-- … -->`, getsentry's `- RFC Status: draft`), Dapr's `* State: Draft`: the value, its comment kept;
  // else a field line (`Status: Final` in a Stellar CAP's block of fields, decision 0098).
  for (const re of [STATUS_ITEM, STATUS_FIELD_LINE]) {
    const at = lines.findIndex((line) => re.test(line));
    const m = at < 0 ? null : re.exec(lines[at] ?? '');
    if (m === null) continue;
    lines[at] = `${m[1] ?? ''}${status.replace(/\s*\n\s*/g, ' ')}${m[3] ?? ''}`;
    break;
  }
  return lines.join('\n');
}

/**
 * `text` with the first line of the block quote in its top-level Status section replaced by
 * `status` (made one line), the line's `>` marker kept: the status changed since the import, and
 * the quote is where the file states it (alphagov/forms' `> Accepted`, decision 0079). null when
 * the section holds no quote, or when the words would not read back as a quoted status (more
 * than status-source.ts `QUOTED_STATUS_WORDS` words): the caller writes them under the heading.
 */
export function withQuotedStatus(text: string, status: string): string | null {
  const words = status.replace(/\s*\n\s*/g, ' ').trim();
  if (!isShortStatus(words)) return null;
  const tokens = lexMarkdown(text);
  const own = topHeadings(tokens).find((h) => STATUS_KEYS.has(h.key));
  const at = own === undefined ? -1 : tokens.findIndex((t, i) => i > own.i && i < own.end && t.type === 'blockquote');
  if (at < 0) return null;
  const start = offsetOf(text, tokens, at);
  const line = /^([ \t]*>[ \t]?)[^\n]*/.exec(text.slice(start));
  return line === null ? null : `${text.slice(0, start)}${line[1] ?? '> '}${words}${text.slice(start + line[0].length)}`;
}

/**
 * `text` with the words of the top-level heading that states the status (`## Status: Accepted`,
 * status-source.ts `headingStatus`) replaced by `status` made one line, the heading's marks and
 * label kept; null when no such heading. Decision 0090.
 */
export function withHeadingStatus(text: string, status: string): string | null {
  const words = status.replace(/\s*\n\s*/g, ' ').trim();
  const tokens = lexMarkdown(text);
  const own = topHeadings(tokens).find((h) => statusLineValue(tokenText(tokens[h.i] as Token)) !== null);
  if (own === undefined) return null;
  const start = offsetOf(text, tokens, own.i);
  const line = /^([ \t]*#{1,6}[ \t]+[^\n]*?[:：][ \t]*(?:[*_]{1,2}(?=[ \t]))?[ \t]*)[^\n]*/.exec(text.slice(start));
  return line === null ? null : `${text.slice(0, start)}${line[1] ?? ''}${words}${text.slice(start + line[0].length)}`;
}

/** `text` with `status` as the first paragraph of its top-level Status section, or null when it has none. */
export function underStatusHeading(text: string, status: string): string | null {
  const tokens = lexMarkdown(text);
  const own = topHeadings(tokens).find((h) => STATUS_KEYS.has(h.key));
  return own === undefined ? null : insertAt(text, offsetOf(text, tokens, own.i) + (tokens[own.i]?.raw.length ?? 0), status);
}

/**
 * `text` with the status after its header notes (before the first heading): a `Status:` line
 * for an imported decision (so the import reads it back without adding a section to the
 * rationale), a `## Status` section for any other; `text` as is when there is no status.
 */
export function withStatus(text: string, status: string | null, imported: boolean): string {
  if (status === null) return text;
  const tokens = withPlainSectionNames(lexMarkdown(text));
  const firstHeading = tokens.findIndex((t) => t.type === 'heading');
  const split = firstHeading < 0 ? text.length : offsetOf(text, tokens, firstHeading);
  const block = imported ? `Status: ${status.replace(/\s*\n\s*/g, ' ')}` : `## Status\n\n${status}`;
  return insertAt(text, split, block);
}
