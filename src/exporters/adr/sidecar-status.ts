/**
 * A KEP's `kep.yaml` (a record folder's metadata file, importers/adr/sidecar-metadata.ts) as
 * `brain export adr` writes it back over the source folder (decision 0082; 0076 wrote a changed
 * KEP's status into its README's front matter instead): the YAML as it stands, edited in place
 * through the `yaml` library's document (comments, key order and quoting kept) — `status` set to
 * the words brain holds when they differ, and the successor added to `superseded-by` / the
 * superseded record to `replaces` when brain links them and the file does not say so. Its README
 * gets no front matter and no status line. Pure.
 */
import { posix } from 'node:path';
import { isSeq, parseDocument } from 'yaml';
import type { Entry } from '../../model/entry.js';

/**
 * A status changed in brain in the KEP process's own words (its `kep.yaml` schema: provisional,
 * implementable, implemented, deferred, rejected, withdrawn, replaced), each one the import maps
 * back to the same status (status-map.ts); `deprecated` has none and stays as it is.
 */
const KEP_WORDS: Readonly<Record<string, string>> = { proposed: 'provisional', accepted: 'implementable', superseded: 'replaced', rejected: 'rejected' };

/** The status words the metadata file should state: the source's own, none when it stated none, else brain's status (a KEP's word for it). */
function statusWords(entry: Entry, kep: boolean): string | null {
  const text = entry.payload['status_text'];
  if (typeof text === 'string') return text;
  if ('status_text' in entry.payload && text === null) return null;
  return (kep ? KEP_WORDS[entry.status] : undefined) ?? entry.status;
}

/** The record a link names in a KEP list: its folder (`1441-other`, relative to the exported folder). */
const folderOf = (file: string): string => posix.dirname(file);

/**
 * `yaml` (the text of the metadata file named `name`, `kep.yaml` …) with `entry`'s status and
 * links; the text as it was when nothing changed. `files`: every exported decision's file (its
 * README), by entry id.
 */
export function withSidecarState(yaml: string, name: string, entry: Entry, files: ReadonlyMap<string, { entry: Entry; file: string }>): string {
  const doc = parseDocument(yaml);
  let changed = false;
  const words = statusWords(entry, /^kep\.ya?ml$/i.test(name));
  if (words !== null && String(doc.get('status') ?? '') !== words) {
    doc.set('status', words);
    changed = true;
  }
  const add = (key: string, id: string | null | undefined): void => {
    const target = id == null ? undefined : files.get(id);
    if (target === undefined) return;
    const name = folderOf(target.file);
    const list = doc.get(key);
    const items = isSeq(list) ? list.items.map((i) => String((i as { value?: unknown }).value ?? i)) : list == null ? [] : [String(list)];
    if (items.some((item) => posix.basename(item.replace(/\/+$/, '')) === posix.basename(name))) return;
    doc.set(key, [...items, name]);
    changed = true;
  };
  add('replaces', entry.supersedes_entry_id);
  if (entry.status === 'superseded') add('superseded-by', [...files.values()].find((f) => f.entry.supersedes_entry_id === entry.entry_id)?.entry.entry_id);
  return changed ? doc.toString() : yaml;
}
