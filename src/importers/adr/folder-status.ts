/**
 * A status from the folder an ADR sits in, for a file that states none and is in no index page:
 * thanos-io/thanos keeps its proposals in `proposals-accepted/`, `proposals-done/` and
 * `proposals-rejected/`, and moves a file between them as its state changes; other corpora use
 * `accepted/`, `rejected/`, `superseded/` sub-folders. Decision 0062. Pure.
 */
import { mapStatusText } from './status-map.js';
import type { IndexedStatus } from './status-index.js';

/**
 * The status the nearest folder of `sourcePath` names (its sub-folders inside the import, then
 * `dirName`, the imported folder's own name), or null. A folder names a status when its last
 * word (after `-`, `_` or a space: `proposals-done` → "done") or its whole name maps to one
 * (status-map.ts), as the words "done", "rejected", "accepted" — or its first word before the kind of
 * document it holds (`active-rfcs` → "active"); `index_path` is that folder
 * (`proposals-done/`, relative to the imported folder, which is `../proposals-done/` itself).
 * A folder whose name starts with a digit is a record's own folder and names none, nor does one
 * named for the kind of document it holds ({@link DOCUMENT_KINDS}: `rfc/`).
 */
/**
 * Folder names that say what the files are, not their state: opentofu keeps its RFCs in `rfc/`,
 * and "RFC" is a status word when a file says it (`Status: RFC`). Decision 0076.
 */
const DOCUMENT_KINDS = /^(?:rfcs?|rfds?|keps?|teps?|adrs?|proposals?|decisions?|design-docs?)$/i;

export function folderStatus(sourcePath: string, dirName: string | null): IndexedStatus | null {
  const folders = sourcePath.split('/').slice(0, -1);
  const chain = folders.map((name, i) => ({ name, path: `${folders.slice(0, i + 1).join('/')}/` })).reverse();
  if (dirName !== null && dirName !== '') chain.push({ name: dirName, path: `../${dirName}/` });
  for (const { name, path } of chain) {
    if (/^\d/.test(name)) continue; // a record's own folder (`2022-02-07-tracing/`) names no state
    if (DOCUMENT_KINDS.test(name)) continue; // the folder of a series (`rfc/`) names what its files are
    const parts = name.split(/[-_ ]+/);
    const last = parts.at(-1) ?? '';
    // A state before the kind of document (vuejs/rfcs' `active-rfcs/`, `accepted-proposals/`; decision 0112).
    const first = parts.length === 2 && DOCUMENT_KINDS.test(last) ? (parts[0] ?? '') : '';
    for (const words of [last, first, name]) {
      if (words === '') continue;
      if (!/^[\p{L} ]+$/u.test(words)) continue;
      const mapping = mapStatusText(words);
      if (mapping.mapped) return { status: mapping.status, words, index_path: path };
    }
  }
  return null;
}
