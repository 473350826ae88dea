/**
 * The parts of a record kept in a folder named after it (issue #18, decision 0076): opentofu's
 * `rfc/20241206-oci-registries.md` has its chapters in `rfc/20241206-oci-registries/1-oci-primer.md`
 * … `10-module-implementation-details.md`. A chapter's number orders the chapters of that record;
 * it is no record number, so a part is imported unnumbered (no `ADR-0001` label that `brain show
 * ADR-1` would find). The same holds for a record whose text is its folder's README / index page
 * (wellcome's `rfcs/086-item-viewer-refactor/README.md` beside `01-overview.md` …
 * `16-future-improvements.md`: sixteen chapters labelled ADR-0001 … ADR-0016, two of them sharing
 * ADR-0013, before round twenty-one). Pure.
 */
import { posix } from 'node:path';
import { isRecordPage } from '../../model/record-file-name.js';
import { leadingNumber } from './file-name.js';
import type { ParsedAdr } from './parse-adr.js';

/**
 * `records` with the numbers of every part taken off: a file whose folder is named like a record
 * and that is not the record's own text, which sits beside the folder (`<folder>.md` in the same
 * parent, the folder's name starting with a digit) or in it (the folder's README / index page,
 * model/record-file-name.ts). Other records are returned as they are.
 */
export function withoutPartNumbers(records: readonly ParsedAdr[]): ParsedAdr[] {
  const folders = recordFolders(records);
  return records.map((r) => {
    if (!folders.has(posix.dirname(r.source_path)) || ownText(r.source_path) || (r.adr_number === null && r.leading_number === null)) return r;
    return { ...r, adr_number: null, series_word: null, leading_number: null, heading_number: null };
  });
}

/** A record folder's README / index page: the record's own text. */
const ownText = (path: string): boolean => path.includes('/') && isRecordPage(posix.basename(path), posix.basename(posix.dirname(path)));

/** The folders holding a record's parts: beside its `<folder>.md` (the name starting with a digit), or under its own README / index page. */
function recordFolders(records: readonly ParsedAdr[]): Set<string> {
  const paths = new Set(records.map((r) => r.source_path));
  const folders = new Set(records.filter((r) => ownText(r.source_path)).map((r) => posix.dirname(r.source_path)));
  for (const r of records) {
    const folder = posix.dirname(r.source_path);
    if (/^\d/.test(posix.basename(folder)) && paths.has(`${folder}.md`)) folders.add(folder);
  }
  return folders;
}

/**
 * `records` with the folder's number given to the one record of a numbered folder whose file
 * name carries none: jupyter's enhancement proposals keep `08-notebook-diff/notebook-diff.md`
 * and `47-jupyter-debugger-protocol/jupyter-debugger-protocol.md` beside their images, one page
 * a folder, and all 29 went unlabelled (round twenty-one). A folder holding several unnumbered
 * pages names none of them, nor does a folder of a record's parts ({@link withoutPartNumbers}).
 * Other records are returned as they are.
 */
export function withFolderNumbers(records: readonly ParsedAdr[]): ParsedAdr[] {
  const parts = recordFolders(records);
  const perFolder = new Map<string, number>();
  for (const r of records) perFolder.set(posix.dirname(r.source_path), (perFolder.get(posix.dirname(r.source_path)) ?? 0) + 1);
  return records.map((r) => {
    const folder = posix.dirname(r.source_path);
    if (r.adr_number !== null || r.leading_number !== null || folder === '.' || perFolder.get(folder) !== 1 || parts.has(folder)) return r;
    const name = posix.basename(folder);
    const number = /^\d+[-_]/.test(name) ? leadingNumber(name) : null;
    return number === null ? r : { ...r, adr_number: number, leading_number: number };
  });
}
