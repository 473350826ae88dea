/**
 * The parts of a record kept in a folder named after it (issue #18, decision 0076): opentofu's
 * `rfc/20241206-oci-registries.md` has its chapters in `rfc/20241206-oci-registries/1-oci-primer.md`
 * … `10-module-implementation-details.md`. A chapter's number orders the chapters of that record;
 * it is no record number, so a part is imported unnumbered (no `ADR-0001` label that `brain show
 * ADR-1` would find). Pure.
 */
import { posix } from 'node:path';
import type { ParsedAdr } from './parse-adr.js';

/**
 * `records` with the numbers of every part taken off: a file whose folder is named like a record
 * (it starts with a digit) and sits beside that record's own file (`<folder>.md` in the same
 * parent). Other records are returned as they are.
 */
export function withoutPartNumbers(records: readonly ParsedAdr[]): ParsedAdr[] {
  const paths = new Set(records.map((r) => r.source_path));
  return records.map((r) => {
    const folder = posix.dirname(r.source_path);
    if (folder === '.' || !/^\d/.test(posix.basename(folder)) || !paths.has(`${folder}.md`)) return r;
    if (r.adr_number === null && r.leading_number === null) return r;
    return { ...r, adr_number: null, series_word: null, leading_number: null, heading_number: null };
  });
}
