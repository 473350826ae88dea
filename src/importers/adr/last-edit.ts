/**
 * The day of an ADR's last edit where its front matter or metadata table states one — the last
 * resort of adr-metadata.ts `findAdrDate`, after every day of the decision and the `Last updated:`
 * lines of its header notes. Pure.
 */
import { parseAdrDate, type DateOrder } from './adr-dates.js';
import { frontMatterKey } from './front-matter.js';
import { plainText } from './inline-text.js';
import type { MarkdownOutline } from './markdown-outline.js';
import { metadataTableRows, metadataValue } from './metadata-table.js';
import { isPlaceholder, scalarText } from './metadata-values.js';

/** Front matter keys and metadata table keys (normalised) of the day of the last edit. */
const UPDATED_KEYS = ['last-updated', 'last_updated', 'last-update', 'last_update', 'last-modified', 'last_modified', 'updated', 'modified'];
const UPDATED_TABLE_KEYS = ['updated', 'last updated', 'last update', 'last modified', 'modified'];

/**
 * The day of the last edit a front matter or a metadata table states, when nothing else dates the
 * record: Meldestelle's `last_update: 2026-01-20`, tensorflow/community's `| **Updated** |
 * 2020-09-08 |` (round twenty-one: both were dated by the import). Kept where it is written.
 */
export function lastEdit(frontMatter: Record<string, unknown>, outline: MarkdownOutline, order: DateOrder): string | null {
  for (const key of UPDATED_KEYS) {
    const found = frontMatterKey(frontMatter, key);
    const text = found === null ? null : scalarText(frontMatter[found]);
    const day = text === null || isPlaceholder(text) ? null : parseAdrDate(text, order);
    if (day !== null) return day;
  }
  const table = plainText(metadataValue(metadataTableRows(outline), UPDATED_TABLE_KEYS) ?? '');
  return table === '' || isPlaceholder(table) ? null : parseAdrDate(table, order);
}
