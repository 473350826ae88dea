/**
 * ADR labels typed where an entry is meant (docs/decisions/0052): the number of an imported
 * ADR (its label `ADR-0030`, model/adr-label.ts) in the forms people write it — whole, as
 * `brain show ADR-0030` or a search for `adr 30`, or mentioned in a question, "why ADR 12 chose
 * tendermint". Pure text rules; the lookup is the projection's (`adrMatches`).
 */
import { adrLabelOf } from './adr-label.js';
import type { Entry } from './entry.js';
import { ADR_EXTENSIONS, recordFileName } from './record-file-name.js';

/** Most digits an ADR number has in a label (the importer reads 1–9). */
const DIGITS = '(\\d{1,9})';
/** The number of a file or folder name: its digits, or a dashed date (`2022-02-07-x` is 20220207, `2020_09_01_x` 20200901: importers/adr/file-name.ts `leadingNumber`). */
const DATED = '(\\d{4}-\\d{2}-\\d{2}|\\d{4}_\\d{2}_\\d{2}|\\d{1,9})';
/** `ADR-0030`, `ADR 30`, `adr-030`, `adr0030`, `ADR_30`, `ADR #30`, or the bare number `0030`, `30`. */
const WHOLE_LABEL = new RegExp(`^(?:adr[\\s_#-]*)?${DIGITS}$`, 'i');
/** Another series' label as listed, in capitals: `TEP-0070`, `KEP 12` (decision 0062); `dec-0030`, an id prefix, is none. */
const SERIES_LABEL = new RegExp(`^([A-Z]{2,5})[ _#-]?${DIGITS}$`);
/** The extensions of the files the importer reads (Markdown, reStructuredText, AsciiDoc). */
const EXTENSION = `\\.(?:${ADR_EXTENSIONS.join('|')})`;
/**
 * An ADR's file name as the importer numbers it (importers/adr/file-name.ts `leadingNumber`,
 * file-series.ts `nameSeries`), with or without folders: `0030-some-title.md`,
 * `adr-030-state-sync.md`, `ADR-9.md`, `001_x.md`, `docs/adr/0030-x.md`, a series' file
 * `nep-0031-uarray.rst`, `cap-0046-06.md`, `0039-agplv3.adoc` (round twenty-one: the hint of an
 * ambiguous label offered them, and they were not found).
 */
const FILE_NAME = new RegExp(`^(?:[^\\s]*/)?((?:(?:adr|[a-z]{2,5})[-_ ]?)?${DATED}(?:[-_. ][^/]*)?${EXTENSION})$`, 'i');
/**
 * A record kept as a folder (model/record-file-name.ts): `2022-02-07-tracing/README.md`,
 * `0004-use-x/index.md`, `0004-use-x/`, a series' or a number's folder (`CIP-0001/README.md`,
 * zeromq's `16/README.md`), or a dated folder's name alone, `2022-02-07-tracing`.
 */
const RECORD_FOLDER_NAME = new RegExp(`^(?:[^\\s]*/)?((?:adr[-_]?)?${DATED}[-_][^\\s/]*|[a-z]{2,5}[-_](\\d{1,9})|(\\d{1,9}))(?:/(?:readme|index)${EXTENSION}|/)$|^(?:[^\\s]*/)?((\\d{4}-\\d{2}-\\d{2})[-_][^\\s/.]+)$`, 'i');
/** An "ADR N" mention inside a longer text: `ADR 12`, `adr-0030`, `ADR#7` (a word `adr` or `adrs`, then the number). */
const MENTION = new RegExp(`(?<![\\p{L}\\p{N}])adrs?[\\s_#-]*${DIGITS}(?![\\p{L}\\p{N}])`, 'giu');

/** What a whole query names: an ADR number, and the file name when it was typed as one. */
export interface AdrLabelQuery {
  adr_number: number;
  /**
   * The series word typed before the number when it is not "ADR" (`TEP-0070` → "TEP"), else
   * absent: only entries labelled with that word answer it ({@link labelledAs}); "ADR" and a bare
   * number name any label with the number.
   */
  series?: string;
  /** The typed file name without folders (`0030-some-title.md`), or null for a label or number. */
  file_name: string | null;
}

const toNumber = (digits: string): number => Number.parseInt(digits.replace(/[-_]/g, ''), 10);

/** Most entries a lookup by ADR number returns (ProjectionBackend.adrMatches): enough to name the candidates of a shared label. */
export const ADR_MATCHES_LIMIT = 11;

/**
 * The ADR a whole query names, or null: a label (`ADR-0030`, `ADR 30`, `ADR-30`, `adr0030`,
 * `ADR_30`, `ADR #30`), a bare number (`0030`, `30`), a file name (`0030-some-title.md`,
 * `adr-030-….md`, with folders or not), or a record's folder (`2022-02-07-tracing/README.md`,
 * `2022-02-07-tracing`: its file name is then `2022-02-07-tracing.md`). Case and surrounding
 * blanks are ignored.
 */
export function adrLabelQuery(query: string): AdrLabelQuery | null {
  const q = query.trim();
  const label = WHOLE_LABEL.exec(q);
  if (label) return { adr_number: toNumber(label[1] as string), file_name: null };
  const series = SERIES_LABEL.exec(q);
  if (series && series[1] !== 'ADR') return { adr_number: toNumber(series[2] as string), series: series[1] as string, file_name: null };
  const file = FILE_NAME.exec(q);
  if (file) return { adr_number: toNumber(file[2] as string), file_name: file[1] as string };
  const folder = RECORD_FOLDER_NAME.exec(q);
  return folder ? { adr_number: toNumber((folder[2] ?? folder[3] ?? folder[4] ?? folder[6]) as string), file_name: `${(folder[1] ?? folder[5]) as string}.md` } : null;
}

/**
 * Whether `entry`'s label answers a query typed with `series` (AdrLabelQuery): any label when
 * `series` is absent, else one with that word (`TEP-0070` for "TEP 70"; "COVID-19" names none).
 */
export function labelledAs(entry: Pick<Entry, 'citations'>, series: string | undefined): boolean {
  return series === undefined || (adrLabelOf(entry) ?? '').startsWith(`${series}-`);
}

/**
 * The ADR numbers a search query names, in order, each once: the whole query's
 * ({@link adrLabelQuery}), else every "ADR N" mention ("why ADR 12 chose tendermint" → [12];
 * a bare number inside a sentence is a number, not a label).
 */
export function adrNumbersIn(query: string): number[] {
  const whole = adrLabelQuery(query);
  if (whole) return [whole.adr_number];
  return [...new Set([...query.matchAll(MENTION)].map((m) => toNumber(m[1] as string)))];
}

/** The ADR number of an entry's label (`ADR-0030` → 30, `TEP-0070` → 70: model/adr-label.ts `adrLabelOf`), or null. */
export function adrNumberOf(entry: Pick<Entry, 'citations'>): number | null {
  const label = adrLabelOf(entry);
  return label === null ? null : toNumber(label.slice(label.indexOf('-') + 1));
}

/**
 * Whether `entry` was imported from the file `fileName` (its label's citation names that file,
 * compared by record name — without folders, a record folder's README by its folder — and
 * case), to tell apart ADRs that share a number.
 */
export function importedFrom(entry: Pick<Entry, 'citations'>, fileName: string): boolean {
  const label = adrLabelOf(entry);
  const cited = entry.citations.find((c) => c.source_kind === 'file' && c.locator === label);
  const base = cited ? recordFileName(cited.source_ref) : null;
  return base !== null && base.toLowerCase() === fileName.toLowerCase();
}
