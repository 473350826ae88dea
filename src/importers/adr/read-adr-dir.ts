/**
 * The reading half of `brain import adr <dir>` (DESIGN §9): a directory of Architecture
 * Decision Records (MADR, Nygard/adr-tools, log4brains) → decision drafts with deterministic
 * ids, plus reports of what could not be mapped and what was defaulted. Reads files only;
 * writing the drafts to the store is the caller's job.
 */
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { LIMITS, PROJECT_ID_PATTERN } from '../../model/limits.js';
import { BrainError } from '../../model/errors.js';
import { decodeUtf8 } from '../../model/utf8.js';
import type { EntryFields } from '../../model/input.js';
import { dateOrder } from './adr-dates.js';
import { DOCUMENTATION_PAGE, documentationPages } from './documentation-page.js';
import { templateReason } from './placeholder-title.js';
import { assembleDrafts } from './assemble-drafts.js';
import { INDEX_PAGE, listAdrFiles, type SkippedFile } from './list-adr-files.js';
import { parseAdr, type ParsedAdr } from './parse-adr.js';
import { markupFamily } from './markup-family.js';
import { rstLabels } from './markup-links.js';
import { parseMarkupAdr } from './parse-markup-adr.js';
import { nameSeries, withFileSeries } from './file-series.js';
import { recordFileName } from '../../model/record-file-name.js';
import { withFolderNumbers, withoutPartNumbers } from './record-parts.js';
import { readStatusIndex, type IndexedStatus } from './status-index.js';
import { folderStatus } from './folder-status.js';
import { includeOnly, movedStub } from './stub-pages.js';
import { readSidecar, withSidecar } from './sidecar-metadata.js';
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
  /** The day the ADR gives (`YYYY-MM-DD`), or null: the import falls back to git, then now. */
  date: string | null;
  /** The ADR's deciders / authors, or null: the import falls back to git, then the importing user. */
  deciders: string | null;
}

/** A status that could not be mapped, why, and the status the entry got. */
export interface UnmappedStatus {
  source_path: string;
  /** The status as written, '' when the file states none. */
  raw_status: string;
  reason: string;
  /** The status stored: `proposed`, or what a supersede link from another file settled. */
  status: string;
}

/** A file whose status came from the corpus's index page (status-index.ts). */
export interface IndexedReport {
  source_path: string;
  status: string;
  /** The index's words, stored as the entry's status words. */
  words: string;
  index_path: string;
}

/** A title heading whose ADR number disagrees with the file name's (the file name's is kept). */
export interface NumberingReport {
  source_path: string;
  file_number: number;
  heading_number: number;
}

/**
 * An ADR label more than one file carries (kuma's two `095-….md`, tractusx-edc's two records of
 * one day): each is imported, and `brain show <label>` asks which (`ambiguous_id`).
 */
export interface SharedLabelReport {
  label: string;
  source_paths: string[];
}

/** A date that could only be read with its month and day swapped (`2023-24-05`, month 24). */
export interface SwappedDateReport {
  source_path: string;
  /** As the file writes it. */
  written: string;
  /** As stored, `YYYY-MM-DD`. */
  date: string;
}

/** A front matter that is not valid YAML: its keys were read one by one (front-matter.ts), the rest of it kept as written. */
export interface InvalidFrontMatterReport {
  source_path: string;
  /** The YAML parser's message, its first line. */
  error: string;
}

