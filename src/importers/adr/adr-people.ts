/**
 * Who decided an ADR (issue #9 "Dates and people"): front matter `deciders` /
 * `decision-makers` / `authors` / `owner(s)`, the same keys in a metadata table
 * (metadata-table.ts), a `Deciders:` / `Author(s):` line or bullet in the header notes
 * (adr-metadata.ts `headerLines`), or a `Submitters` / `Authors` section. Pure; never throws.
 */
import { LIMITS } from '../../model/limits.js';
import { headerLines } from './adr-metadata.js';
import { isPlaceholder, scalarText } from './metadata-values.js';
import { frontMatterKey } from './front-matter.js';
import { listItemTexts, plainText } from './inline-text.js';
import { blockTexts, headerTokens, sectionContent, topSections, type MarkdownOutline } from './markdown-outline.js';
import { metadataTableRows, metadataValue, PEOPLE_TABLE_KEYS } from './metadata-table.js';

/** `Deciders:` and its kin (`Owner:`, a Stellar CAP's working group owner: decision 0098; getsentry/rfcs' `- RFC Driver:`, the DACI driver), also as French, German, Spanish, Portuguese and Polish templates write them (`Décideurs :`, `décisionnaires :`, `Autores:`, `Responsable:`; round twenty). */
const PEOPLE_LINE = /^\s*(?:[-*+]\s+)?(?:rfc\s+(?:driver|authors?)|deciders|decision[ -]makers|(?:proposal\s+)?authors?|author\(s\)|owners?|décideurs|décisionnaires|entscheider|entscheidungsträger|decisores|auteurs?|autor(?:es|as?)?|responsables?|responsáve(?:l|is)|autorzy)\s*:\s*(.+)$/i;
/** Sections (see `headingKey`) listing the ADR's people, one a list item (edgexfoundry's `### Submitters`); a markup record's too (plutus' RST `Authors`, parse-markup-adr.ts). */
export const PEOPLE_SECTIONS: ReadonlySet<string> = new Set(['submitters', 'authors', 'author', 'author(s)', 'deciders', 'decision makers', 'decision-makers']);
/** A bold people label with no colon (dotnet/designs' `**Owner** [A](…) | [B](…) |`; decision 0112). */
const BOLD_PEOPLE = /^\s*(?:\*\*|__)(owners?|authors?|deciders)(?:\*\*|__)[ \t]+(?![:：])(\S.*)$/i;
const PEOPLE_KEYS = ['decision-makers', 'deciders', 'authors', 'author', 'owners', 'owner'];
/**
 * The people keys of MADR's front matter as its French, Spanish, Portuguese and German
 * translations write them (MTES-MCT/zero-logement-vacant's `décideurs:`); kept as written
 * among the keys brain does not model, so the export gives them back under their own name. Decision 0090.
 */
const TRANSLATED_PEOPLE_KEYS = ['décideurs', 'décisionnaires', 'decisores', 'entscheider', 'entscheidungsträger'];

/**
 * The names listed under a people label that has no value of its own (`* Author(s):` over
 * `    * Cassie Coyle (@cicoyle)` lines: the header notes' lines after it): the list items that
 * follow, up to the first line that is no item or is a `Label:` item, markers taken off, joined
 * by ", "; null when none.
 */
function listedNames(after: readonly string[]): string | null {
  const names: string[] = [];
  for (const line of after) {
    if (line.trim() === '') continue;
    const item = /^\s*(?:[-*+]|\d{1,3}[.)])\s+(.*)$/.exec(line);
    const text = item?.[1]?.trim() ?? '';
    if (item === null || text === '' || /^[\p{L}][\p{L}\d ()/_-]{0,40}:(?:\s|$)/u.test(text)) break;
    names.push(text);
  }
  return names.length === 0 ? null : names.join(', ');
}

/** What {@link findDeciders} found: who, and the front matter key that said it (or null). */
export interface AdrPeople {
  /** One line (`"Ann, Bob"`, whitespace collapsed), at most 2 000 characters; null when none. */
  people: string | null;
  frontMatterKey: string | null;
}

/**
 * Who decided: front matter `decision-makers` / `deciders` / `authors` / `author` / `owner(s)`
 * (string or list), its translated keys, `editor(s)`, else a metadata table's `Decision makers` / `Deciders` / `Author(s)` /
 * `Owner(s)` row, else a `Deciders:` / `Decision-makers:` / `Author(s):` line or bullet before
 * the first section or in the Status section (or a bold `**Owner**` with no colon, names split by
 * `|`), else a `Submitters` / `Authors` / `Deciders`
 * section's list items (`- Lenny Goodell (Intel)`, joined by ", ") or first paragraph. Template
 * placeholders (`{list everyone involved}`) are not people; a value longer than 2 000 characters is not taken (it stays where it is written).
 */
