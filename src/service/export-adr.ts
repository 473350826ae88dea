/**
 * `brain export adr DIR [--format madr|nygard]` (DESIGN §6/§9, issues #9 and #18): every decision
 * of the project becomes one ADR file in DIR. A decision imported from an ADR keeps its source
 * file name and folder (so re-importing the export addresses the same entries — ids derive from
 * the path — and relative links, images' included, still point where they did); any other gets
 * a name in the corpus's own naming (`NNNN-slug.md`, `adr-NNN-slug.md`, …) numbered after the
 * highest ADR number in use. Nothing else in DIR is touched. A file already at a target path is
 * replaced only when it is this decision's ({@link isThisDecisionsFile}); any other is refused
 * before anything is written, unless `force` (docs/decisions/0049). A file that already reads
 * back as its decision is left byte for byte ({@link filesAsStored}; `--force` rewrites it). A
 * changed decision whose source file is at its target path is written in that file's layout
 * unless a format is asked for (Nygard when its front matter states no status), keeping its
 * title heading's prefix and adding no front matter the file and its git history already give
 * back (render-adr.ts `source`). A KEP written to a fresh folder gets its front matter as a
 * kep.yaml beside its README (kep-metadata-file.ts, decision 0095).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { posix } from 'node:path';
import type { Entry } from '../model/entry.js';
import { BrainError, isBrainError } from '../model/errors.js';
import { ADR_LABEL, adrLabelOf } from '../model/adr-label.js';
import { adrFileName, corpusNaming } from '../exporters/adr/adr-file-name.js';
import { renderAdr, type AdrExportFormat } from '../exporters/adr/render-adr.js';
import { isMarkupFile, renderMarkup } from '../exporters/adr/render-markup.js';
import { ADR_FILE, markupFamily } from '../importers/adr/markup-family.js';
import type { Brain } from '../service.js';
import { readAdrDirectory } from '../importers/adr/read-adr-dir.js';
import { sameContent } from '../model/input.js';
import { readGitFileHistory } from '../importers/adr/git-file-history.js';
import { splitFrontMatter } from '../importers/adr/front-matter.js';
import { gitOrigin, withOrigin } from './adr-origin.js';
import { findSidecar } from '../importers/adr/sidecar-metadata.js';
import { withSidecarState } from '../exporters/adr/sidecar-status.js';
import { isKepRecord, kepMetadataFile } from '../exporters/adr/kep-metadata-file.js';
import { draftEntry } from './import-adr.js';

/** `brain export adr --json` */
export interface ExportReport {
  dir: string;
  format: AdrExportFormat;
  /**
   * Every decision's file; `written: false` when the file already read back as the decision and
   * was left as it was; `format` the layout it is in (its source file's, for a changed decision
   * written over it with no format asked for; `rst` / `asciidoc` for a decision imported from
   * such a file, written back in its own markup whatever format is asked, decision 0082).
   */
  files: { entry_id: string; file: string; status: string; written: boolean; format: AdrExportFormat | 'rst' | 'asciidoc' }[];
}

/** The source file of an imported ADR (`.md`, `.rst`, `.adoc`): its first citation, a `file` with an `ADR-N` (or `TEP-N`, decision 0062) locator or none. */
function sourceFile(entry: Entry): string | null {
  const c = entry.citations[0];
  if (c?.source_kind !== 'file' || (c.locator !== undefined && !ADR_LABEL.test(c.locator))) return null;
  const path = posix.normalize(c.source_ref);
  return path.startsWith('..') || posix.isAbsolute(path) || !ADR_FILE.test(path) ? null : path;
}

/**
 * Whether `existing` (the text of a file at the export's target path) is `entry`'s own ADR file,
 * which the export may replace: the decision was imported from this very file (an export over the
 * import's source folder), or the file holds the title heading the export writes for it (a
 * previous export of it), or it already is what would be written.
 */
function isThisDecisionsFile(existing: string, entry: Entry, file: string, rendered: string): boolean {
  if (existing === rendered || sourceFile(entry) === file) return true;
  const heading = rendered.split('\n').find((line) => line.startsWith('# '));
  return heading !== undefined && existing.replace(/\r\n/g, '\n').split('\n').includes(heading);
}