/** A day a file states that names no day of the calendar (`date: 2020-01-45`): not used. */
export interface UnreadDateReport {
  source_path: string;
  /** As the file writes it. */
  written: string;
  /** The day stored instead (the file name's, git's at import, …), or null when the import falls back to git. */
  date: string | null;
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
  /** Statuses taken from the corpus's index page, by file. */
  indexed: IndexedReport[];
  /** References to ADRs that are not part of the import (kept as citations), by file. */
  unresolved: UnresolvedRef[];
  /** Title headings numbered differently from their file names. */
  numbering: NumberingReport[];
  /** ADR labels held by more than one file, by label. */
  shared_labels: SharedLabelReport[];
  /** Dates read with month and day swapped, by file. */
  swapped_dates: SwappedDateReport[];
  /** Days stated that name no day of the calendar (not used; the record is dated by the month one names), by file. */
  unread_dates: UnreadDateReport[];
  /** Front matters that are not valid YAML (read key by key), by file. */
  invalid_front_matter: InvalidFrontMatterReport[];
  /** Markdown files not imported: index pages, templates, hidden/private, empty, binary or too long files, documentation pages. */
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
 * Errors: BrainError `invalid_argument` for a projectId that is not a slug, `not_found` when
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
  const read = async (sourcePath: string): Promise<AdrSource> => {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(options.dir, sourcePath));
    } catch (cause) {
      throw new BrainError('io_error', `cannot read ADR file ${sourcePath}`, { cause, data: { source_path: sourcePath } });
    }
    return { source_path: sourcePath, source: adrText(bytes, `ADR file ${sourcePath}`) };
  };
  // A record folder's `kep.yaml` is its README's front matter (sidecar-metadata.ts, decision 0076).
  const withMetadata = async (sourcePath: string): Promise<AdrSource> => {
    const file = await read(sourcePath);
    return { ...file, source: withSidecar(file.source, await readSidecar(options.dir, sourcePath)) };
  };
  const sources = await Promise.all(listing.files.map(withMetadata));
  const indexPages = await Promise.all(listing.skipped.filter((s) => s.reason === INDEX_PAGE).map((s) => read(s.source_path)));
  return assembleAdrSources({ sources, indexPages, skipped: listing.skipped, projectId: options.projectId, dirName: basename(resolve(options.dir)) });
}

/** One ADR file's path (relative to the imported directory, POSIX) and text. */
export interface AdrSource {
  source_path: string;
  source: string;
}

/** A cache of parsed files by path, text, index status and date order (`--history` parses each version once). */
export type ParseCache = Map<string, ParsedAdr>;

/**
 * The drafts of a set of ADR texts, as {@link readAdrDirectory} makes them from a directory
 * (also used for the directory as it was at a past commit, `--history`). `indexPages` are the
 * folder's index pages (README.md …), read for a status index (status-index.ts); else a folder
 * named for a state gives it (`dirName` the imported folder's own name, folder-status.ts). Binary and
 * empty texts are skipped and reported with `skipped`, and so is a file whose text does not fit
 * a stored revision ({@link LIMITS.body} characters in one field: not imported, nothing cut), and
 * a documentation page in a folder of numbered ADRs (documentation-page.ts: `install.md`).
 * Numeric dates are read in the file's own order, else the corpus's (adr-dates.ts). Pure; never throws.
 */
