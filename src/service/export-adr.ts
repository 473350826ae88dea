/**
 * `brain export adr DIR [--format madr|nygard]` (DESIGN §6/§9, issues #9 and #18): every decision
 * of the project becomes one ADR file in DIR. A decision imported from an ADR keeps its source
 * file name and folder (so re-importing the export addresses the same entries — ids derive from
 * the path — and relative links, images' included, still point where they did); any other gets
 * a name in the corpus's own naming (`NNNN-slug.md`, `adr-NNN-slug.md`, …) numbered after the
 * highest ADR number in use. Existing files of the same name are overwritten; nothing else in DIR
 * is touched.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { posix } from 'node:path';
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';
import { adrLabelOf } from '../model/adr-label.js';
import { adrFileName, corpusNaming } from '../exporters/adr/adr-file-name.js';
import { renderAdr, type AdrExportFormat } from '../exporters/adr/render-adr.js';
import type { Brain } from '../service.js';

/** `brain export adr --json` */
export interface ExportReport {
  dir: string;
  format: AdrExportFormat;
  files: { entry_id: string; file: string; status: string }[];
}

/** The source file of an imported ADR: its first citation, a `file` with an `ADR-N` locator or none. */
function sourceFile(entry: Entry): string | null {
  const c = entry.citations[0];
  if (c?.source_kind !== 'file' || (c.locator !== undefined && !/^ADR-\d+$/.test(c.locator))) return null;
  const path = posix.normalize(c.source_ref);
  return path.startsWith('..') || posix.isAbsolute(path) || !/\.md$/i.test(path) ? null : path;
}

/**
 * Writes every decision of the project (any status) to `dir` (created if missing).
 * Errors: `invalid_argument` for an unknown format or a `dir` that is a file, `io_error` when a
 * file cannot be written.
 */
export async function exportAdr(brain: Brain, args: { dir: string; format?: string }): Promise<ExportReport> {
  const format = (args.format ?? 'madr') as AdrExportFormat;
  if (format !== 'madr' && format !== 'nygard') {
    throw new BrainError('invalid_argument', `unknown ADR format "${args.format}"`, { hint: 'use --format madr or --format nygard' });
  }
  const dir = resolve(args.dir);
  const decisions = (await brain.list({ kind: 'decision' })).map((r) => r.entry).sort((a, b) => (a.entry_id < b.entry_id ? -1 : 1));
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
  const written: ExportReport['files'] = [];
  try {
    await mkdir(dir, { recursive: true });
    for (const { entry, file } of [...files.values()].sort((a, b) => (a.file < b.file ? -1 : 1))) {
      const path = join(dir, ...file.split('/'));
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, renderAdr({ entry, format, file, files }), 'utf8');
      written.push({ entry_id: entry.entry_id, file, status: entry.status });
    }
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw new BrainError('invalid_argument', `${args.dir} is not a directory`, { cause });
    throw new BrainError('io_error', `cannot write ADR files to ${args.dir}`, { cause });
  }
  return { dir, format, files: written };
}
