/**
 * The excerpt under a search hit (dashboard and hub search pages; decision 0054, round six).
 * Imported ADRs open with a changelog (`- 18-06-2019: Initial draft`), a table of contents or
 * a status line, so an excerpt of the flattened text, or of its start, was often a date list.
 * The excerpt is one block of the entry's text (model/summary.ts textBlocks), chosen in this
 * order: a paragraph holding a matched word; the first paragraph of a section whose heading
 * holds one; a list item, table row or code block holding one; else the entry's why (its
 * Context paragraph) or first paragraph. A changelog line and a `Key: value` note block are
 * never the excerpt.
 */
import type { Entry } from '../../model/entry.js';
import { textBlocks, whyOf, type TextBlock } from '../../model/summary.js';
import { matchedWords } from '../../search/word-marks.js';
import { excerpt } from './markdown.js';

const WORD = /[\p{L}\p{N}]+/gu;

/** The text fields of an entry an excerpt may come from, in order: rationale, then the payload's text fields. */
function bodyFields(e: Entry): string[] {
  const p = e.payload;
  const fields = [e.rationale, p.decision_outcome, p.answer, p.resolution, p.mitigation, p.summary, p.depends_on, ...(Array.isArray(p.alternatives) ? p.alternatives : [])];
  return fields.filter((x): x is string => typeof x === 'string' && x.trim() !== '');
}

/**
 * The excerpt of `e` for a search of `terms` (markTerms of the query), plain text of about
 * `length` characters, centred on the first matched word of the chosen block ({@link excerpt}).
 * '' when the entry has no text besides its title.
 */
export function searchSnippet(e: Entry, terms: readonly string[], length = 220): string {
  const blocks: TextBlock[] = [];
  for (const field of bodyFields(e)) {
    const base = blocks.length;
    for (const b of textBlocks(field)) blocks.push(b.section < 0 ? b : { ...b, section: b.section + base });
  }
  const seen = new Map<TextBlock, boolean>();
  const holds = (b: TextBlock): boolean => {
    let found = seen.get(b);
    if (found === undefined) seen.set(b, (found = terms.length > 0 && matchedWords(terms, b.text.match(WORD) ?? []).size > 0));
    return found;
  };
  const firstParagraph = (section: number) => blocks.find((b) => b.section === section && b.kind === 'paragraph');
  const chosen =
    blocks.find((b) => b.kind === 'paragraph' && holds(b)) ??
    blocks.filter((b) => b.kind === 'heading' && holds(b)).map((h) => firstParagraph(blocks.indexOf(h))).find((b) => b !== undefined) ??
    blocks.find((b) => (b.kind === 'item' || b.kind === 'table' || b.kind === 'code') && holds(b));
  if (chosen) return excerpt(chosen.text, terms, length);
  const why = whyOf(e.rationale);
  return excerpt(why !== '' ? why : (blocks.find((b) => b.kind === 'paragraph' || b.kind === 'item')?.text ?? ''), terms, length);
}
