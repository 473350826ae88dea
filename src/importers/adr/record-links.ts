/**
 * Which links in an ADR's text point at records (supersede-refs.ts): a link to a file the importer
 * reads, not a folder's index page; or a link whose text says "ADR N". Pure.
 */
import { isAdrFileHref, withoutAdrExtension } from './markup-family.js';

/** The phrase of a link in running text with no keyword before it: a relation only when its file is imported. */
export const MENTIONS = 'mentions';

/** True when `href` points at a record file (markup-family.ts, anchors allowed), not at a folder's index page. */
export function isRecordFileLink(href: string): boolean {
  return isAdrFileHref(href) && !isIndexPageLink(href);
}

/** True when a link points at an ADR file ({@link isRecordFileLink}; decision 0082) or its text says "ADR N". */
export function isAdrLink(href: string, text: string): boolean {
  return isRecordFileLink(href) || /\badr[\s#_-]*\d/i.test(text);
}

/**
 * True when `href` points at a folder's index page (`README.md`, `index.rst`, `toc.md`) in a
 * folder whose name carries no number: uktrade/trade-remedies-api's status badges link
 * `…/adr/README.md`, the list of all ADRs — no ADR (each of its five ADRs reported it as an ADR
 * outside the import). `../0002-x/README.md` (a folder per ADR) is an ADR's page.
 */
function isIndexPageLink(href: string): boolean {
  const parts = href.replace(/[#?].*$/, '').split('/');
  const base = withoutAdrExtension(parts.at(-1) ?? '').toLowerCase();
  return ['readme', 'index', 'toc'].includes(base) && !/\d/.test(parts.at(-2) ?? '');
}
