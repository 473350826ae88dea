/**
 * Markdown lexed into block tokens whose `raw` texts, joined, give back the text exactly — the
 * promise the ADR import (which stores an ADR's sections as their tokens' `raw`) and the export
 * (which rewrites one line of a file and keeps the rest byte for byte) both build on. Pure.
 */
import { Lexer, type TokensList } from 'marked';

/**
 * `marked`'s block tokens of `text` (LF line ends; a CR is turned into LF the way the lexer
 * does), each top-level token's `raw` being exactly the source text it was read from.
 *
 * Why: marked 15 builds a block quote's `raw` from its lines after reading them, and a quote
 * holding a list with lazy lines (`> 1. a` then `     > b`, kumahq/kuma's MADR 081) comes out
 * garbled — `> 1. Pic1. Pick …` with the later lines' `>` gone — though the lexer consumed
 * exactly `raw.length` characters of the source. So when the raws do not join back into the
 * text, each top-level token's `raw` is cut again from the source at the same lengths (its child
 * tokens stay the lexer's reading, used only for plain text). Decision 0062. Never throws.
 */
export function lexMarkdown(text: string): TokensList {
  const source = text.replace(/\r\n?/g, '\n');
  const tokens = new Lexer().lex(source);
  let joined = '';
  for (const token of tokens) joined += token.raw;
  if (joined === source || joined.length !== source.length) return tokens;
  let offset = 0;
  for (const token of tokens) {
    const raw = source.slice(offset, offset + token.raw.length);
    offset += token.raw.length;
    if (raw !== token.raw) token.raw = raw;
  }
  return tokens;
}
