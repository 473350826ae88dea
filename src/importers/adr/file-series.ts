/**
 * A series' label read from its file names (issue #18, decision 0070): a folder whose records are
 * named `tep-0070-x.md`, `rfc-0012-x.md` or `kep-123-x.md`, with no label in their headings, is a
 * series of its own, as decision 0062 reads one from a heading (`# TEP-0070: X`). Pure.
 */
import { withoutAdrExtension } from './markup-family.js';
import { posix } from 'node:path';
import { recordFileName } from '../../model/record-file-name.js';
import type { ParsedAdr } from './parse-adr.js';

/**
 * A series' word (2–5 letters) and number leading a file name: `tep-0070-x.md` → tep, 70; run
 * together too, as astropy names its APEs (`APE10.rst` → ape, 10; decision 0112) — a word only a
 * few files of the folder lead with (`oauth2-flow.md`) names no series ({@link withFileSeries}).
 */
const NAME_LABEL = /^([a-z]{2,5})[-_]?(\d{1,9})(?=[-_. ]|$)/i;

/** The files a second series of a folder needs (see {@link withFileSeries}). */
const MIN_SECOND_SERIES = 3;

/** Words that name ADRs themselves: their files keep `ADR-NNNN` (file-name.ts `leadingNumber` reads them). */
const ADR_WORDS = new Set(['adr', 'madr']);

/** The series word and number a file name leads with, lower case, or null (`adr-001-x.md`, `adr001.md`, `0001-x.md`, `use-x.md`). */
export function nameSeries(fileName: string): { word: string; number: number } | null {
  const m = NAME_LABEL.exec(fileName);
  const word = m?.[1]?.toLowerCase();
  if (m === null || word === undefined || ADR_WORDS.has(word)) return null;
  return { word, number: Number.parseInt(m[2] ?? '', 10) };
}

/**
 * `records` with a number and series word from the file name for each record that has no number
 * of its own (`adr_number` null) and whose name leads with the word most files of its folder
 * lead with (more than half of the folder's records; ties: none), or with a second word of at
 * least three files when most of the folder's files lead with a series' word: `tep-0070-x.md` in a folder of
 * TEPs gets `adr_number` 70 and `series_word` "TEP", so it is labelled `TEP-0070`, and, with no
 * title but its file name, the name's words (`platform support`; decision 0073). A word only a
 * few files share (`use-2-clusters.md`, `v2-api.md` beside `0001-x.md`) names no series. Records
 * are copied, never changed; order kept.
 */
export function withFileSeries(records: readonly ParsedAdr[]): ParsedAdr[] {
  const byFolder = new Map<string, Map<string, number>>();
  const sizes = new Map<string, number>();
  // A record folder's page (`CIP-0001/README.md`) counts in the folder that holds the record folders.
  const folderOf = (path: string): string => (recordFileName(path) === posix.basename(path) ? posix.dirname(path) : posix.dirname(posix.dirname(path)));
  for (const r of records) {
    const folder = folderOf(r.source_path);
    sizes.set(folder, (sizes.get(folder) ?? 0) + 1);
    const series = nameSeries(recordFileName(r.source_path));
    if (series === null) continue;
    const words = byFolder.get(folder) ?? new Map<string, number>();
    words.set(series.word, (words.get(series.word) ?? 0) + 1);
    byFolder.set(folder, words);
  }
  return records.map((r) => {
    const folder = folderOf(r.source_path);
    const series = nameSeries(recordFileName(r.source_path));
    if (series === null || r.adr_number !== null) return r;
    const words = byFolder.get(folder);
    const shared = words?.get(series.word) ?? 0;
    const named = [...(words?.values() ?? [])].reduce((n, c) => n + c, 0);
    // A second series beside the first (cardano's 24 CPS-NNNN folders beside 170 CIP-NNNN ones;
    // round twenty-one): three files of its word at least, and most of the folder named by a series.
    const ofSeries = shared * 2 > (sizes.get(folder) ?? 0) || (shared >= MIN_SECOND_SERIES && named * 2 > (sizes.get(folder) ?? 0));
    if (!ofSeries) return r;
    // A record with no title of its own is titled by its name's words, as `0004-x.md` is (file-name.ts `nameTitle`).
    const base = withoutAdrExtension(recordFileName(r.source_path));
    const nameWords = base.replace(NAME_LABEL, '').replace(/[-_]+/g, ' ').trim();
    const title = r.title === base && nameWords !== '' ? nameWords : r.title;
    return { ...r, title, adr_number: series.number, series_word: r.series_word ?? series.word.toUpperCase() };
  });
}
