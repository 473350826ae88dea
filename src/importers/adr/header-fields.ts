/**
 * Header fields written as a block of `Key: value` lines in a code block (issue #18, decision
 * 0098): proposal series that copied the RFC 822 preamble of Python's PEPs and Bitcoin's BIPs
 * into Markdown set it in a fence, alone at the top or under a `## Preamble` heading —
 * stellar/stellar-protocol's CAPs and SEPs:
 *
 *     ## Preamble
 *
 *     ```
 *     CAP: 0001
 *     Title: Bump Sequence
 *     Working Group:
 *         Owner: Nicolas Barry <@MonsieurNicolas>
 *         Authors: Nicolas Barry, David Mazieres
 *     Status: Final
 *     Created: 2018-02-08
 *     ```
 *
 * Read where the header notes are (the preamble, a `Meta` / `Preamble` section, the notes under
 * an opening `##` title), like the notes' own lines: the title (`Title:`), the status, the day,
 * the people, supersede references. The block stays in the text as written; a status changed in
 * brain is written into its `Status:` line (status-placement.ts). Code blocks anywhere else —
 * and a block in the header that is not such fields (a shell example) — are never read. Pure.
 */
import type { Token } from 'marked';
import { headerTokens, openingNotes, type MarkdownOutline } from './markdown-outline.js';

/** One field line: a key of words (letters first; digits, blanks, `()`, `/`, `-`, `_`) and a colon, a value or none. */
const FIELD = /^([A-Za-z][A-Za-z0-9 ()/_-]{0,40}?)\s*:(?:[ \t]+(.*))?$/;
/** Languages a field block may be marked with (none, or plain text). */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext']);

/**
 * The fields of `token` as `Key: value` lines, when it is a code block without a language (or
 * `text`) whose first non-blank line is a field at the margin and more than half of whose lines
 * (two at least) are fields: a line that is no field continues the field above (RFC 822
 * folding, `Author: A,` / `        B`), joined by a space; an indented field (`    Owner: X`
 * under `Working Group:`) is a field of its own. [] for any other token.
 */
export function fieldBlockLines(token: Token): string[] {
  if (token.type !== 'code' || !PLAIN.has(String((token as { lang?: unknown }).lang ?? '').trim().toLowerCase())) return [];
  const lines = String((token as { text?: unknown }).text ?? '').split('\n').filter((l) => l.trim() !== '');
  const first = lines[0];
  if (first === undefined || /^\s/.test(first) || !FIELD.test(first)) return [];
  const out: string[] = [];
  for (const line of lines) {
    const field = FIELD.exec(line.trim());
    if (field !== null) out.push(`${(field[1] ?? '').trim()}: ${(field[2] ?? '').trim()}`.trimEnd());
    // A line that is no field continues the one above, indented or not (Stellar's cap-0005 writes a
    // second `Discussion:` link at the margin).
    else out[out.length - 1] = `${out[out.length - 1] ?? ''} ${line.trim()}`;
  }
  // Fields, not a listing that happens to open with one: at least two, and most of its lines.
  return out.length >= 2 && out.length * 2 > lines.length ? out : [];
}

/** The field lines of every field block among the header notes and the notes under an opening `##` title, in order. */
export function headerFieldLines(outline: MarkdownOutline): string[] {
  return [...headerTokens(outline), ...openingNotes(outline)].flatMap(fieldBlockLines);
}

/** The value of a `Title:` field of the header's field blocks (plain text), or null. */
export function fieldBlockTitle(outline: MarkdownOutline): string | null {
  return fieldBlockTitleAt(outline)?.title ?? null;
}

/** {@link fieldBlockTitle} and the index (in `outline.tokens`) of the block stating it, or null. */
export function fieldBlockTitleAt(outline: MarkdownOutline): { title: string; index: number } | null {
  for (const token of [...headerTokens(outline), ...openingNotes(outline)]) {
    for (const line of fieldBlockLines(token)) {
      const m = /^title:\s*(\S.*)$/i.exec(line);
      if (m?.[1] !== undefined) return { title: m[1].trim(), index: outline.tokens.indexOf(token) };
    }
  }
  return null;
}
