/**
 * Entry text as HTML (issue #8 part 2: "Entry text is rendered as Markdown and sanitized:
 * entries arrive from other clones"). `marked` (GFM) renders, `sanitize-html` keeps an allow
 * list: text formatting, lists, quotes, code, tables and links whose `href` is `http:`,
 * `https:` or `mailto:` — no scripts, styles, frames, images, forms or event attributes; raw
 * HTML holding a disallowed tag, an event handler or a script URL is shown as text, byte for
 * byte, so a reader sees what the entry really holds.
 * Headings are demoted to h3–h6 (the page owns h1–h2); GFM task boxes become ☑/☐ text; an
 * image becomes `[image: <its description>]`, a link only to an `https:` target.
 * References to other entries (`ADR 6`, `dec-4f9k2m1x`; model/entry-references.ts) become
 * links when the caller resolved them — added to the sanitized text, never inside a link,
 * code or a pre block. The brief keeps its line breaks (`breaks`), as it reads on a terminal.
 * Search highlighting escapes first, then wraps the matches in `<mark>`.
 */
import { Marked, type RendererObject, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { showBidiControls } from '../../model/bidi-controls.js';
import { markTerms, matchedWords } from '../../search/word-marks.js';
import { splitReferences } from '../../model/entry-references.js';
import { h, trusted, type Html } from './html.js';

// GFM task boxes as text (an `<input>` is never allowed through). An image is never loaded (no
// request leaves for a URL an entry names): it reads as its description, a link when the
// sanitizer keeps its target (https:), else text — never an escaped, empty `<img />`.
// Raw HTML in the Markdown goes to the sanitizer only when it is comments and tags the sanitizer
// keeps, none with an event handler or a script URL; anything else is shown as the text it is,
// byte for byte: the sanitizer's own escaping drops an escaped tag's attributes (`<img src=x
// onerror=…>` read `<img />`) and a closing tag with no opening one (`</brain-state>`), which hid
// from a reader what a hostile entry holds (decision 0088).
// An inline closing tag is a token of its own: the one that closes a tag shown as text is shown
// as text too (`<i onclick=…>really</i>` reads whole), else the sanitizer would drop it.
type HtmlToken = (Tokens.HTML | Tokens.Tag) & { asText?: boolean };
const renderer: RendererObject = {
  checkbox: ({ checked }) => `<span class="task">${checked ? '☑' : '☐'}</span>`,
  image: ({ href, text }) => String(h`<a href="${href}">[image: ${text.trim() || href}]</a>`),
  html: (token: HtmlToken) => (!token.asText && sanitizerKeeps(token.text) ? token.text : token.block ? String(h`<p>${token.text.trimEnd()}</p>`) : String(h`${token.text}`)),
};
const OPENING_TAG = /^<([a-zA-Z][\w:-]*)/;
const CLOSING_TAG = /^<\/([a-zA-Z][\w:-]*)\s*>$/;

/** In a token's inline children, marks each closing tag whose opening tag is shown as text (a stack per run). */
function pairTagsShownAsText(token: Token): void {
  const shown: string[] = [];
  for (const child of ('tokens' in token && Array.isArray(token.tokens) ? token.tokens : []) as Token[]) {
    if (child.type !== 'html') continue;
    const html = child as HtmlToken;
    const closing = CLOSING_TAG.exec(html.text.trim());
    if (closing) {
      if (shown.at(-1) === closing[1]!.toLowerCase()) {
        shown.pop();
        html.asText = true;
      }
    } else if (!sanitizerKeeps(html.text)) {
      const opening = OPENING_TAG.exec(html.text);
      if (opening && !/\/>\s*$/.test(html.text)) shown.push(opening[1]!.toLowerCase());
    }
  }
}
const marked = new Marked({ gfm: true, breaks: false, async: false, renderer, walkTokens: pairTagsShownAsText });
const markedBreaks = new Marked({ gfm: true, breaks: true, async: false, renderer, walkTokens: pairTagsShownAsText });

/** The sanitizer's allow list for rendered entry text (exported for the AsciiDoc renderer, asciidoc.ts). */
export const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'em', 'strong', 'b', 'i', 'del', 's', 'sub', 'sup', 'kbd', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span'],
  allowedAttributes: { a: ['href', 'title', 'rel'], th: ['align'], td: ['align'], span: ['class'], code: ['class'], ol: ['start'] },
  allowedClasses: { span: ['task'], code: [/^language-[\w-]{1,30}$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'h6',
    a: (tagName, attribs) => outsideLink(tagName, attribs) ?? { tagName: 'span', attribs: {} },
  },
};

const COMMENT = /<!--[\s\S]*?-->/g;
const TAG = /<\/?([a-zA-Z][\w:-]*)([^>]*)>/g;
// What only a hostile tag carries: an event handler or a script URL.
const HOSTILE_ATTRIBUTES = /(?:^|[\s"'/])on[a-z]+\s*=|(?:javascript|vbscript|data)\s*:/i;

/**
 * Whether raw HTML `text` (one of marked's `html` tokens) is only comments and tags of names the
 * sanitizer keeps, none with an event handler or a script URL, and no `<` outside them: then the
 * sanitizer renders it as before (dropping attributes it does not keep, such as an anchor's
 * `name`). Else the dashboard shows the token as text.
 */
function sanitizerKeeps(text: string): boolean {
  const kept = SANITIZE.allowedTags || [];
  const rest = text.replace(COMMENT, '').replace(TAG, (_all, name: string, attrs: string) => (kept.includes(name.toLowerCase()) && !HOSTILE_ATTRIBUTES.test(attrs) ? '' : '<'));
  return !rest.includes('<');
}

/**
 * An `https:`, `http:` or `mailto:` link as kept (no referrer, no follow); null for any other
 * target — a relative link leads nowhere on this site, so it is shown as text, never as a dead link.
 */
function outsideLink(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag | null {
  const href = attribs.href ?? '';
  if (!/^(https?:\/\/|mailto:)/i.test(href)) return null;
  return { tagName, attribs: { href, rel: 'noopener noreferrer nofollow', ...(attribs.title ? { title: attribs.title } : {}) } };
}

/**
 * A relative link to an ADR file — `021-Multi-cluster.md`, `./adr-0006-x.md#context`,
 * `../decisions/ADR-42_title.md`, and the `.html` an AsciiDoc `xref:` or a Sphinx page becomes —
 * with the number its file name starts with.
 */
const ADR_FILE_LINK = /^(?:\.{0,2}\/)?(?:[^/?#\s]+\/)*(?:adr[-_ ]?)?0*(\d{1,8})(?:[-_.][^/?#\s]*)?\.(?:md|rst|adoc|asciidoc|html)(?:#[^\s]*)?$/i;

/** Where a resolved reference points (its entry page and title); null leaves the reference as text. */
export type ReferenceLinker = (key: string) => { href: string; title: string } | null;

/** Options of {@link renderMarkdown}. */
export interface MarkdownOptions {
  /** A line break in a paragraph is kept (`<br>`), as the brief reads on a terminal. */
  breaks?: boolean;
  /** Links the references in the text that it resolves (keys of model/entry-references.ts). */
  references?: ReferenceLinker;
}

const NO_REFERENCES = new Set(['a', 'code', 'pre']);

/**
 * The sanitizer's options with reference links added to text outside links, code and pre
 * blocks: the text it hands over is already escaped, and a reference holds no character that
 * escaping changes, so the pieces around it stay escaped and the link is built by `h`.
 */
export function withReferences(link: ReferenceLinker, base: sanitizeHtml.IOptions = SANITIZE): sanitizeHtml.IOptions {
  let inside = 0;
  return {
    ...base,
    transformTags: {
      ...base.transformTags,
      // A link to another ADR file of the corpus goes to that entry's page when it resolves.
      a: (tagName, attribs) => {
        const outside = outsideLink(tagName, attribs);
        if (outside) return outside;
        const number = ADR_FILE_LINK.exec(attribs.href ?? '')?.[1];
        const target = number === undefined ? null : link(`adr:${Number(number)}`);
        return target ? { tagName, attribs: { href: target.href, title: target.title } } : { tagName: 'span', attribs: {} };
      },
    },
    onOpenTag: (name) => { if (NO_REFERENCES.has(name)) inside++; },
    onCloseTag: (name) => { if (NO_REFERENCES.has(name)) inside = Math.max(0, inside - 1); },
    textFilter: (escaped) => {
      if (inside > 0) return escaped;
      return splitReferences(escaped).map((part) => {
        const target = part.key === undefined ? null : link(part.key);
        return target === null ? part.text : h`<a class="ref" href="${target.href}" title="${target.title}">${part.text}</a>`.toString();
      }).join('');
    },
  };
}

/** Sanitized HTML of Markdown `text` (untrusted). */
export function renderMarkdown(text: string, options: MarkdownOptions = {}): Html {
  if (text.trim() === '') return h``;
  const html = (options.breaks ? markedBreaks : marked).parse(showBidiControls(text), { async: false }) as string;
  return trusted(sanitizeHtml(html, options.references ? withReferences(options.references) : SANITIZE));
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
