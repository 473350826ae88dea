/**
 * An entry's title as plain text for display (decision 0054, round six). Titles are one line
 * of text by the format, but imported ADRs carry their source's inline Markdown — ``ABCI
 * `ProposeTx` Method``, `*Draft* notes`, `[RFC 9](https://…) follow-up` — which a timeline,
 * a board, a graph label, a terminal or an agent's tool text showed as raw syntax. Every
 * surface that renders a title as text shows {@link titleText} of it; the stored title is
 * unchanged (JSON outputs, REST, MCP structured content and the export keep its bytes). Pure;
 * no I/O.
 */
import { Lexer, type Token } from 'marked';

/** A character that can start inline Markdown: a title without any is returned as it is. */
const INLINE_SYNTAX = /[`*_[\]!<\\~]/;

/**
 * Inline tokens as their text: a code span its code, emphasis / strong their words, a link or
 * an image its text, an escape its character; struck-out text (`~~Use X~~`) is left out, as it
 * no longer holds (decision 0057). Raw HTML stays as written (a title naming `<brain-state>`
 * or `Vec<T>` keeps those words).
 */
function tokenText(tokens: readonly Token[]): string {
  let out = '';
  for (const t of tokens) {
    if (t.type === 'del') continue;
    if (t.type === 'html') out += t.raw;
    else if ('tokens' in t && Array.isArray(t.tokens) && t.tokens.length > 0) out += tokenText(t.tokens as Token[]);
    else out += 'text' in t && typeof t.text === 'string' ? t.text : t.raw;
  }
  return out;
}

/**
 * `title` as plain text: its inline Markdown read as CommonMark/GFM does (marked's inline
 * lexer; no block syntax, so `1. Scope` or `# tags` stay as written) and shown as its words —
 * ``ABCI `ProposeTx` Method`` → `ABCI ProposeTx Method`, `[RFC 9](https://x) follow-up` →
 * `RFC 9 follow-up`, `~~Use Redis~~ Use Postgres` → `Use Postgres`, `snake_case_name` and
 * `a * b` unchanged. Never blank: a title
 * whose reading is blank is returned as it is. Neutralizing and escaping stay each surface's
 * (this is not a sanitizer).
 */
export function titleText(title: string): string {
  if (!INLINE_SYNTAX.test(title)) return title;
  const read = tokenText(new Lexer().inlineTokens(title));
  // Words struck out leave their spaces behind: one is kept.
  const text = title.includes('~') ? read.replace(/ {2,}/g, ' ').trim() : read;
  return text.trim() === '' ? title : text;
}
