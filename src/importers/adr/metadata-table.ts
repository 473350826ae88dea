/**
 * ADR metadata written as a Markdown key/value table (issue #18 "Any real ADR corpus in,
 * faithfully"), as nats-io/nats-architecture-and-design does:
 *
 *     |Metadata|Value|
 *     |--------|-----|
 *     |Date    |2020-04-30|
 *     |Status  |Implemented|
 *
 * A table is the ADR's metadata when it has exactly two columns, stands in the header notes
 * (before the first section), in the Status section or in a `Metadata` section, and its first
 * column names at least one known key (Status, Date, Author(s), Deciders, Tags, Supersedes, …;
 * any case, trailing colon allowed). The header row is a row too when its first cell is a known
 * key (a table without a `Metadata|Value` / `Field|Value` label row); otherwise it is a label.
 * A table of one row whose header cells are all known keys (`| Created | Status |`) is read
 * across: each header cell is a key, the cell under it its value.
 * A table set in a block quote (`> | Status | \`RFC\` |`, the NHS England ADR template) counts as
 * one there. Tables anywhere else (revision logs, API field lists deep in the body) are never
 * read. Pure.
 */
import type { Token, Tokens } from 'marked';
import { decodeCharacterReferences, plainText } from './inline-text.js';
import { sectionContent, statusSectionOf, type MarkdownOutline } from './markdown-outline.js';

/** One row: the key normalised (lower case, single spaces, no colon), the value as inline Markdown. */
export interface MetadataRow {
  key: string;
  value: string;
}

/**
 * The same keys as Chinese and Japanese design-document templates write them (PaddlePaddle/
 * community's RFCs: `|提交作者<input …> | 陈明 |`, `|提交时间<input …> | 2022-03-01 |` — submitted
 * by, submitted on; the HTML in the key cell is no part of its text). Decision 0098.
 */
export const TRANSLATED_TABLE_KEYS = {
  status: ['状态', '状態', 'ステータス'],
  date: ['提交时间', '提交日期', '创建时间', '创建日期', '日期', '作成日', '起票日', '日付'],
  people: ['提交作者', '作者', '负责人', '作成者', '起票者', '担当者'],
} as const;

/**
 * Records a status may be named for (`| RFC Status | Approved |`, `- ADR Status: accepted`):
 * the table keys here, the status line (status-source.ts) and the exporter's status placement
 * read this one list — never another status (`Implementation Status`). Decision 0107.
 */
const STATUS_RECORD_NAMES = ['rfc', 'adr', 'proposal', 'decision'] as const;

/** The table keys of a status named for its record (`rfc status`, …; normalised, see {@link metadataKey}). */
export const NAMED_STATUS_KEYS: readonly string[] = STATUS_RECORD_NAMES.map((name) => `${name} status`);

/** Regular-expression source: an optional record name and the space after it, before a status label (`RFC ` in `RFC Status:`). */
export const RECORD_NAME_PREFIX = `(?:(?:${STATUS_RECORD_NAMES.join('|')})\\s+)?`;

/** Keys that make a table metadata (normalised, see {@link metadataKey}). */
const KNOWN_KEYS: ReadonlySet<string> = new Set([
  'status', 'date', 'created', 'created on', 'creation date', 'decision date', 'decided', 'decided on', 'last updated', 'updated', 'last modified',
  // An RFC's `| **Start Date** | 30 June 2023 |` (polkadot-fellows/RFCs; decision 0098).
  'start date',
  // Qiskit/RFCs' `| **Submitted** | 2023-10-03 |`, celestia's CIPs' `| title | Shwap Protocol |` (decision 0112).
  'submitted', 'submitted on', 'date submitted', 'date accepted', 'accepted on', 'accepted date', 'approved on', 'title',
  // NixOS' RFC 140 writes its front matter keys as a table: `| start-date | 2022-09-02 |` (decision 0113).
  'start-date',
  'author', 'authors', 'author(s)', 'deciders', 'decision makers', 'decision-makers', 'owner', 'owners',
  'tags', 'tag', 'supersedes', 'superseded by', 'updates', 'updated by', 'amends', 'amended by',
  ...TRANSLATED_TABLE_KEYS.status, ...TRANSLATED_TABLE_KEYS.date, ...TRANSLATED_TABLE_KEYS.people, ...NAMED_STATUS_KEYS,
]);

/** Section names (lower case) whose table is the ADR's metadata. */
const METADATA_SECTIONS: ReadonlySet<string> = new Set(['metadata', 'meta data', 'metadata table']);

/** `"**Decision Makers:**"` → `"decision makers"`. */
export function metadataKey(cell: string): string {
  return plainText(cell).toLowerCase().replace(/\s+/g, ' ').replace(/\s*:\s*$/, '').trim();
}

/**
 * The rows of `token` when it is a two-column table whose first column names a known key, or a
 * table of one row under a header of known keys (backstage's `| Created | Status |` over
 * `| 2020-05-17 | Open |`); else null.
 */
