/**
 * Header fields written as a block of `Key: value` lines in a code block (issue #18, decision
 * 0098), and the label a header note gives the record ({@link headerSeries}): proposal series that copied the RFC 822 preamble of Python's PEPs and Bitcoin's BIPs
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
import { plainText } from './inline-text.js';
import { blockTexts, headerTokens, type MarkdownOutline } from './markdown-outline.js';
import { openingNotes } from './opening-title.js';

/**
 * One field line: a key of words (letters first; digits, blanks, `()`, `/`, `-`, `_`) and a colon,
 * a value or none; the value may follow the colon with no blank when it starts with a letter
 * (erlang/eep 37's `Status:Final/R15B`), never a `//` (an address folded onto its own line).
 */
const FIELD = /^([A-Za-z][A-Za-z0-9 ()/_-]{0,40}?)\s*:(?:[ \t]+(.*)|(?=[A-Za-z])(.*))?$/;
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
  let folded = 0;
  for (const line of lines) {
    const field = FIELD.exec(line.trim());
    if (field !== null) out.push(`${(field[1] ?? '').trim()}: ${(field[2] ?? field[3] ?? '').trim()}`.trimEnd());
    // A line that is no field continues the one above, indented or not (Stellar's cap-0005 writes a
    // second `Discussion:` link at the margin).
    else {
      out[out.length - 1] = `${out[out.length - 1] ?? ''} ${line.trim()}`;
      if (/^\s/.test(line)) folded += 1;
    }
  }
  // Fields, not a listing that happens to open with one: at least two, and most of its lines
  // besides the indented ones that fold a field's value (erlang/eep's `Post-History:` over eleven
  // indented addresses; round twenty).
  return out.length >= 2 && out.length * 2 > lines.length - folded ? out : [];
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

/**
 * The word a header note labels the record with, when the number after it is the record's own
 * (`number`): Swift Evolution's `* Proposal: [SE-0001](0001-x.md)` (and `ST-0001` in its testing
 * folder), a field `CAP: 0046`, `SIMD: 0001` — so the record is listed and found as `SE-0001`, as a
 * labelled heading names it (adr-title.ts `seriesWord`). Not "ADR"; null when none.
 */
export function headerSeries(outline: MarkdownOutline, number: number | null): string | null {
  if (number === null) return null;
  const notes = [...headerTokens(outline), ...openingNotes(outline)];
  const texts = [...blockTexts(notes).flatMap((t) => t.split('\n')).map((line) => plainText(line)), ...headerFieldLines(outline)];
  for (const line of texts) {
    const m = /^\s*(?:proposal|identifier|id)\s*:\s*([A-Za-z]{2,5})[-_ ]0*(\d{1,9})\b/i.exec(line) ?? /^\s*([A-Z]{2,5})\s*:\s*['"]?0*(\d{1,9})\b/.exec(line);
    const word = m?.[1]?.toUpperCase();
    if (word !== undefined && word !== 'ADR' && word !== 'MADR' && Number.parseInt(m?.[2] ?? '', 10) === number) return word;
  }
  return null;
}
