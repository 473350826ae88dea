/**
 * Entry text as HTML (issue #8 part 2: "Entry text is rendered as Markdown and sanitized:
 * entries arrive from other clones"). `marked` (GFM) renders, `sanitize-html` keeps an allow
 * list: text formatting, lists, quotes, code, tables and links whose `href` is `http:`,
 * `https:` or `mailto:` — no scripts, styles, frames, images, forms or event attributes; a
 * disallowed tag is shown escaped, as text, so a reader sees what the entry really holds.
 * Headings are demoted to h3–h6 (the page owns h1–h2); GFM task boxes become ☑/☐ text.
 * Search highlighting escapes first, then wraps the matches in `<mark>`.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { markTerms, matchedWords } from '../../search/word-marks.js';
import { h, trusted, type Html } from './html.js';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'em', 'strong', 'b', 'i', 'del', 's', 'sub', 'sup', 'kbd', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span'],
  allowedAttributes: { a: ['href', 'title', 'rel'], th: ['align'], td: ['align'], span: ['class'], code: ['class'], ol: ['start'] },
  allowedClasses: { span: ['task'], code: [/^language-[\w-]{1,30}$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'h6',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const keep = /^(https?:\/\/|mailto:)/i.test(href);
      return { tagName, attribs: keep ? { href, rel: 'noopener noreferrer nofollow', ...(attribs.title ? { title: attribs.title } : {}) } : {} };
    },
    input: (_tagName, attribs) => ({ tagName: 'span', attribs: { class: 'task' }, text: attribs.checked !== undefined ? '☑' : '☐' }),
  },
};

/** Sanitized HTML of Markdown `text` (untrusted). */
export function renderMarkdown(text: string): Html {
  if (text.trim() === '') return h``;
  return trusted(sanitizeHtml(marked.parse(text, { async: false }) as string, SANITIZE));
}

/** The words of a search query search looks for (src/search/word-marks.ts): lower-cased runs of letters and digits, stop words dropped. */
export const queryTerms = markTerms;

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * `text` escaped, with each word search matched for `terms` (src/search/word-marks.ts: a word
 * starting with a term, or sharing its stem, any case) wrapped in `<mark>`. Fuzzy matches are
 * not marked.
 */
export function highlight(text: string, terms: readonly string[]): Html {
  const marked = matchedWords(terms, text.match(WORD) ?? []);
  if (marked.size === 0) return h`${text}`;
  const parts: Html[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    if (!marked.has(m[0].toLowerCase())) continue;
    parts.push(h`${text.slice(last, m.index)}<mark>${m[0]}</mark>`);
    last = m.index + m[0].length;
  }
  parts.push(h`${text.slice(last)}`);
  return h`${parts}`;
}

/**
 * A plain-text excerpt of `text` of about `length` characters, centred on the first word
 * search matched for `terms` (the start when none is). Whitespace is collapsed.
 */
export function excerpt(text: string, terms: readonly string[], length = 220): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  // Words in chunks, in order: a long body is stemmed only up to its first match.
  const words = [...flat.matchAll(WORD)];
  let hit = 0;
  for (let at = 0; at < words.length; at += 200) {
    const chunk = words.slice(at, at + 200);
    const marked = matchedWords(terms, chunk.map((m) => m[0]));
    const first = chunk.find((m) => marked.has(m[0].toLowerCase()));
    if (first) {
      hit = first.index;
      break;
    }
  }
  const start = Math.max(0, Math.min(hit - Math.floor(length / 3), flat.length - length));
  return `${start > 0 ? '…' : ''}${flat.slice(start, start + length).trim()}${start + length < flat.length ? '…' : ''}`;
}