export function findDeciders(options: { frontMatter: Record<string, unknown>; outline: MarkdownOutline }): AdrPeople {
  const candidates: Array<{ text: string; key: string | null }> = [];
  for (const key of PEOPLE_KEYS) {
    // Any case (`Authors:`, Cardano's CIPs); a key in another case is read and kept as written (key null: not modelled).
    const found = frontMatterKey(options.frontMatter, key);
    const text = found === null ? null : scalarText(options.frontMatter[found]);
    if (text !== null) candidates.push({ text, key: found === key ? key : null });
  }
  // The MADR template translated (`décideurs:`): read, and kept as written (key null: not modelled).
  for (const [key, value] of Object.entries(options.frontMatter)) {
    const text = TRANSLATED_PEOPLE_KEYS.includes(key.toLowerCase()) ? scalarText(value) : null;
    if (text !== null) candidates.push({ text, key: null });
  }
  // A specification's editor (zeromq's RFCs: `editor: Pieter Hintjens <ph@imatix.com>`, 51 of 52;
  // round twenty-one), when no decider or author key names anyone: read, kept as written.
  for (const [key, value] of Object.entries(options.frontMatter)) {
    const text = /^editors?$/i.test(key) ? scalarText(value) : null;
    if (text !== null) candidates.push({ text, key: null });
  }
  const table = metadataValue(metadataTableRows(options.outline), PEOPLE_TABLE_KEYS);
  if (table !== null) candidates.push({ text: plainText(table), key: null });
  const lines = headerLines(options.outline);
  const owners: Array<{ text: string; key: null }> = [];
  const authors: Array<{ text: string; key: null }> = [];
  for (const [at, line] of lines.entries()) {
    // `Author(s):` over a nested list of names (Dapr's proposals): the names, joined (decision 0098).
    const value = PEOPLE_LINE.exec(line)?.[1]?.trim() ?? '';
    const text = value !== '' ? value : PEOPLE_LINE.test(`${line} x`) ? listedNames(lines.slice(at + 1)) : null;
    // An `Owner:` (a Stellar CAP's working group) only when no author or decider line names anyone;
    // an `Author:` line only when no `Deciders:` line does, wherever each stands (HHS/simpler-grants-gov's
    // infra records write `Author:` above `Deciders:`; round twenty).
    if (text) (/^\s*(?:[-*+]\s+)?owners?\s*:/i.test(line) ? owners : /^\s*(?:[-*+]\s+)?(?:(?:proposal\s+)?authors?|author\(s\)|submitters?)\s*:/i.test(line) ? authors : candidates).push({ text, key: null });
  }
  // A bold label with no colon, names split by `|` (dotnet/designs' `**Owner** [Immo Landwerth](…) | [Rainer Sigwald](…) |`).
  for (const line of blockTexts(headerTokens(options.outline)).flatMap((t) => t.split('\n'))) {
    const m = BOLD_PEOPLE.exec(line);
    const text = m === null ? '' : plainText(m[2] ?? '').split('|').map((name) => name.trim()).filter((name) => name !== '').join(', ');
    if (text !== '') (/^owners?$/i.test(m?.[1] ?? '') ? owners : candidates).push({ text, key: null });
  }
  candidates.push(...authors, ...owners);
  // A top-level section only: cardano's CIP-0100 test vectors hold `#### Author` under "How-to Recreate" (round twenty-one).
  const section = topSections(options.outline).find((s) => PEOPLE_SECTIONS.has(s.key));
  const content = section ? sectionContent(options.outline, section) : [];
  const list = content.find((t) => t.type === 'list');
  const named = list ? listItemTexts(list).map((item) => plainText(item.split('\n')[0] ?? '').trim()) : blockTexts(content).slice(0, 1).map(plainText);
  if (named.some((n) => n !== '')) candidates.push({ text: named.filter((n) => n !== '').join(', '), key: null });
  for (const { text: raw, key } of candidates) {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (text === '' || isPlaceholder(text) || text.length > LIMITS.ref) continue;
    return { people: text, frontMatterKey: key };
  }
  return { people: null, frontMatterKey: null };
}
