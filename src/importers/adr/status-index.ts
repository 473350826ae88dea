/**
 * A corpus's own status index (issue #18 "Statuses"): the README / index page that lists its
 * ADRs with their statuses — a table with a Status column (`| [001](./adr-001-x.md) | … |
 * Accepted, Implemented |`), list items that end with it (`- [ADR-001](adr-001-x.md) —
 * Accepted`, `(proposed)`; at most three words, so a description is not read as a status), or
 * lists under status headings (`### Implemented` then `- [ADR-001: Logging](adr-001-logging.md)`).
 * The import uses it for an ADR that states no status it can map (status-source.ts). Pure.
 */
import { marked, type Token, type Tokens } from 'marked';
import { posix } from 'node:path';
import { inlineSegments, plainText, tokenText } from './inline-text.js';
import { mapStatusText, normalizeStatusText, type DecisionStatus } from './status-map.js';

/** What an index page says of one ADR. */
export interface IndexedStatus {
  status: DecisionStatus;
  /** The index's own words for it (`Implemented`, `Accepted, Implemented`). */
  words: string;
  /** The index page, relative to the imported directory. */
  index_path: string;
}

/** One index page: its path relative to the imported directory (POSIX) and its text. */
export interface IndexPage {
  source_path: string;
  source: string;
}

/** `words` trimmed of the list/table punctuation around them (`- Accepted`, `(proposed)`). */
function clean(words: string): string {
  return words.replace(/\s+/g, ' ').replace(/^[\s\-–—:|,;(]+|[\s\-–—:|,;.)]+$/g, '');
}

/**
 * A mapped status for an index page's heading, or null. "RFC" is a status word (a request for
 * comments: proposed) only alone: wellcomecollection's `## RFC Listing` heads a table of all 92
 * RFCs, which it must not make proposed (round twenty); `## Accepted but not yet implemented` is
 * a status.
 */
function headingStatus(words: string): { status: DecisionStatus; words: string } | null {
  const normalized = normalizeStatusText(clean(words));
  return /^rfcs?\b/.test(normalized) && normalized !== 'rfc' ? null : statusOf(words);
}

/** A mapped status for `words`, or null. */
function statusOf(words: string): { status: DecisionStatus; words: string } | null {
  const text = clean(words);
  const mapping = text === '' ? null : mapStatusText(text);
  return mapping?.mapped ? { status: mapping.status, words: text } : null;
}

/** The imported ADR a link of `page` points at, or null. */
function target(href: string, page: string, adrPaths: ReadonlySet<string>): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return null;
  let path = href.replace(/[#?].*$/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // as written
  }
  const joined = posix.normalize(posix.join(posix.dirname(page), path)).replace(/^\.\//, '');
  return [joined, `${joined}.md`].find((p) => adrPaths.has(p)) ?? null;
}

/**
 * Per imported ADR path, the status an index page gives it: the words beside its link (same
 * table row — the "Status" column when there is one — or the same list item), else the status
 * heading the link is listed under. The first listing wins (pages in path order, then document
 * order). Links to files that are not imported ADRs are ignored.
 */
export function readStatusIndex(pages: readonly IndexPage[], adrPaths: ReadonlySet<string>): Map<string, IndexedStatus> {
  const out = new Map<string, IndexedStatus>();
  const record = (path: string | null, found: { status: DecisionStatus; words: string } | null, page: string): void => {
    if (path !== null && found !== null && !out.has(path)) out.set(path, { ...found, index_path: page });
  };
  for (const page of [...pages].sort((a, b) => (a.source_path < b.source_path ? -1 : 1))) {
    let heading: { status: DecisionStatus; words: string } | null = null;
    const items = (list: Token): void => {
      for (const item of (list as Tokens.List).items) {
        const inline = item.tokens.filter((t) => t.type === 'text' || t.type === 'paragraph').map(tokenText).join(' ');
        const segments = inlineSegments(inline);
        const last = segments.map((s) => s.kind).lastIndexOf('link');
        const after = segments.slice(last + 1).map((s) => s.text).join('');
        const own = /^\s*(?:[-–—:|]|\(|\[)/.test(after) && clean(after).split(' ').length <= 3 ? statusOf(after) : null;
        for (const s of segments) if (s.kind === 'link') record(target(s.href, page.source_path, adrPaths), own ?? heading, page.source_path);
        for (const nested of item.tokens.filter((t) => t.type === 'list')) items(nested);
      }
    };
    for (const token of marked.lexer(page.source)) {
      if (token.type === 'heading') heading = headingStatus(plainText(tokenText(token)));
      else if (token.type === 'list') items(token);
      else if (token.type === 'table') {
        const table = token as Tokens.Table;
        const column = table.header.findIndex((cell) => /\bstatus\b|ステータス|状態|状态/i.test(cell.text));
        for (const row of table.rows) {
          const links = row.flatMap((cell) => inlineSegments(cell.text).flatMap((s) => (s.kind === 'link' ? [target(s.href, page.source_path, adrPaths)] : [])));
          const cell = column >= 0 ? row[column] : undefined;
          const own = cell === undefined ? null : statusOf(plainText(cell.text));
          for (const path of links) record(path, own ?? heading, page.source_path);
        }
      }
    }
  }
  return out;
}
