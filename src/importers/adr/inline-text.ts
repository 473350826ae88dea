/**
 * Inline Markdown → plain text and links, via marked's inline lexer (no hand-rolled parsing).
 * The ADR importer reads statuses ("⌛️ Superseded by [036. Multi-cluster](036-multi-cluster.md)"),
 * heading names and supersede references through this one flattening.
 */
import { Lexer, type Token } from 'marked';

/** One run of inline content: plain `text`, or a link with its visible text and `href`. */
export type InlineSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * Flattens marked inline tokens into segments: emphasis, strike-through and code spans become
 * their text, links keep their href, images become their alt text, raw HTML (comments, tags)
 * is dropped, hard breaks become "\n". Adjacent text runs are merged. Never throws.
 */
export function segmentsFromTokens(tokens: readonly Token[]): InlineSegment[] {
  const out: InlineSegment[] = [];
  const pushText = (text: string): void => {
    if (text === '') return;
    const last = out[out.length - 1];
    if (last?.kind === 'text') last.text += text;
    else out.push({ kind: 'text', text });
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'link':
        out.push({ kind: 'link', text: plainOf(childTokens(token)), href: String(token.href) });
        break;
      case 'html':
        break;
      case 'br':
        pushText('\n');
        break;
      case 'image':
      case 'codespan':
      case 'escape':
        pushText(tokenText(token));
        break;
      default: {
        const children = childTokens(token);
        if (children.length > 0) {
          for (const seg of segmentsFromTokens(children)) {
            if (seg.kind === 'link') out.push(seg);
            else pushText(seg.text);
          }
        } else {
          pushText('text' in token ? tokenText(token) : token.raw);
        }
      }
    }
  }
  return out;
}

/** Segments of one inline Markdown string (`[a](b.md) **c**` → link a→b.md, text " c"). */
export function inlineSegments(markdown: string): InlineSegment[] {
  return segmentsFromTokens(Lexer.lexInline(markdown));
}

/** The visible text of inline Markdown: `**Status:** [x](y.md)` → "Status: x". */
export function plainText(markdown: string): string {
  return inlineSegments(markdown)
    .map((s) => s.text)
    .join('');
}

function plainOf(tokens: readonly Token[]): string {
  return segmentsFromTokens(tokens)
    .map((s) => s.text)
    .join('');
}

/** A token's `text` (headings, paragraphs, text, code spans…), or '' when it has none. */
export function tokenText(token: Token): string {
  return 'text' in token && typeof token.text === 'string' ? token.text : '';
}

/** A token's inline or block children, or [] when it has none. */
export function childTokens(token: Token): Token[] {
  return 'tokens' in token && Array.isArray(token.tokens) ? (token.tokens as Token[]) : [];
}

/** The Markdown text of each item of a list token; [] for any other token. */
export function listItemTexts(token: Token): string[] {
  if (token.type !== 'list' || !('items' in token) || !Array.isArray(token.items)) return [];
  return (token.items as unknown[]).map((item) =>
    item !== null && typeof item === 'object' && 'text' in item ? String(item.text) : '',
  );
}

/**
 * The lead paragraph of each item of a list token, its soft line breaks read as spaces: an
 * item wrapped over several source lines is one text, and its nested lists, code and later
 * paragraphs are left out (`1. Keep the model. Useful for basic apps, but\n   suboptimal for
 * …` → `Keep the model. Useful for basic apps, but suboptimal for …`). '' for an item that
 * starts with another block; [] for any other token. Pure.
 */
export function listItemLeads(token: Token): string[] {
  if (token.type !== 'list' || !('items' in token) || !Array.isArray(token.items)) return [];
  return (token.items as Token[]).map((item) => {
    const lead = childTokens(item)[0];
    return lead !== undefined && (lead.type === 'text' || lead.type === 'paragraph') ? tokenText(lead).replace(/[ \t]*\n[ \t]*/g, ' ') : '';
  });
}

/** The named character references decoded besides numeric ones: the five of XML. */
const NAMED_REFERENCES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * `text` with its character references decoded: numeric ones (`&#x20;`, `&#233;`) and `&amp;`,
 * `&lt;`, `&gt;`, `&quot;`, `&apos;`; any other (or one naming no character) stays as written.
 * For values read out of HTML or a site's export: a person written `Jaime &lt;j@x&gt;` in an
 * HTML table cell, `Billy&#x20;` in a note (round twenty).
 */
export function decodeCharacterReferences(text: string): string {
  return text.replace(/&(?:#x([0-9a-f]{1,6})|#(\d{1,7})|([a-z]+));/gi, (whole, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED_REFERENCES[name.toLowerCase()] ?? whole;
    const code = hex !== undefined ? Number.parseInt(hex, 16) : Number.parseInt(dec ?? '', 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}