function rowsOf(token: Token): MetadataRow[] | null {
  if (token.type === 'html') return htmlRows(token.raw);
  if (token.type !== 'table') return null;
  const table = token as Tokens.Table;
  const keys = table.header.map((cell) => metadataKey(cell.text));
  const [only] = table.rows;
  if (table.rows.length === 1 && only !== undefined && keys.every((k) => KNOWN_KEYS.has(k)) && !KNOWN_KEYS.has(metadataKey(only[0]?.text ?? ''))) {
    return keys.map((key, i) => ({ key, value: (only[i]?.text ?? '').trim() }));
  }
  if (table.header.length !== 2) return null;
  const cells = [table.header, ...table.rows];
  const rows = cells.map(([key, value]) => ({ key: metadataKey(key?.text ?? ''), value: (value?.text ?? '').trim() }));
  const known = rows.filter((r) => KNOWN_KEYS.has(r.key));
  if (known.length === 0) return null;
  // The header row is a label row (Metadata|Value) unless it names a key itself.
  return continued(KNOWN_KEYS.has(rows[0]?.key ?? '') ? rows : rows.slice(1));
}

/**
 * The rows of an HTML table of two cells a row, when one of its keys is known: conda's CEPs open
 * with `<table>` / `<tr><td> Status </td><td> Draft </td></tr>` / `<tr><td> Author(s) </td><td>
 * Jaime &lt;j@x&gt;</td></tr>` (47 records; round twenty). A cell is what follows its `<td>` or
 * `<th>` up to the next cell, row or table tag (a closing tag may be left out, as HTML allows),
 * its tags taken off and its character references decoded (`&lt;` and `&gt;` as escaped Markdown,
 * so an address in angle brackets reads as written). Null for any other HTML.
 */
function htmlRows(html: string): MetadataRow[] | null {
  if (!/^\s*<table[\s>]/i.test(html)) return null;
  const rows = html.split(/<tr[\s>]/i).slice(1).map((row) => [...row.matchAll(/<t[dh](?:\s[^>]*)?>([\s\S]*?)(?=<\/?t[dhr][\s>]|<\/table|$)/gi)]
    .map((cell) => decodeCharacterReferences((cell[1] ?? '').replace(/<[^>]*>/g, '').replace(/&lt;/gi, '\\<').replace(/&gt;/gi, '\\>')).replace(/\s+/g, ' ').trim()));
  if (rows.some((cells) => cells.length !== 2)) return null;
  const out = rows.map(([key, value]) => ({ key: metadataKey(key ?? ''), value: value ?? '' }));
  return out.some((r) => KNOWN_KEYS.has(r.key)) ? continued(out) : null;
}

/** Keys (normalised) whose values are lists of people, those naming who decided first (adr-people.ts reads them in this order): a continuation row adds a name to them. */
export const PEOPLE_TABLE_KEYS: readonly string[] = ['decision makers', 'decision-makers', 'deciders', 'authors', 'author(s)', 'author', 'owners', 'owner', ...TRANSLATED_TABLE_KEYS.people];

/**
 * `rows` with each row whose key cell is empty joined to the row above: Qiskit's and celestia's
 * tables give each further author a row of its own (`| **Authors** | A (a@x) |` / `|  | B (b@x) |`;
 * decision 0112). A person joins a list of people after a comma (a trailing one dropped), other
 * text after a space.
 */
function continued(rows: readonly MetadataRow[]): MetadataRow[] {
  const out: MetadataRow[] = [];
  for (const row of rows) {
    const last = out.at(-1);
    if (row.key !== '' || last === undefined) out.push({ ...row });
    else if (row.value !== '') last.value = last.value === '' ? row.value : PEOPLE_TABLE_KEYS.includes(last.key) ? `${last.value.replace(/[\s,;]+$/, '')}, ${row.value}` : `${last.value} ${row.value}`;
  }
  return out;
}

/**
 * The rows of the ADR's metadata table (see the module comment), in source order; [] when it has
 * none. The first qualifying table wins. Never throws.
 */
export function metadataTableRows(outline: MarkdownOutline): MetadataRow[] {
  const status = statusSectionOf(outline);
  const metadata = outline.sections.filter((s) => METADATA_SECTIONS.has(s.key));
  const candidates = [
    ...outline.preamble,
    ...(status ? sectionContent(outline, status) : []),
    ...metadata.flatMap((s) => sectionContent(outline, s)),
  ];
  // A table set in a block quote (`> | Date | \`05/06/2023\` |`, NHSDigital's ADR template) is read as one.
  for (const token of candidates.flatMap((t) => (t.type === 'blockquote' ? (t as Tokens.Blockquote).tokens : [t]))) {
    const rows = rowsOf(token);
    if (rows !== null) return rows;
  }
  return [];
}

/** The first non-blank value of the first of `keys` the rows hold (keys normalised), or null. */
export function metadataValue(rows: readonly MetadataRow[], keys: readonly string[]): string | null {
  for (const key of keys) {
    const row = rows.find((r) => r.key === key && r.value !== '');
    if (row) return row.value;
  }
  return null;
}