/**
 * The files of `dir` that already read back as their decision: importing the folder as it is
 * would write nothing for them (the import's own reading: folder-wide links and index pages, the
 * decision's stored origin). Export leaves them byte for byte, so exporting over the source
 * folder of an import changes only what changed in the brain (issue #18 "Round trip"). Empty
 * when `dir` holds no ADR files yet.
 */
async function filesAsStored(dir: string, projectId: string, byFile: ReadonlyMap<string, Entry>): Promise<Set<string>> {
  if (byFile.size === 0 || !existsSync(dir)) return new Set();
  // A folder with no ADR file yet (`invalid_argument`, `not_found`) has nothing to keep.
  const read = await readAdrDirectory({ dir, projectId }).catch((err: unknown) => (isBrainError(err, 'invalid_argument') || isBrainError(err, 'not_found') ? null : Promise.reject(err)));
  const same = new Set<string>();
  for (const draft of read?.drafts ?? []) {
    const entry = byFile.get(draft.source_path);
    if (entry === undefined || entry.entry_id !== draft.entry_id) continue;
    try {
      const stamp = { recorded_at: entry.recorded_at, author: entry.author };
      if (sameContent(draftEntry({ draft, fields: withOrigin(draft, null, entry), projectId, stamp, revision: entry.revision }), entry)) same.add(draft.source_path);
    } catch (err) {
      if (!(err instanceof BrainError)) throw err; // a file that no longer validates is rewritten
    }
  }
  return same;
}

/** The layout an ADR file is written in: MADR when its front matter states the status, else Nygard. */
function layoutOf(text: string): AdrExportFormat {
  return splitFrontMatter(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')).status === null ? 'nygard' : 'madr';
}

/** The text of the file at `path`, or null when there is none. */
async function readIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw cause;
  }
}

/**
 * The file each decision is exported to (relative to the export folder, POSIX), by entry id: an
 * imported decision its source path (the first of two that share one, case aside), the others
 * the next free `NNNN-title.md` name in the corpus's naming (adr-file-name.ts). `decisions` sorted
 * by entry id. The import reads it too, to tell a file that is brain's own export of an entry
 * (decision 0095).
 */
export function exportedFileMap(decisions: readonly Entry[]): Map<string, { entry: Entry; file: string }> {
  const files = new Map<string, { entry: Entry; file: string }>();
  const taken = new Set<string>();
  for (const entry of decisions) {
    const file = sourceFile(entry);
    if (file !== null && !taken.has(file.toLowerCase())) {
      files.set(entry.entry_id, { entry, file });
      taken.add(file.toLowerCase());
    }
  }
  const numbers = [...files.values()].map((f) => Number(adrLabelOf(f.entry)?.slice(4) ?? 0)).filter((n) => n < 100_000);
  let next = Math.max(0, ...numbers) + 1;
  const naming = corpusNaming([...files.values()].map((f) => f.file));
  const native = decisions.filter((e) => !files.has(e.entry_id)).sort((a, b) => (a.recorded_at < b.recorded_at ? -1 : a.recorded_at > b.recorded_at ? 1 : a.entry_id < b.entry_id ? -1 : 1));
  for (const entry of native) {
    let file = adrFileName(next, entry.title, naming);
    while (taken.has(file.toLowerCase())) file = adrFileName(++next, entry.title, naming);
    next += 1;
    taken.add(file.toLowerCase());
    files.set(entry.entry_id, { entry, file });
  }
  return files;
}

/**
 * Writes every decision of the project (any status) to `dir` (created if missing). With `force`,
 * files brain did not write are replaced too.
 * Errors: `invalid_argument` for an unknown format, a `dir` that is a file, or target files that
 * are not the decisions' own (`data.files`; nothing written), `io_error` when a file cannot be
 * read or written.
 */
