/**
 * Which markup an ADR file is written in, by its name (decision 0082): Markdown (`.md`),
 * reStructuredText (`.rst`, Sphinx projects: the openedx organisation's `docs/decisions/`) or
 * AsciiDoc (`.adoc`, `.asciidoc`). Each family is read by its own reader and written back by the
 * export in its own markup and file name. Pure.
 */

/** The markup families the importer reads. */
export type MarkupFamily = 'markdown' | 'rst' | 'asciidoc';

/**
 * A file name the importer reads: `*.md`, `*.markdown` (Jekyll's default: zarr's ZEPs; round
 * twenty-one, where such records were left out without a word), `*.rst`, `*.adoc`, `*.asciidoc` (any case).
 */
export const ADR_FILE = /\.(?:md|markdown|rst|adoc|asciidoc)$/i;

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
