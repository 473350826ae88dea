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
import type { ParsedAdr } from './parse-adr.js';

/**
 * `records` with the numbers of every part taken off: a file whose folder is named like a record
 * and that is not the record's own text, which sits beside the folder (`<folder>.md` in the same
 * parent, the folder's name starting with a digit) or in it (the folder's README / index page,
 * model/record-file-name.ts). Other records are returned as they are.
 */
export function withoutPartNumbers(records: readonly ParsedAdr[]): ParsedAdr[] {
  const paths = new Set(records.map((r) => r.source_path));
  const ownText = (path: string): boolean => path.includes('/') && isRecordPage(posix.basename(path), posix.basename(posix.dirname(path)));
  const pageFolders = new Set(records.filter((r) => ownText(r.source_path)).map((r) => posix.dirname(r.source_path)));
  return records.map((r) => {
    const folder = posix.dirname(r.source_path);
    const recordFolder = pageFolders.has(folder) || (/^\d/.test(posix.basename(folder)) && paths.has(`${folder}.md`));
    if (!recordFolder || ownText(r.source_path) || (r.adr_number === null && r.leading_number === null)) return r;
    return { ...r, adr_number: null, series_word: null, leading_number: null, heading_number: null };
  });
}