export function assembleAdrSources(options: { sources: readonly AdrSource[]; indexPages?: readonly AdrSource[]; skipped?: readonly SkippedFile[]; projectId: string; cache?: ParseCache; dirName?: string | null }): AdrReadResult {
  const skipped = [...(options.skipped ?? [])];
  const parsed: ParsedAdr[] = [];
  const texts = options.sources.filter(({ source }) => !source.includes('\u0000') && source.trim() !== '');
  const index = readStatusIndex(options.indexPages ?? [], new Set(texts.map((s) => s.source_path)));
  const corpusOrder = dateOrder(texts.map((s) => s.source)) ?? 'day_first';
  // `.. _ADR-3:` targets of the folder's RST records: `:ref:` links name files by them (decision 0082).
  const labels = new Map<string, string>();
  for (const s of texts) if (markupFamily(s.source_path) === 'rst') for (const label of rstLabels(s.source)) if (!labels.has(label)) labels.set(label, s.source_path);
  for (const { source_path: sourcePath, source } of options.sources) {
    if (source.includes('\u0000')) skipped.push({ source_path: sourcePath, reason: 'not a text file' });
    else if (source.trim() === '') skipped.push({ source_path: sourcePath, reason: 'empty file' });
    else if (includeOnly(sourcePath, source) !== null) skipped.push({ source_path: sourcePath, reason: `only includes ${includeOnly(sourcePath, source)}` });
    else if (movedStub(source) !== null) skipped.push({ source_path: sourcePath, reason: `only points to ${movedStub(source)}` });
    else {
      const order = dateOrder([source]) ?? corpusOrder;
      const indexStatus = index.get(sourcePath) ?? folderStatus(sourcePath, options.dirName ?? null);
      const adr = parseCached({ sourcePath, source, indexStatus, dateOrder: order, labels }, options.cache);
      const longest = Math.max(adr.rationale.length, adr.decision_outcome.length, adr.front_matter?.length ?? 0);
      if (longest > LIMITS.body) skipped.push({ source_path: sourcePath, reason: `too long to hold: ${longest} characters in one field (at most ${LIMITS.body}); not imported, nothing cut` });
      // A placeholder number and title (`# ADR-` + three x's + ` : Title`), `<APE title here>`, or a placeholder title numbered 0: the template records are copied from (placeholder-title.ts).
      else {
        const template = templateReason(adr.title, adr.leading_number ?? nameSeries(recordFileName(sourcePath))?.number ?? null);
        if (template !== null) skipped.push({ source_path: sourcePath, reason: template });
        else parsed.push(adr);
      }
    }
  }
  // `tep-0070-x.md` in a folder of TEPs is numbered and labelled by its name (file-series.ts).
  const series = withFileSeries(parsed);
  const pages = documentationPages(series, new Set(index.keys()));
  for (const path of pages) skipped.push({ source_path: path, reason: DOCUMENTATION_PAGE });
  // `20241206-oci-registries/1-oci-primer.md` beside `20241206-oci-registries.md` is a chapter, not record 1 (record-parts.ts).
  // `08-notebook-diff/notebook-diff.md`, alone in its folder, is record 8 (record-parts.ts).
  const records = withFolderNumbers(withoutPartNumbers(series.filter((p) => !pages.has(p.source_path))));
  records.sort((a, b) => (a.source_path < b.source_path ? -1 : a.source_path > b.source_path ? 1 : 0));
  skipped.sort((a, b) => (a.source_path < b.source_path ? -1 : a.source_path > b.source_path ? 1 : 0));
  return { ...assembleDrafts({ parsed: records, projectId: options.projectId }), skipped };
}

/** One file parsed by its family's reader: Markdown (parse-adr.ts), reStructuredText or AsciiDoc (parse-markup-adr.ts, decision 0082). */
function parseAny(args: { sourcePath: string; source: string; indexStatus: IndexedStatus | null; dateOrder: 'day_first' | 'month_first'; labels: ReadonlyMap<string, string> }): ParsedAdr {
  const family = markupFamily(args.sourcePath);
  return family === 'markdown' ? parseAdr(args) : parseMarkupAdr({ ...args, family });
}

function parseCached(args: { sourcePath: string; source: string; indexStatus: IndexedStatus | null; dateOrder: 'day_first' | 'month_first'; labels: ReadonlyMap<string, string> }, cache: ParseCache | undefined): ParsedAdr {
  if (cache === undefined) return parseAny(args);
  // An RST record's `:ref:` links read the folder's labels: they are part of what it is parsed with.
  const labels = markupFamily(args.sourcePath) === 'rst' ? [...args.labels] : [];
  const key = JSON.stringify([args.sourcePath, args.source, args.indexStatus, args.dateOrder, labels]);
  let adr = cache.get(key);
  if (adr === undefined) {
    adr = parseAny(args);
    cache.set(key, adr);
  }
  return adr;
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
