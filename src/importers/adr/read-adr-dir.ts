/**
 * The reading half of `brain import adr <dir>` (DESIGN §9): a directory of Architecture
 * Decision Records (MADR, Nygard/adr-tools, log4brains) → decision drafts with deterministic
 * ids, plus reports of what could not be mapped and what was defaulted. Reads files only;
 * writing the drafts to the store is the caller's job.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ID_PATTERN } from '../../model/limits.js';
import { BrainError } from '../../model/errors.js';
import { decodeUtf8 } from '../../model/utf8.js';
import type { EntryFields } from '../../model/input.js';
import { assembleDrafts } from './assemble-drafts.js';
import { listAdrFiles, type SkippedFile } from './list-adr-files.js';
import { parseAdr, type ParsedAdr } from './parse-adr.js';
import type { UnresolvedRef } from './supersede-links.js';

/** One ADR file, ready to become revision 1 (or the next revision) of a decision. */
export interface AdrDraft {
  /** Path relative to the imported dir, POSIX separators, e.g. "0001-use-x.md". */
  source_path: string;
  /** deriveEntryId('decision', `adr:${projectId}:${source_path}`). */
  entry_id: string;
  /** title, rationale, status, tags, citations, related_entry_ids, supersedes_entry_id, payload. */
  fields: EntryFields;
  /** 'explicit' when the status is stated (by the file, or by a file superseding it), else 'defaulted'. */
  status_source: 'explicit' | 'defaulted';
  /** The date the ADR gives (ISO instant), or null: the import falls back to git, then now. */
  date: string | null;
  /** The ADR's deciders / authors, or null: the import falls back to git, then the importing user. */
  deciders: string | null;
}

/** A field of one file cut to its bound; the rest is only in the source file. */
export interface OverflowReport {
  source_path: string;
  field: 'title' | 'rationale' | 'decision_outcome';
  chars: number;
  kept: number;
}

/** A status that could not be mapped (the draft says `proposed` unless noted), and why. */
export interface UnmappedStatus {
  source_path: string;
  /** The status as written, '' when the file states none. */
  raw_status: string;
  reason: string;
}

/** A file without a status that got its format's documented default. */
export interface DefaultedStatus {
  source_path: string;
  /** 'madr' or 'log4brains' (see adr-format.ts). */
  format: string;
  status: string;
}

/** Everything one directory yields. */
export interface AdrReadResult {
  /** One per imported file, sorted by source_path. */
  drafts: AdrDraft[];
  unmapped: UnmappedStatus[];
  defaulted: DefaultedStatus[];
  /** References to ADRs that are not part of the import (kept as citations), by file. */
  unresolved: UnresolvedRef[];
  /** Fields cut to their bound (docs/decisions/0014). */
  overflow: OverflowReport[];
  /** Markdown files not imported: index pages, templates, hidden/private, empty or binary files. */
  skipped: { source_path: string; reason: string }[];
}

/**
 * Reads every ADR under `dir` (recursively, see list-adr-files.ts for what is skipped), sorted
 * by path, and returns drafts whose `fields` pass `buildEntry` for a new decision.
 *
 * Rules (DESIGN §9 and the import issue):
 * - status from MADR front matter, a Status section, or a `Status:` line/bullet
 *   (status-source.ts), mapped by status-map.ts; unmappable or template values → `proposed`
 *   and reported in `unmapped`; no status → the format's documented default (adr-format.ts,
 *   reported in `defaulted`) or `proposed` with reason "no status". Never silently accepted.
 * - supersede links in both directions between files ("superseded by X" / "supersedes X", by
 *   link or ADR number): the superseded draft relates to its successor, the successor
 *   `supersedes_entry_id` it and relates to it; conflicts with an explicit status keep the
 *   status and are reported (assemble-drafts.ts). An entry never links to itself.
 * - title, rationale, payload, tags and citations per parse-adr.ts.
 *
 * Errors: BrainError `invalid_argument` for a projectId that is not a slug or a file that is
 * not UTF-8 (its byte offset and line named), `not_found` when
 * `dir` is missing or not a directory, `io_error` when a file cannot be read.
 */
export async function readAdrDirectory(options: { dir: string; projectId: string }): Promise<AdrReadResult> {
  if (!PROJECT_ID_PATTERN.test(options.projectId)) {
    throw new BrainError('invalid_argument', `invalid project id "${options.projectId}"`, {
      hint: 'a project id is a slug: a-z, 0-9, ".", "_", "-"',
      data: { project_id: options.projectId },
    });
  }
  const listing = await listAdrFiles({ dir: options.dir });
  const sources: AdrSource[] = [];
  for (const sourcePath of listing.files) {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(options.dir, sourcePath));
    } catch (cause) {
      throw new BrainError('io_error', `cannot read ADR file ${sourcePath}`, { cause, data: { source_path: sourcePath } });
    }
    sources.push({ source_path: sourcePath, source: adrText(bytes, `ADR file ${sourcePath}`) });
  }
  return assembleAdrSources({ sources, skipped: listing.skipped, projectId: options.projectId });
}

/**
 * The text of an ADR file's bytes. A file holding NUL is binary: decoded as is, and skipped as
 * `not a text file` ({@link assembleAdrSources}); any other must be UTF-8 (issue #17: a Latin-1
 * ADR was imported with U+FFFD in place of its accents). `source` names it in the error.
 * Errors: `invalid_argument` naming the byte offset and line of the first bad sequence.
 */
export function adrText(bytes: Buffer, source: string): string {
  return bytes.includes(0) ? bytes.toString('utf8') : decodeUtf8(bytes, source);
}

/** One ADR file's path (relative to the imported directory, POSIX) and text. */
export interface AdrSource {
  source_path: string;
  source: string;
}

/**
 * The drafts of a set of ADR texts, as {@link readAdrDirectory} makes them from a directory
 * (also used for the directory as it was at a past commit, `--history`). Binary and empty
 * texts are skipped and reported with `skipped`. Pure; never throws.
 */
export function assembleAdrSources(options: { sources: readonly AdrSource[]; skipped?: readonly SkippedFile[]; projectId: string }): AdrReadResult {
  const skipped = [...(options.skipped ?? [])];
  const parsed: ParsedAdr[] = [];
  for (const { source_path: sourcePath, source } of options.sources) {
    if (source.includes('\u0000')) skipped.push({ source_path: sourcePath, reason: 'not a text file' });
    else if (source.trim() === '') skipped.push({ source_path: sourcePath, reason: 'empty file' });
    else parsed.push(parseAdr({ sourcePath, source }));
  }
  parsed.sort((a, b) => (a.source_path < b.source_path ? -1 : a.source_path > b.source_path ? 1 : 0));
  skipped.sort((a, b) => (a.source_path < b.source_path ? -1 : a.source_path > b.source_path ? 1 : 0));
  return { ...assembleDrafts({ parsed, projectId: options.projectId }), skipped };
}
