/**
 * Tells a file that is, byte for byte (line ends and a BOM aside), what `brain export adr` writes
 * for an entry as it stands (decision 0095). The import keeps a reStructuredText or AsciiDoc
 * file's text whole as the rationale (decision 0082), title line and status words included, and a
 * Markdown file's status line where the text states it as a field (a metadata table, a Meta list,
 * a block of `Key: value` fields, the notes under an opening `##` title) and its title where the
 * text states it (an opening `##` heading, a `Title:` field; decision 0098): a title or status
 * revised in brain and exported into the file changed the text the entry would keep, so the
 * re-import recorded one revision saying nothing new. A file that is the entry's own export
 * states nothing the entry does not: the import writes nothing for it. Any other edit of the file
 * is read as before (one revision, its whole text).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Entry } from '../model/entry.js';
import { isMarkupFile, renderMarkup, type ExportedFiles } from '../exporters/adr/render-markup.js';
import { renderAdr } from '../exporters/adr/render-adr.js';
import type { Brain } from '../service.js';
import { exportedFileMap } from './export-adr.js';

/** `(sourcePath, current) → true` when the file at `sourcePath` (under the imported folder) is `current`'s export. */
export type OwnExportCheck = (sourcePath: string, current: Entry) => Promise<boolean>;

/**
 * A check for the import of folder `dir` (absolute). The exported files' map (for the links a
 * changed status writes) is the project's decisions as they stood before the import, read once on
 * the first file asked about. A file that cannot be read is not an export (the import's own read
 * reports it). A Markdown file is compared with the export in both layouts (MADR, Nygard), written
 * over its own text or to a fresh folder, and with the day and deciders from outside the text
 * (git's, render-adr.ts `source.origin`) either agreeing with the entry or unknown: an export's
 * front matter holds `date` / `decision-makers` only when neither gives them back.
 */
export function createOwnExportCheck(brain: Brain, dir: string): OwnExportCheck {
  let files: Promise<ExportedFiles> | null = null;
  const map = async (): Promise<ExportedFiles> => {
    const decisions = (await brain.list({ kind: 'decision' })).map((r) => r.entry).sort((a, b) => (a.entry_id < b.entry_id ? -1 : 1));
    return exportedFileMap(decisions);
  };
  return async (sourcePath, current) => {
    files ??= map();
    let text: string;
    try {
      text = (await readFile(join(dir, ...sourcePath.split('/')), 'utf8')).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trimEnd();
    } catch {
      return false;
    }
    const exported = await files;
    if (isMarkupFile(sourcePath)) return text === renderMarkup({ entry: current, file: sourcePath, files: exported }).trimEnd();
    const p = current.payload;
    const agreeing = { date: typeof p['decision_date'] === 'string' ? p['decision_date'] : null, makers: typeof p['decision_makers'] === 'string' ? p['decision_makers'] : null };
    for (const format of ['madr', 'nygard'] as const) {
      for (const source of [undefined, { text, origin: agreeing }, { text, origin: { date: null, makers: null } }]) {
        if (text === renderAdr({ entry: current, format, file: sourcePath, files: exported, ...(source ? { source } : {}) }).trimEnd()) return true;
      }
    }
    return false;
  };
}
