/**
 * The links of reStructuredText and AsciiDoc text written as Markdown links (decision 0082), so
 * the one reader of "superseded by" / "supersedes" references (supersede-refs.ts) reads them:
 * - RST: `` `text <0003-x.rst>`_ `` (and `__`), `:doc:`0003-x`` / `:doc:`text <0003-x>`` (the
 *   document's name without extension: `.rst` added), `:ref:`ADR-6`` / `:ref:`text <label>``
 *   (a `.. _label:` target: the file that defines it, else the label's words, `ADR-6`);
 * - AsciiDoc: `xref:0003-x.adoc[text]`, `<<0003-x.adoc#,text>>`, `<<0003-x#>>`,
 *   `link:0003-x.adoc[text]`, `https://…[text]`.
 * Used only to find references; the stored text is the source's own. Pure.
 */
import { posix } from 'node:path';
import type { MarkupFamily } from './markup-family.js';

/** A `.. _label:` target (not a hyperlink target with a URL after it). */
const TARGET = /^\.\. _([^:`]+|`[^`]+`):\s*$/;

/** The labels `text` (RST) defines, lower case, as `.. _ADR-3:` writes them. */
export function rstLabels(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const m = TARGET.exec(line.trimEnd());
    return m === null ? [] : [(m[1] ?? '').replace(/^`|`$/g, '').trim().toLowerCase()];
  });
}

/** `[text](href)` with the text's brackets softened. */
const link = (text: string, href: string): string => `[${text.replace(/[[\]]/g, ' ').trim() || href}](${href.replace(/[ ()]/g, (c) => encodeURIComponent(c))})`;

/** `text <target>` → [text, target]; `target` → [target, target]. */
function titled(role: string): [string, string] {
  const m = /^(.*?)\s*<([^<>]+)>$/s.exec(role.trim());
  return m === null ? [role.trim(), role.trim()] : [(m[1] ?? '').trim() || (m[2] ?? ''), (m[2] ?? '').trim()];
}

/**
 * `text` (of the file at `from`, relative to the imported folder, POSIX) with its links as
 * Markdown links. `labels` maps an RST label (lower case) to the path of the file defining it,
 * relative to the imported folder; the link written is relative to `from`'s folder.
 */
export function markupLinksAsMarkdown(text: string, family: Exclude<MarkupFamily, 'markdown'>, from: string, labels: ReadonlyMap<string, string> = new Map()): string {
  if (family === 'rst') {
    return text
      .replace(/:doc:`([^`]+)`/g, (_, role: string) => {
        const [words, target] = titled(role);
        const name = target.replace(/^\/+/, '');
        return link(words, /\.rst$/i.test(name) ? name : `${name}.rst`);
      })
      .replace(/:ref:`([^`]+)`/g, (_, role: string) => {
        const [words, label] = titled(role);
        const file = labels.get(label.toLowerCase());
        return file === undefined ? words : link(words, posix.relative(posix.dirname(from), file) || posix.basename(file));
      })
      .replace(/`([^`<]*?)\s*<([^<>`]+)>`__?/g, (_, words: string, target: string) => link(words || target, target));
  }
  return text
    .replace(/<<([^,>#]+)(?:#[^,>]*)?(?:,\s*([^>]*))?>>/g, (_, target: string, words: string | undefined) => link(words ?? target, /\.(?:adoc|asciidoc)$/i.test(target) ? target : `${target}.adoc`))
    .replace(/\b(?:xref|link):([^\s[\]]+)\[([^\]]*)\]/g, (_, target: string, words: string) => link(words || target, target.replace(/#.*$/, '')))
    .replace(/\b(https?:\/\/[^\s[\]]+)\[([^\]]*)\]/g, (_, url: string, words: string) => link(words || url, url));
}
