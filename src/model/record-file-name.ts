/**
 * The name an ADR goes by when it is a folder (issue #18, docs/decisions/0057): some corpora keep
 * one folder per record, its text in the folder's README.md / index.md beside its images
 * (eclipse-edc/Connector's `decision-records/2022-02-07-tracing/README.md`, static-site page
 * bundles `0004-use-x/index.md`). The importer names, numbers and dates such a record by its
 * folder; `brain show` finds it by it. Pure.
 */

/**
 * A folder named like one record: digits then a separator, with an optional `adr` label
 * (`2022-02-07-tracing`, `0004-use-x`, `adr-012-x`, `20220714_x`); or a series' label alone, a
 * word of 2–5 letters, a dash or underscore and the number (`CIP-0001`, `rfc_12`: Cardano's
 * `CIP-0001/README.md`; decision 0098) — a word run into digits (`docs2`, `v2`) is no label, and a
 * zero number (flux's `RFC-0000/README.md`) is the series' template; or a number alone
 * (jenkinsci/jep's `jep/201/README.adoc`; decision 0113), but not a year (`2021/README.md` lists
 * that year's records).
 */
export const RECORD_FOLDER = /^(?:(?:adr[-_]?)?\d{1,9}[-_]|[a-z]{2,5}[-_]0*[1-9]\d{0,8}$|(?!(?:19|20)\d\d$)0*[1-9]\d{0,8}$)/i;

/**
 * The extensions of the files the importer reads, any case: Markdown (`md`, and `markdown`,
 * Jekyll's default: zarr's ZEPs, left out without a word before round twenty-one),
 * reStructuredText, AsciiDoc. One list for the folder walk (importers/adr/markup-family.ts
 * `ADR_FILE`), `--history`'s git pathspecs, record pages and the file names `brain show` takes.
 */
export const ADR_EXTENSIONS: readonly string[] = ['md', 'markdown', 'rst', 'adoc', 'asciidoc'];

const RECORD_PAGE = new RegExp(`^(?:readme|index)\\.(?:${ADR_EXTENSIONS.join('|')})$`, 'i');

/** True when `fileName` (README / index with one of {@link ADR_EXTENSIONS}, any case) in folder `folder` is the text of a record named by its folder. */
export function isRecordPage(fileName: string, folder: string): boolean {
  return RECORD_PAGE.test(fileName) && RECORD_FOLDER.test(folder);
}

/**
 * The name a record goes by, `.md` included: a README.md / index.md in a {@link RECORD_FOLDER}
 * is named by its folder (`docs/2022-02-07-tracing/README.md` → `2022-02-07-tracing.md`); any
 * other path by its base name (`docs/adr/0001-x.md` → `0001-x.md`; a trailing `/` is ignored).
 */
export function recordFileName(path: string): string {
  const parts = path.replace(/\/+$/, '').split('/');
  const name = parts.pop() ?? '';
  const folder = parts.pop();
  return folder !== undefined && isRecordPage(name, folder) ? `${folder}${name.slice(name.lastIndexOf('.'))}` : name;
}
