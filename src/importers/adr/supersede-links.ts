/**
 * Resolves supersede references (supersede-refs.ts) to files of the imported directory and
 * turns them into directed edges "superseded → successor", whichever file stated them.
 */
import { posix } from 'node:path';
import type { SupersedeRef } from './supersede-refs.js';

/** One file and the references it states. */
export interface RefSource {
  source_path: string;
  leading_number: number | null;
  supersede_refs: readonly SupersedeRef[];
}

/** `superseded` is replaced by `successor`; `stated_in` lists the files that say so. */
export interface SupersedeEdge {
  superseded: string;
  successor: string;
  stated_in: string[];
}

/** Lookup tables over the imported files. */
export interface AdrPathIndex {
  paths: ReadonlySet<string>;
  /** `dir\0number` → files of that directory with that leading number. */
  byNumber: ReadonlyMap<string, string[]>;
  /** base name → files with that base name anywhere in the import. */
  byBaseName: ReadonlyMap<string, string[]>;
}

/** Builds the {@link AdrPathIndex} of `sources`. */
export function indexAdrPaths(sources: readonly RefSource[]): AdrPathIndex {
  const byNumber = new Map<string, string[]>();
  const byBaseName = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, path: string): void => {
    map.set(key, [...(map.get(key) ?? []), path]);
  };
  for (const s of sources) {
    if (s.leading_number !== null) add(byNumber, `${posix.dirname(s.source_path)}\u0000${s.leading_number}`, s.source_path);
    add(byBaseName, posix.basename(s.source_path), s.source_path);
  }
  return { paths: new Set(sources.map((s) => s.source_path)), byNumber, byBaseName };
}

/**
 * The file `ref` names, seen from `from`, or null. A link is resolved relative to `from`'s
 * directory (anchor and query dropped, `.md` appended when missing); an absolute URL matches by
 * base name when exactly one imported file has it. Failing that, the ADR number must match the
 * leading number of exactly one file in `from`'s directory. A file never resolves to itself.
 */
export function resolveRef(ref: SupersedeRef, from: string, index: AdrPathIndex): string | null {
  const candidates: string[] = [];
  if (ref.href !== null && ref.href !== '') {
    let href = ref.href.replace(/[#?].*$/, '');
    try {
      href = decodeURIComponent(href);
    } catch {
      // keep the href as written
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) {
      const sameName = index.byBaseName.get(posix.basename(href)) ?? [];
      if (sameName.length === 1 && sameName[0] !== undefined) candidates.push(sameName[0]);
    } else if (href !== '') {
      const joined = posix.normalize(posix.join(posix.dirname(from), href)).replace(/^\.\//, '');
      candidates.push(joined, `${joined}.md`);
    }
  }
  if (ref.number !== null) {
    const sameNumber = index.byNumber.get(`${posix.dirname(from)}\u0000${ref.number}`) ?? [];
    if (sameNumber.length === 1 && sameNumber[0] !== undefined) candidates.push(sameNumber[0]);
  }
  return candidates.find((path) => index.paths.has(path) && path !== from) ?? null;
}

/**
 * All supersede edges among `sources`: "A superseded by B" stated in A and "B supersedes A"
 * stated in B give the same edge A → B (its `stated_in` lists both). Unresolvable references
 * are dropped. Edges are sorted by successor, then superseded path.
 */
export function buildSupersedeEdges(sources: readonly RefSource[]): SupersedeEdge[] {
  const index = indexAdrPaths(sources);
  const edges = new Map<string, SupersedeEdge>();
  for (const source of sources) {
    for (const ref of source.supersede_refs) {
      const target = resolveRef(ref, source.source_path, index);
      if (target === null) continue;
      const [superseded, successor] =
        ref.direction === 'superseded_by' ? [source.source_path, target] : [target, source.source_path];
      const key = `${successor}\u0000${superseded}`;
      const edge = edges.get(key) ?? { superseded, successor, stated_in: [] };
      if (!edge.stated_in.includes(source.source_path)) edge.stated_in.push(source.source_path);
      edges.set(key, edge);
    }
  }
  return [...edges.values()].sort((a, b) =>
    a.successor === b.successor ? compare(a.superseded, b.superseded) : compare(a.successor, b.successor),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
