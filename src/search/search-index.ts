/**
 * Full-text search over current entries with MiniSearch (DESIGN §4). The index is derived
 * from the projection's `current` table, never from git directly: {@link SearchIndex.sync}
 * compares the sha256 of every indexed entry with `current` and re-indexes only what changed,
 * so it is updated incrementally in the apply path and after any process moved the cache.
 * Persisted beside the database (`search*.json`, atomic write) with the projected oid it
 * matches; a missing, corrupt or foreign-format file is rebuilt from `current`.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { readFileSync } from 'node:fs';
import type { Entry } from '../model/entry.js';
import { writeFileAtomicSync } from '../git/git-fs.js';
import type { CacheDb } from '../cache/open-cache.js';

const INDEX_FORMAT = 1;

interface SearchDoc {
  entry_id: string;
  project_id: string;
  entry_kind: string;
  title: string;
  rationale: string;
  payload_text: string;
  tags: string;
}

const OPTIONS = {
  idField: 'entry_id',
  fields: ['title', 'rationale', 'payload_text', 'tags'],
  storeFields: ['project_id', 'entry_kind'],
  searchOptions: { boost: { title: 3, tags: 2, payload_text: 1.5 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' as const },
};

function payloadText(payload: Record<string, unknown>): string {
  const parts: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(payload);
  return parts.join('\n');
}

function toDoc(entry: Entry): SearchDoc {
  return {
    entry_id: entry.entry_id,
    project_id: entry.project_id,
    entry_kind: entry.entry_kind,
    title: entry.title,
    rationale: entry.rationale,
    payload_text: payloadText(entry.payload),
    tags: entry.tags.join(' '),
  };
}

/** One hit: the entry id and a relevance score in [0, 1] relative to the best hit. */
export interface SearchHit {
  entry_id: string;
  relevance_score: number;
}

/** Options of {@link SearchIndex.search}. */
export interface SearchQuery {
  query: string;
  projectId: string;
  kind?: string;
  limit?: number;
}

/** A MiniSearch index of current entries kept equal to the `current` table. */
export class SearchIndex {
  private constructor(
    private readonly mini: MiniSearch<SearchDoc>,
    /** entry_id → sha256 of the indexed revision. */
    private readonly docs: Map<string, string>,
  ) {}

  /** An empty index. */
  static empty(): SearchIndex {
    return new SearchIndex(new MiniSearch<SearchDoc>(OPTIONS), new Map());
  }

  /** Loads the persisted index at `path`, or an empty one when missing or unreadable. */
  static load(path: string): SearchIndex {
    try {
      const saved = JSON.parse(readFileSync(path, 'utf8')) as { format: number; docs: Record<string, string>; index: unknown };
      if (saved.format !== INDEX_FORMAT) return SearchIndex.empty();
      const mini = MiniSearch.loadJS<SearchDoc>(saved.index as Parameters<typeof MiniSearch.loadJS>[0], OPTIONS);
      return new SearchIndex(mini, new Map(Object.entries(saved.docs)));
    } catch {
      return SearchIndex.empty();
    }
  }

  /** Re-indexes what differs from `current`; returns how many documents changed. */
  sync(db: CacheDb): { changed: number } {
    const rows = db.prepare('SELECT entry_id, sha256 FROM current').all() as { entry_id: string; sha256: string }[];
    const wanted = new Map(rows.map((r) => [r.entry_id, r.sha256]));
    let changed = 0;
    for (const [id, sha] of this.docs) {
      if (wanted.get(id) !== sha) {
        this.mini.discard(id);
        this.docs.delete(id);
        changed++;
      }
    }
    const getJson = db.prepare('SELECT json FROM current WHERE entry_id = ?');
    for (const [id, sha] of wanted) {
      if (this.docs.has(id)) continue;
      const row = getJson.get(id) as { json: string };
      this.mini.add(toDoc(JSON.parse(row.json) as Entry));
      this.docs.set(id, sha);
      changed++;
    }
    if (changed > 0 && this.mini.dirtCount > 1000 && this.mini.dirtFactor > 0.2) void this.mini.vacuum();
    return { changed };
  }

  /** Writes the index to `path` atomically. */
  save(path: string): void {
    writeFileAtomicSync(path, JSON.stringify({ format: INDEX_FORMAT, docs: Object.fromEntries(this.docs), index: this.mini.toJSON() }));
  }

  /** Hits for `query` in a project (optionally one kind), best first. */
  search(q: SearchQuery): SearchHit[] {
    const filter = (r: SearchResult) =>
      r.project_id === q.projectId && (q.kind === undefined || r.entry_kind === q.kind);
    let results = this.mini.search(q.query, { filter });
    if (results.length === 0) results = this.mini.search(q.query, { filter, combineWith: 'OR' });
    const best = results[0]?.score ?? 1;
    return results.slice(0, q.limit ?? 20).map((r) => ({
      entry_id: String(r.id),
      relevance_score: Math.round((r.score / best) * 1e6) / 1e6,
    }));
  }

  /** Number of indexed documents. */
  get size(): number {
    return this.docs.size;
  }
}
