/**
 * Entry text imported from an AsciiDoc ADR (decision 0082 keeps it as the source wrote it),
 * rendered by Asciidoctor.js — the reference processor the importer already loads — instead of
 * as Markdown, where `== Status` read as text and `https://x[link]` as a URL with brackets
 * (decision 0094). Converted with `safe: 'secure'` (no file is read, `include::` stays a link),
 * then through the dashboard's one sanitizer allow list (markdown.ts), widened only by the
 * structural tags Asciidoctor writes (`div`, `dl`, `colgroup`, …). Passthroughs (`++++`,
 * `pass:[…]`, `+++…+++`) are made literal first, so raw HTML in an entry is shown as the text it
 * is, as in Markdown (decision 0088); an image is never loaded (it reads `[image: <alt>]`).
 *
 * Every source line stays visible: a document title `= Title` is shown (`showtitle`), a line
 * right under it (`Date: …`, an author line) is read as body text rather than as the header's
 * author and revision lines, and `:name: value` attribute entries before the first section read
 * as `name: value` lines.
 */
import sanitizeHtml from 'sanitize-html';
import { asciidoctor } from '../../importers/adr/asciidoc-outline.js';
import { showBidiControls } from '../../model/bidi-controls.js';
import { h, trusted, type Html } from './html.js';
import { SANITIZE, withReferences, type MarkdownOptions } from './markdown.js';

const STRUCTURE = ['div', 'dl', 'dt', 'dd', 'colgroup', 'col', 'tfoot', 'caption', 'mark', 'u'];

const SANITIZE_ASCIIDOC: sanitizeHtml.IOptions = {
  ...SANITIZE,
  allowedTags: [...(SANITIZE.allowedTags || []), ...STRUCTURE, 'img'],
  transformTags: {
    ...SANITIZE.transformTags,
    img: (_tagName, attribs) => ({ tagName: 'span', attribs: {}, text: `[image: ${(attribs.alt ?? '').trim() || (attribs.src ?? '')}]` }),
  },
};

const DOCTITLE = /^=[ \t]+\S/;
const PASS_BLOCK = /^\+{4,}[ \t]*$/;
const PASS_STYLE = /^\[pass\][ \t]*$/;
const ATTRIBUTE_ENTRY = /^:([A-Za-z0-9_][\w-]*):(?:[ \t]+(.*))?$/;
const SECTION = /^={2,6}[ \t]+\S/;

/**
 * `line` with its passthroughs made literal, so raw HTML reaches the page as the text it is
 * (decision 0088's rule for Markdown): a `++++` block becomes a `....` literal block, a `[pass]`
 * paragraph a `[literal]` one, `pass:[…]` escapes its special characters (`pass:c[…]`) and
 * `+++…+++` becomes `++…++` (the same text, escaped).
 */
function withoutPassthrough(line: string): string {
  if (PASS_BLOCK.test(line)) return line.replace(/\+/g, '.');
  if (PASS_STYLE.test(line)) return '[literal]';
  return line.replace(/pass:[a-z,]*\[/g, 'pass:c[').replace(/\+{3}/g, '++');
}

/** `text` as it is shown: a blank line after the document title, header attribute entries as `name: value` lines, passthroughs literal. Pure. */
export function displayAsciidoc(text: string): string {
  const lines = text.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '' && !line.startsWith('//'));
  const out: string[] = [];
  let header = true;
  lines.forEach((line, i) => {
    if (SECTION.test(line)) header = false;
    const attribute = header ? ATTRIBUTE_ENTRY.exec(line) : null;
    out.push(attribute ? `${attribute[1]}: ${attribute[2] ?? ''} +` : withoutPassthrough(line));
    if (i === first && DOCTITLE.test(line)) out.push('');
  });
  return out.join('\n');
}

/** Sanitized HTML of AsciiDoc `text` (untrusted); `options.references` links references as in Markdown. A text Asciidoctor cannot convert is shown as preformatted text. */
export function renderAsciidoc(text: string, options: MarkdownOptions = {}): Html {
  if (text.trim() === '') return h``;
  let html: string;
  try {
    html = asciidoctor().convert(showBidiControls(displayAsciidoc(text)), { safe: 'secure', attributes: { showtitle: '' } }) as string;
  } catch {
    return h`<pre>${text}</pre>`;
  }
  return trusted(sanitizeHtml(html, options.references ? withReferences(options.references, SANITIZE_ASCIIDOC) : SANITIZE_ASCIIDOC));
}
