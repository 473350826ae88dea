/**
 * Resolves ADR references (supersede-refs.ts) to files of the imported directory: supersession
 * becomes directed edges "superseded → successor", whichever file stated them; other relations
 * become related pairs; what names no imported file is returned as unresolved (issue #9: kept as
 * a citation and listed in the import report, by file).
 */
import { posix } from 'node:path';
import { recordFileName } from '../../model/record-file-name.js';
import { leadingNumber } from './file-name.js';
import { nameSeries } from './file-series.js';
import { withoutAdrExtension } from './markup-family.js';
import { MENTIONS } from './record-links.js';
import type { SupersedeRef } from './supersede-refs.js';

/** One file and the references it states. */
export interface RefSource {
  source_path: string;
  /** The file's ADR number (file name, else title heading), or null. */
  adr_number: number | null;
  /** The word the file is labelled with (`CIP`, `TEP`; parse-adr.ts `series_word`), or null for "ADR". */
  series_word?: string | null;
  supersede_refs: readonly SupersedeRef[];
}

/** `superseded` is replaced by `successor`; `stated_in` lists the files that say so. */
export interface SupersedeEdge {
  superseded: string;
  successor: string;
  stated_in: string[];
}

/** `from` states a relation (not supersession) to `to` with `phrase` ("in favour of"). */
export interface RelatedEdge {
  from: string;
  to: string;
  phrase: string;
}

/** A reference in `source_path` that names no imported file. */
export interface UnresolvedRef {
  source_path: string;
  /** The link target as written, or `ADR-<n>` for a number. */
  reference: string;
  phrase: string;
  /** The imported files the number names when it names more than one (`001-x.md` and `0001-y.md`), else []. */
  ambiguous: string[];
}

/** Lookup tables over the imported files. */
export interface AdrPathIndex {
  paths: ReadonlySet<string>;
  /** `dir\0number` → files of that directory with that ADR number. */
  byNumber: ReadonlyMap<string, string[]>;
  /** number → files anywhere in the import with that ADR number. */
  anyDirByNumber: ReadonlyMap<number, string[]>;
  /** record name (model/record-file-name.ts: the base name, or a record folder's name) → files with it anywhere in the import. */
  byBaseName: ReadonlyMap<string, string[]>;
  /** path → the series its label names, upper case ("ADR" when none). */
  seriesOf: ReadonlyMap<string, string>;
  /** The series words of {@link seriesOf}. */
  series: ReadonlySet<string>;
}

/** Builds the {@link AdrPathIndex} of `sources`. */
export function indexAdrPaths(sources: readonly RefSource[]): AdrPathIndex {
  const byNumber = new Map<string, string[]>();
  const anyDirByNumber = new Map<number, string[]>();
  const byBaseName = new Map<string, string[]>();
  const add = <K>(map: Map<K, string[]>, key: K, path: string): void => {
    map.set(key, [...(map.get(key) ?? []), path]);
  };
  for (const s of sources) {
    if (s.adr_number !== null) {
      add(byNumber, `${posix.dirname(s.source_path)}\u0000${s.adr_number}`, s.source_path);
      add(anyDirByNumber, s.adr_number, s.source_path);
    }
    add(byBaseName, recordFileName(s.source_path), s.source_path);
  }
  const seriesOf = new Map(sources.map((s) => [s.source_path, (s.series_word ?? 'ADR').toUpperCase()]));
  return { paths: new Set(sources.map((s) => s.source_path)), byNumber, anyDirByNumber, byBaseName, seriesOf, series: new Set(seriesOf.values()) };
}

/**
 * The file `ref` names, seen from `from`, or null. A link is resolved relative to `from`'s
 * directory (anchor and query dropped, `.md` appended when missing, a record folder's README.md /
 * index.md tried); an absolute URL matches by record name (`.md` appended when missing) when
 * exactly one imported file has it. Failing that, a link inside the import to a file it does not
 * hold names the file its name's number names (`ADR045-use-forms-api.md` for the renamed
 * `ADR045-remove-forms-api.md`, alphagov/forms; decision 0079): exactly one file of that number
 * in the link's directory, else in the whole import, when the two names share a word
 * ({@link shareNameWord}). Failing that, the ADR number must match the number of exactly one
 * file in `from`'s directory, else of exactly one file of the whole import (a subfolder's ADRs
 * cite the others by number) — for a link, one whose name shares a word with the link's. A number several files share names
 * none. A file never resolves to itself.
 */
