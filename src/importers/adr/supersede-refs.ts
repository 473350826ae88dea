/**
 * Supersede references in ADR text, in both directions (DESIGN §9: "superseded by" in any of
 * the places a status is written): "Superseded by [ADR-0057](0057-x.md)", "superseded by 036",
 * "accepted; supersedes ADR-0045", "- Supersedes [20200926-…](20200926-….md)".
 * A reference names its target by link (`href`) and/or by ADR number; resolving it to a file
 * is the caller's job (see supersede-links.ts).
 */
import { inlineSegments } from './inline-text.js';

/** One reference: this ADR is superseded by the target, or supersedes it. */
export interface SupersedeRef {
  direction: 'superseded_by' | 'supersedes';
  /** The link target as written (`0057-x.md`, `../a/b.md#top`), or null for a bare number. */
  href: string | null;
  /** The ADR number named (`ADR-0057` → 57, `036. Multi-cluster` → 36), or null. */
  number: number | null;
}

/** "superseded by" (and misspellings) or "supersedes", with an optional colon after it. */
const KEYWORD = /\b(?:(superse(?:e)?ded|superceded)\s+by|supersedes|supercedes)\b\s*:?/gi;
/** An ADR number right after the keyword: "ADR-0057", "#12", "036", "adr 7". */
const NUMBER_AFTER = /^\s*(?:adr|decision)?[\s#_-]*(\d{1,9})\b/i;
/** The first number in a link's text: "036. Multi-cluster", "ADR-0057". */
const NUMBER_IN = /(?:^|[^\p{L}\p{N}])(?:adr[\s#_-]*)?(\d{1,9})(?![\p{N}])/iu;
/** A clause boundary: a pending keyword does not reach a link beyond it. */
const BOUNDARY = /[;\n]|\.\s/;

function toNumber(digits: string | undefined): number | null {
  if (digits === undefined) return null;
  const n = Number.parseInt(digits, 10);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * Supersede references in one inline Markdown text. After a keyword, an ADR number that
 * follows directly is the target; otherwise the next link in the same clause is (its number,
 * from the link text, is kept as a fallback). Keywords with neither ("superseded by log4j")
 * yield nothing. Pure; never throws.
 */
export function findSupersedeRefs(markdown: string): SupersedeRef[] {
  const refs: SupersedeRef[] = [];
  let pending: SupersedeRef['direction'] | null = null;
  for (const segment of inlineSegments(markdown)) {
    if (segment.kind === 'link') {
      if (pending !== null) {
        refs.push({ direction: pending, href: segment.href, number: toNumber(NUMBER_IN.exec(segment.text)?.[1]) });
        pending = null;
      }
      continue;
    }
    const text = segment.text;
    let matched = false;
    for (const match of text.matchAll(KEYWORD)) {
      matched = true;
      const direction = /by\s*:?$/i.test(match[0]) ? 'superseded_by' : 'supersedes';
      const rest = text.slice((match.index ?? 0) + match[0].length);
      const number = toNumber(NUMBER_AFTER.exec(rest)?.[1]);
      if (number !== null) {
        refs.push({ direction, href: null, number });
        pending = null;
      } else {
        pending = BOUNDARY.test(rest) ? null : direction;
      }
    }
    if (!matched && pending !== null && BOUNDARY.test(text)) pending = null;
  }
  return refs;
}

/**
 * References in several texts, de-duplicated (same direction, href and number), in order.
 */
export function collectSupersedeRefs(texts: readonly string[]): SupersedeRef[] {
  const seen = new Set<string>();
  const out: SupersedeRef[] = [];
  for (const text of texts) {
    for (const ref of findSupersedeRefs(text)) {
      const key = `${ref.direction}\u0000${ref.href ?? ''}\u0000${ref.number ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(ref);
    }
  }
  return out;
}
