/**
 * The blocks of a rationale that are never its "why" (model/summary.ts `whyOf`, issue #9 "Clean
 * text"): markup furniture of reStructuredText and AsciiDoc records, tables of contents, people
 * lists, images, folded blocks and banners. Pure; reads marked's tokens.
 */
import type { Token } from 'marked';

const children = (token: Token): Token[] => ('tokens' in token && Array.isArray(token.tokens) ? (token.tokens as Token[]) : []);

/**
 * A paragraph that is markup furniture in the Markdown reading of a reStructuredText or AsciiDoc
 * record, never its why: an RST label, directive or comment (`.. _NEP18:`, numpy's 56 NEPs), an
 * AsciiDoc title or section line (`= 39. Affero GNU Public License`, xtdb's 38 ADRs), a field
 * list (`:Author: …` lines), an attribute or block marker (`[TOC]`, `[[anchor]]`, `[source,java]`),
 * or a line of `=` / `-` / `~` (an RST over- or underline). Round twenty-one.
 */
export const MARKUP_FURNITURE = /^(?:\.\.(?:\s|$)|=+\s|:[\w -]+:(?:\s|$)|\[(?:TOC|\[[^\]]*\]|[\w.#-]+(?:,[^\]]*)?)\]$|[=\-~^*+#]{3,}(?:\s|$))/i;

/** A people label (`Authors:`, `**Deciders**:`) at the start of a line. */
const PEOPLE_LABEL = /^(?:\*\*|__)?(?:authors?|author\(s\)|deciders|decision[ -]makers|owners?|reviewers?|approvers?|sponsors?|contributors?|editors?)\s*:?(?:\*\*|__)?\s*:/i;

/** A people label alone (`Authors:`, zarr's ZEPs, over a list of names): the list under it is no why. */
export function isPeopleLabel(token: Token | undefined): boolean {
  return token?.type === 'paragraph' && /^(?:\*\*|__)?(?:authors?|author\(s\)|deciders|decision[ -]makers|owners?|reviewers?|approvers?|sponsors?|contributors?|editors?)\s*:?(?:\*\*|__)?\s*:?$/i.test(token.raw.trim());
}

/** A one-line note naming people (astropy's `authors: Tom Aldcroft, Erik Tollerud` under the title): a header note, no why. */
export function isPeopleNote(token: Token): boolean {
  return token.type === 'paragraph' && !token.raw.trim().includes('\n') && PEOPLE_LABEL.test(token.raw.trim());
}

/**
 * Text beside the why (round twenty-one): a paragraph of images only (open-telemetry's
 * `![drawing](img/…)` gave "drawing"); a folded `<details>` block ({@link foldedTokens}: onflow's
 * "Table of Contents") is another.
 */
export function isAside(token: Token): boolean {
  return token.type === 'paragraph' && children(token).length > 0 && children(token).every((c) => c.type === 'image' || (c.type === 'link' && children(c).every((k) => k.type === 'image')) || (c.type === 'text' && c.raw.trim() === '') || c.type === 'br');
}

/** The indexes of the tokens inside a `<details>` … `</details>` block (folded away on the page). */
export function foldedTokens(tokens: readonly Token[]): Set<number> {
  const out = new Set<number>();
  let open = false;
  tokens.forEach((t, i) => {
    if (t.type === 'html' && /^\s*<details\b/i.test(t.raw)) open = true;
    if (open) out.add(i);
    if (/<\/details\s*>/i.test(t.raw)) open = false;
  });
  return out;
}

/** A quote opening with a GitHub alert's marker (`> [!WARNING]`). */
export function isAlert(token: Token): boolean {
  return token.type === 'blockquote' && /^>\s*\[!\w+\]/.test(token.raw.trim());
}

/** A list whose every line is a link to a heading of the page (`- [Context](#context)`): a table of contents, never the why. */
export function isTableOfContents(token: Token): boolean {
  if (token.type !== 'list') return false;
  const lines = token.raw.split('\n').filter((l) => l.trim() !== '');
  return lines.length > 0 && lines.every((l) => /^\s*(?:[-*+]|\d+[.)])\s+\[[^\]]*\]\(#[^)\s]*\)\s*$/.test(l));
}