export async function exportAdr(brain: Brain, args: { dir: string; format?: string; force?: boolean }): Promise<ExportReport> {
  const format = (args.format ?? 'madr') as AdrExportFormat;
  if (format !== 'madr' && format !== 'nygard') {
    throw new BrainError('invalid_argument', `unknown ADR format "${args.format}"`, { hint: 'use --format madr or --format nygard' });
  }
  const dir = resolve(args.dir);
  const decisions = (await brain.list({ kind: 'decision' })).map((r) => r.entry).sort((a, b) => (a.entry_id < b.entry_id ? -1 : 1));
  const files = exportedFileMap(decisions);
  const written: ExportReport['files'] = [];
  // Over the import's own folder, a changed decision is written in its file's own layout.
  const git = existsSync(dir) ? await readGitFileHistory({ dir }) : null;
  try {
    const planned: Array<{ entry: Entry; file: string; path: string; text: string; existing: string | null; layout: ExportReport['files'][number]['format']; metadata?: { path: string; text: string } }> = [];
    const foreign: string[] = [];
    for (const { entry, file } of [...files.values()].sort((a, b) => (a.file < b.file ? -1 : 1))) {
      const path = join(dir, ...file.split('/'));
      const existing = await readIfExists(path);
      const own = existing !== null && sourceFile(entry) === file ? existing : null;
      const source = own === null ? undefined : { text: own, origin: gitOrigin(git, file) };
      // A reStructuredText or AsciiDoc record goes back in its own markup (decision 0082).
      const markup = isMarkupFile(file) ? (markupFamily(file) as 'rst' | 'asciidoc') : null;
      const layout = own !== null && args.format === undefined ? layoutOf(own) : format;
      // A KEP's README over its source, its kep.yaml beside it: status and links go to the kep.yaml (decision 0082).
      const sidecar = own !== null && !splitFrontMatter(own.replace(/\r\n?/g, '\n')).present ? await findSidecar(dir, file) : null;
      // A KEP written where it has no file yet: its front matter (MADR layout) goes to a kep.yaml beside the README (decision 0095).
      const asKep = existing === null && markup === null && isKepRecord(entry, file) && (await readIfExists(join(dir, posix.dirname(file), 'kep.yaml'))) === null;
      const rendered = markup !== null ? renderMarkup({ entry, file, files }) : renderAdr({ entry, format: asKep ? 'madr' : layout, file, files, ...(source ? { source } : {}), ...(sidecar ? { metadataFile: true } : {}) });
      const split = asKep ? kepMetadataFile({ entry, file, text: rendered }) : null;
      const text = split?.readme ?? rendered;
      const metadata = split !== null ? { path: join(dir, ...split.metadata.path.split('/')), text: split.metadata.text }
        : sidecar === null ? undefined : { path: join(dir, ...sidecar.path.split('/')), text: withSidecarState(sidecar.text, posix.basename(sidecar.path), entry, files) };
      planned.push({ entry, file, path, text, existing, layout: markup ?? (split !== null ? 'madr' : layout), ...(metadata !== undefined && metadata.text !== sidecar?.text ? { metadata } : {}) });
      if (!args.force && existing !== null && !isThisDecisionsFile(existing, entry, file, text)) foreign.push(file);
    }
    if (foreign.length > 0) {
      throw new BrainError('invalid_argument', `${foreign.length} file(s) in ${args.dir} that brain did not write would be replaced: ${foreign.slice(0, 5).join(', ')}${foreign.length > 5 ? ', …' : ''}`, {
        hint: 'export to another folder, move those files away, or pass --force to replace them',
        data: { files: foreign },
      });
    }
    const asStored = args.force ? new Set<string>() : await filesAsStored(dir, await brain.projectId(), new Map(planned.map((p) => [p.file, p.entry])));
    await mkdir(dir, { recursive: true });
    for (const { entry, file, path, text, existing, layout, metadata } of planned) {
      // A file that reads back as its decision, or already holds the very bytes (a decision's own
      // export: an .rst / .adoc one, decision 0095; a Markdown one whose title or status the text
      // states, decision 0098), is left as it is.
      // A KEP's changed kep.yaml is written even when its README stays byte for byte.
      const keep = asStored.has(file) || (existing === text && metadata === undefined);
      if (!keep) {
        await mkdir(dirname(path), { recursive: true });
        if (existing !== text) await writeFile(path, text, 'utf8');
        if (metadata !== undefined) await writeFile(metadata.path, metadata.text, 'utf8');
      }
      written.push({ entry_id: entry.entry_id, file, status: entry.status, written: !keep, format: layout });
    }
  } catch (cause) {
    if (cause instanceof BrainError) throw cause;
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw new BrainError('invalid_argument', `${args.dir} is not a directory`, { cause });
    throw new BrainError('io_error', `cannot write ADR files to ${args.dir}`, { cause });
  } finally {
    await git?.close();
  }
  return { dir, format, files: written };
}
