/**
 * Is an inline HTML token markup, or text a reader sees? Used by the plain-text summary
 * (src/model/summary.ts, issue #9 "Clean text"). Pure; no I/O.
 */
import htmlTags from 'html-tags';

/** The element names of HTML (the html-tags package's list of the WHATWG standard's elements). */
const HTML_ELEMENTS: ReadonlySet<string> = new Set(htmlTags);

/**
 * True for an inline HTML token (`raw`, as Markdown's lexer gives it) that is markup — a
 * comment, or a tag of an HTML element (`<br>`, `<span class="x">`, `</details>`) — and false
 * for a placeholder written in angle brackets, which a reader sees as text (adr-tools'
 * `_adr_help_<command>_<subcommand>`, `<your-key>`; decision 0105).
 */
export function isMarkup(raw: string): boolean {
  const name = /^<\/?([A-Za-z][A-Za-z0-9-]*)/.exec(raw)?.[1];
  return name === undefined || HTML_ELEMENTS.has(name.toLowerCase());
}
