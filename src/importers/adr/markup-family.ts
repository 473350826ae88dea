/**
 * Which markup an ADR file is written in, by its name (decision 0082): Markdown (`.md`),
 * reStructuredText (`.rst`, Sphinx projects: the openedx organisation's `docs/decisions/`) or
 * AsciiDoc (`.adoc`, `.asciidoc`). Each family is read by its own reader and written back by the
 * export in its own markup and file name. Pure.
 */

import { ADR_EXTENSIONS } from '../../model/record-file-name.js';

/** The markup families the importer reads. */
export type MarkupFamily = 'markdown' | 'rst' | 'asciidoc';

/** A file name the importer reads (`0001-x.md`, `nep-0031-x.rst`, any case of {@link ADR_EXTENSIONS}). */
export const ADR_FILE = new RegExp(`\\.(?:${ADR_EXTENSIONS.join('|')})$`, 'i');

/** True when `href` (a link's target, anchors and queries allowed) names a file the importer reads. */
export function isAdrFileHref(href: string): boolean {
  return ADR_FILE.test(href.replace(/[#?].*$/, ''));
}

/** The family of `path` (a file name or path) by its extension; anything else is Markdown's (the exporter's default). */
export function markupFamily(path: string): MarkupFamily {
  if (/\.rst$/i.test(path)) return 'rst';
  if (/\.(?:adoc|asciidoc)$/i.test(path)) return 'asciidoc';
  return 'markdown';
}

/** `name` without its ADR extension (`0001-x.rst` → `0001-x`); other names as they are. */
export function withoutAdrExtension(name: string): string {
  return name.replace(ADR_FILE, '');
}
