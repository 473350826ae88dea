/**
 * A record folder's metadata file (issue #18, decision 0076): Kubernetes KEPs keep their text in
 * `keps/sig-x/1440-kubectl-events/README.md` and their status, dates, authors and title in
 * `kep.yaml` beside it, the README stating none of them. Read as the README's front matter, the
 * record gets its status (`implementable`), day (`creation-date`) and authors by the rules front
 * matter already has (front-matter.ts, adr-metadata.ts), and the keys brain does not model are
 * kept as its front matter YAML, so an export writes them back into the README.
 */
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { BrainError } from '../../model/errors.js';
import { splitFrontMatter } from './front-matter.js';
import type { SupersedeRef } from './supersede-refs.js';

/** The names of a record folder's metadata file, in the order looked for. */
export const SIDECAR_NAMES = ['kep.yaml', 'kep.yml', 'metadata.yaml', 'metadata.yml'] as const;

/** True for a record folder's own page (`x/README.md`, `x/index.md`), the only files a metadata file describes. */
export function isFolderPage(sourcePath: string): boolean {
  return sourcePath.includes('/') && /^(?:readme|index)\.md$/i.test(posix.basename(sourcePath));
}

/**
 * `source` with `yaml` as its front matter, when the source has none of its own (a README that
 * has front matter speaks for itself: the metadata file is then not read) and `yaml` is not
 * blank. A leading document start (`---`) and a trailing document end (`...`) are left out; a
 * YAML that holds another such line (several documents) would end the front matter early, so
 * then the source is returned as it is. Pure.
 */
export function withSidecar(source: string, yaml: string | null): string {
  if (yaml === null || yaml.trim() === '') return source;
  const text = source.replace(/^\uFEFF/, '');
  if (splitFrontMatter(text.replace(/\r\n?/g, '\n')).present) return source;
  const lines = yaml.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  if (lines[0]?.trimEnd() === '---') lines.shift();
  if (lines.at(-1)?.trimEnd() === '...') lines.pop();
  if (lines.some((line) => line.trimEnd() === '---' || line.trimEnd() === '...')) return source;
  return `---\n${lines.join('\n')}\n---\n${text}`;
}

/**
 * The metadata file beside the folder page `sourcePath` (relative to `dir`, POSIX): the first of
 * {@link SIDECAR_NAMES} that exists, as text; null for any other file or when there is none.
 * Errors: BrainError `io_error` when one exists and cannot be read.
 */
export async function readSidecar(dir: string, sourcePath: string): Promise<string | null> {
  return (await findSidecar(dir, sourcePath))?.text ?? null;
}

/** {@link readSidecar}, with the metadata file's path (relative to `dir`, POSIX). */
export async function findSidecar(dir: string, sourcePath: string): Promise<{ path: string; text: string } | null> {
  if (!isFolderPage(sourcePath)) return null;
  for (const name of SIDECAR_NAMES) {
    const path = posix.join(posix.dirname(sourcePath), name);
    try {
      return { path, text: await readFile(join(dir, path), 'utf8') };
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') continue;
      throw new BrainError('io_error', `cannot read ADR metadata file ${path}`, { cause, data: { source_path: path } });
    }
  }
  return null;
}

/**
 * The KEP keys that name other records: `replaces` (this one supersedes them), `superseded-by`;
 * and those that name records it builds on, related to it: helm's HIPs' `requires: ["HIP-0020"]`,
 * regelrecht's `depends_on:` (round twenty).
 */
export const SIDECAR_LINK_KEYS = { replaces: 'supersedes', 'superseded-by': 'superseded_by', requires: 'related', 'depends-on': 'related', depends_on: 'related' } as const;

/**
 * The records a KEP's metadata (or a record's front matter) names in `replaces` / `superseded-by` / `requires` (a list or one value, each a
 * KEP's folder or path, `keps/sig-cli/1441-other`, or label, `KEP-1441`), as references by the
 * item as written and its number (decision 0082; 0076 kept them as front matter only): one outside
 * the import is kept as a citation by those words. Pure.
 */
export function sidecarLinks(data: Record<string, unknown>): SupersedeRef[] {
  return Object.entries(SIDECAR_LINK_KEYS).flatMap(([key, direction]) => {
    const value = data[key];
    const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
    return items.flatMap((item) => {
      const number = /(?:^|[/-])0*(\d{1,9})(?=[-_/]|$)/.exec(posix.basename(String(item).replace(/\/+$/, '')))?.[1] ?? /\d{1,9}/.exec(String(item))?.[0];
      return number === undefined ? [] : [{ direction, href: String(item).trim(), number: Number(number), phrase: key }];
    });
  });
}