export function resolveRef(ref: SupersedeRef, from: string, index: AdrPathIndex): string | null {
  const candidates: string[] = [];
  let external = false;
  /** The file a relative link names, whose name a number's file must agree with. */
  let linked: string | null = null;
  if (ref.href !== null && ref.href !== '') {
    let href = ref.href.replace(/[#?].*$/, '');
    try {
      href = decodeURIComponent(href);
    } catch {
      // keep the href as written
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) {
      // A URL names its own file; its number ("Winery's ADR-0009") is another project's.
      external = true;
      const name = recordFileName(href);
      const sameName = index.byBaseName.get(name) ?? index.byBaseName.get(`${name}.md`) ?? [];
      if (sameName.length === 1 && sameName[0] !== undefined) candidates.push(sameName[0]);
    } else if (href !== '') {
      const joined = posix.normalize(posix.join(posix.dirname(from), href)).replace(/^\.\//, '');
      // A link to a record folder (`../2022-02-07-tracing/`) names its README.md / index.md.
      const folder = joined.replace(/\/+$/, '');
      linked = folder;
      candidates.push(joined, `${joined}.md`, `${folder}/README.md`, `${folder}/index.md`);
      // A path that climbs out of the imported folder and back in (`../../decisions/adr/x.md` from
      // `adr/y.md` when `decisions/` is imported), or from the repository's root (`/docs/decisions/x.md`):
      // the imported file its last folders and name are (HHS/simpler-grants-gov, GoogleCloudPlatform/emblem; round twenty).
      if (href.startsWith('/')) candidates.push(...withinImport(posix.normalize(href).replace(/^\/+/, ''), index));
      else if (joined.startsWith('../')) candidates.push(...withinImport(joined.replace(/^(?:\.\.\/)+/, ''), index));
      const renamed = joined.startsWith('../') || joined === '..' ? null : leadingNumber(recordFileName(folder));
      if (renamed !== null) candidates.push(...onlyNumbered(index, renamed, posix.dirname(folder), from).filter((p) => shareNameWord(folder, p)));
    }
  }
  if (ref.number !== null && !external) candidates.push(...onlyNumbered(index, ref.number, posix.dirname(from), from, ref.series).filter((p) => linked === null || shareNameWord(linked, p)));
  return candidates.find((path) => index.paths.has(path) && path !== from) ?? null;
}

/**
 * The imported path `path` ends with, the longest such ending first (`decisions/adr/x.md` →
 * `adr/x.md` when that is imported); [] when none is.
 */
function withinImport(path: string, index: AdrPathIndex): string[] {
  const parts = path.split('/');
  for (let i = 0; i < parts.length; i++) {
    const tail = parts.slice(i).join('/');
    const found = [tail, `${tail}.md`].filter((p) => index.paths.has(p));
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * True when the record names of `a` and `b` share a word of three letters or more besides their
 * numbers: a renamed record keeps some of its name (forms' `ADR045-use-forms-api.md`, renamed
 * `ADR045-remove-forms-api.md`); dotcom-rendering's link to a `007-multiple-sites-revisited.md`
 * that was never written names no `007-css-in-js.md`.
 */
function shareNameWord(a: string, b: string): boolean {
  const words = (path: string) => new Set(withoutAdrExtension(recordFileName(path)).toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !/^adr\d*$/.test(w)));
  const own = words(a);
  const other = words(b);
  // A link whose name is only a number (`[5](0005.md)`, `../decisions/5`) says nothing against it.
  return own.size === 0 || [...own].some((w) => other.has(w));
}

/**
 * The one file numbered `number` in `dir`, else (none there) in the whole import, `from` aside; [] when none or several.
 * With `series` (`CPS` of "CPS-0008") that some imported file is labelled with, only files of that series count.
 */
function onlyNumbered(index: AdrPathIndex, number: number, dir: string, from: string, series?: string): string[] {
  const known = series !== undefined && index.series.has(series);
  const ofSeries = (paths: readonly string[]): string[] => (known ? paths.filter((p) => index.seriesOf.get(p) === series) : [...paths]);
  const sameDir = ofSeries(index.byNumber.get(`${dir}\u0000${number}`) ?? []);
  const anyDir = ofSeries(index.anyDirByNumber.get(number) ?? []).filter((p) => p !== from);
  const only = sameDir.length === 1 ? sameDir[0] : sameDir.length === 0 && anyDir.length === 1 ? anyDir[0] : undefined;
  return only === undefined ? [] : [only];
}

/** What {@link resolveAdrLinks} found among the imported files. */
export interface AdrLinks {
  /** Sorted by successor, then superseded path. */
  edges: SupersedeEdge[];
  /** Sorted by from, to; one per pair and direction (first phrase wins). */
  related: RelatedEdge[];
  /** Sorted by source path, then reference. */
  unresolved: UnresolvedRef[];
}

/**
 * A relation by a link to a file whose name carries no number, series label or day
 * (`../modelo-de-datos.md`, `../auth-design.md`, another repository's `…/copyright-notices.md`): a
 * document beside the records, not one of them,
 * so not "an ADR outside the import" either (round twenty; 0113 did so for links in running text).
 * A supersession by such a link stays reported: a successor not found matters.
 */
function isDocumentLink(ref: SupersedeRef): boolean {
  if (ref.direction !== 'related' || ref.href === null) return false;
  const name = recordFileName(ref.href.replace(/[#?].*$/, ''));
  return leadingNumber(name) === null && nameSeries(name) === null;
}

/**
 * All links among `sources`: "A superseded by B" stated in A and "B supersedes A" stated in B
 * give the same edge A → B (its `stated_in` lists both); relations give related pairs; a
 * reference to the file itself is ignored; one that names no imported file is unresolved.
 */
export function resolveAdrLinks(sources: readonly RefSource[]): AdrLinks {
  const index = indexAdrPaths(sources);
  const edges = new Map<string, SupersedeEdge>();
  const related = new Map<string, RelatedEdge>();
  const unresolved = new Map<string, UnresolvedRef>();
  for (const source of sources) {
    for (const ref of source.supersede_refs) {
      const target = resolveRef(ref, source.source_path, index);
      if (target === null) {
        // A link in running text to a file the import does not hold names no record (decision 0113).
        if (ref.phrase === MENTIONS || refersToSelf(ref, source, index) || isDocumentLink(ref)) continue;
        const reference = ref.href ?? `${ref.series ?? 'ADR'}-${String(ref.number ?? '?').padStart(4, '0')}`;
        const key = `${source.source_path}\u0000${reference}`;
        const named = ref.href === null && ref.number !== null ? (index.anyDirByNumber.get(ref.number) ?? []).filter((p) => p !== source.source_path) : [];
        if (!unresolved.has(key)) unresolved.set(key, { source_path: source.source_path, reference, phrase: ref.phrase, ambiguous: named.length > 1 ? [...named].sort() : [] });
        continue;
      }
      if (ref.direction === 'related') {
        const key = `${source.source_path}\u0000${target}`;
        if (!related.has(key)) related.set(key, { from: source.source_path, to: target, phrase: ref.phrase });
        continue;
      }
      const [superseded, successor] = ref.direction === 'superseded_by' ? [source.source_path, target] : [target, source.source_path];
      const key = `${successor}\u0000${superseded}`;
      const edge = edges.get(key) ?? { superseded, successor, stated_in: [] };
      if (!edge.stated_in.includes(source.source_path)) edge.stated_in.push(source.source_path);
      edges.set(key, edge);
    }
  }
  return {
    edges: [...edges.values()].sort((a, b) => compare(a.successor, b.successor) || compare(a.superseded, b.superseded)),
    related: [...related.values()].sort((a, b) => compare(a.from, b.from) || compare(a.to, b.to)),
    unresolved: [...unresolved.values()].sort((a, b) => compare(a.source_path, b.source_path) || compare(a.reference, b.reference)),
  };
}

/** The reference names the stating file itself (its own number, file name, or an anchor of it). */
function refersToSelf(ref: SupersedeRef, source: RefSource, index: AdrPathIndex): boolean {
  if (ref.href !== null && ref.href.startsWith('#')) return true;
  if (ref.href !== null && ref.href !== '') {
    const base = recordFileName(ref.href.replace(/[#?].*$/, ''));
    const own = recordFileName(source.source_path);
    return base === own || `${base}.md` === own;
  }
  return ref.number !== null && ref.number === source.adr_number && index.paths.has(source.source_path) && (ref.series === undefined || ref.series === index.seriesOf.get(source.source_path));
}

/** Supersede edges only (see {@link resolveAdrLinks}). */
export function buildSupersedeEdges(sources: readonly RefSource[]): SupersedeEdge[] {
  return resolveAdrLinks(sources).edges;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
