/**
 * Tells a reStructuredText or AsciiDoc file that is, byte for byte (line ends and a BOM aside),
 * what `brain export adr` writes for an entry as it stands (decision 0095). The import keeps such
 * a file's text whole as the rationale (decision 0082), title line and status words included, so
 * a title or status revised in brain and exported into the file changed the text the entry would
 * keep: the re-import recorded one revision saying nothing new. A file that is the entry's own
 * export states nothing the entry does not: the import writes nothing for it. Any other edit of
 * the file is read as before (one revision, its whole text).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Entry } from '../model/entry.js';
import { isMarkupFile, renderMarkup, type ExportedFiles } from '../exporters/adr/render-markup.js';
import type { Brain } from '../service.js';
import { exportedFileMap } from './export-adr.js';

/** `(sourcePath, current) → true` when the file at `sourcePath` (under the imported folder) is `current`'s export. */
export type OwnExportCheck = (sourcePath: string, current: Entry) => Promise<boolean>;

/**
 * A check for the import of folder `dir` (absolute). The exported files' map (for the links a
 * changed status writes) is the project's decisions as they stood before the import, read once on
 * the first markup file asked about. A file that cannot be read is not an export (the import's
 * own read reports it). Markdown files answer false: their title and status are not kept in the
 * rationale (decision 0015), so their round trip already writes nothing.
 */
export function createOwnExportCheck(brain: Brain, dir: string): OwnExportCheck {
  let files: Promise<ExportedFiles> | null = null;
  const map = async (): Promise<ExportedFiles> => {
    const decisions = (await brain.list({ kind: 'decision' })).map((r) => r.entry).sort((a, b) => (a.entry_id < b.entry_id ? -1 : 1));
    return exportedFileMap(decisions);
  };
  return async (sourcePath, current) => {
    if (!isMarkupFile(sourcePath)) return false;
    files ??= map();
    let text: string;
    try {
      text = await readFile(join(dir, ...sourcePath.split('/')), 'utf8');
    } catch {
      return false;
    }
    const own = renderMarkup({ entry: current, file: sourcePath, files: await files });
    return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trimEnd() === own.trimEnd();
  };
}
