/**
 * Issue #10 daemon targets: list (first page, every filter the REST API has), health (issue 21),
 * search (top 20) and context latency through a running `brain daemon`, each beside a floor measured in the
 * same run, and the daemon's memory after it answered all three.
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { get, startDaemon, stop } from './daemon.js';
import { median, p95, sample } from './timing.js';
import { RARE_WORDS } from './synthetic.js';

/** The list filters measured (REST query → the same filter in raw SQL over the projection). */
export const LIST_FILTERS = [
  { label: 'no filter', query: '', sql: '1' },
  { label: 'kind=decision status=accepted', query: 'kind=decision&status=accepted', sql: "c.entry_kind = 'decision' AND c.status = 'accepted'" },
  { label: 'kind=open_question status=open', query: 'kind=open_question&status=open', sql: "c.entry_kind = 'open_question' AND c.status = 'open'" },
  { label: 'tag=performance', query: 'tag=performance', sql: "EXISTS (SELECT 1 FROM entry_tags t WHERE t.entry_id = c.entry_id AND t.tag = 'performance')" },
  { label: 'author=carol', query: 'author=carol', sql: "c.author = 'carol'" },
  { label: 'related_task=task-17', query: 'related_task=task-17', sql: "EXISTS (SELECT 1 FROM entry_tasks t WHERE t.entry_id = c.entry_id AND t.task_id = 'task-17')" },
  { label: 'path=src/projection/sqlite/', query: 'path=src/projection/sqlite/', sql: "EXISTS (SELECT 1 FROM entry_paths p WHERE p.entry_id = c.entry_id AND p.path LIKE 'src/projection/sqlite/%')" },
  { label: 'updated_since=2025-06-01', query: 'updated_since=2025-06-01T00:00:00Z', sql: "c.recorded_at >= '2025-06-01T00:00:00Z'" },
];
export const SEARCH_QUERIES = ['sqlite', 'cache invalidation', 'retry backoff jitter', 'kubernets', 'migrat', 'payment gateway timeout', 'vendor contract'];
/**
 * Issue #21 "the bench should have both kinds": a common-word query (~50% of the synthetic
 * entries with its prefix, ~10 300 of 20 000), an uncommon one (~1%, 238 of 20 000: its matches
 * grow with the brain too) and a rare one, as real queries are (the 12 entries of
 * bench/synthetic.js RARE_WORDS at every scale), timed apart through the daemon: search should
 * grow with the matches, not with the brain — the rare query flat from 10k revisions up.
 */
export const SEARCH_COMMON = 'sqlite';
export const SEARCH_UNCOMMON = 'vendor contract';
export const SEARCH_RARE = RARE_WORDS;
const PAGE = 20;

async function ok(port, path) {
  const r = await get(port, path);
  if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.body.slice(0, 300)}`);
  return r;
}

/** Kilobytes of `field` (VmRSS, VmHWM) in /proc/<pid>/status, or null off Linux. */
export function procKb(pid, field) {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Daemon list latency, first page of every filter: `{ perFilter: [{label, ours, raw}], worstP50 }`
 * (ms; `raw` is the same filter's first page as raw SQL on the cache file). Starts and stops
 * its own daemon on `repo`.
 */
export async function daemonListLatency({ repo, projectId, cachePath, runs }) {
  const d = await startDaemon(repo);
  try {
    const api = `/api/projects/${projectId}/brain`;
    const raw = new Database(cachePath, { readonly: true });
    const perFilter = [];
    for (const f of LIST_FILTERS) {
      const path = `${api}?${f.query}${f.query ? '&' : ''}limit=${PAGE}`;
      const ours = await sample(() => ok(d.port, path), { runs });
      const stmt = raw.prepare(`SELECT c.json FROM current c WHERE c.project_id = ? AND ${f.sql} ORDER BY c.recorded_at DESC, c.entry_id LIMIT ${PAGE + 1}`);
      const floor = await sample(() => stmt.all(projectId), { runs });
      perFilter.push({ label: f.label, ours: median(ours), ours95: p95(ours), raw: median(floor) });
    }
    raw.close();
    return { perFilter, worstP50: Math.max(...perFilter.map((p) => p.ours)) };
  } finally {
    await stop(d.child);
  }
}

/**
 * Health, search and context through the daemon, then its memory: `{ health, search,
 * searchFloor, searchCommon, searchUncommon, searchRare (each with its …Floor), context,
 * contextFloor, rssKb, peakKb }` (ms are medians; searchCommon / searchUncommon / searchRare:
 * {@link SEARCH_COMMON}, {@link SEARCH_UNCOMMON} and {@link SEARCH_RARE} alone, each beside the
 * floor of the same query measured right after it). The search floor is
 * FTS5 over the same current documents in an in-memory database (prefix AND, else OR, top 20,
 * BM25); the context floor reads what the brief shows: as many current rows as it included,
 * best ranked first, raw SQL on the cache file, each JSON parsed (issue 21: the former floor,
 * a one-row list call, was different work). Health has no floor but itself at another size
 * (the flatness rows of bench/target-rows.js).
 */
export async function daemonQueryTargets({ repo, projectId, cachePath, runs }) {
  const d = await startDaemon(repo);
  try {
    const api = `/api/projects/${projectId}/brain`;
    await ok(d.port, `${api}?limit=${PAGE}`);
    const health = await sample(() => ok(d.port, '/api/health'), { runs });
    let q = 0;
    const search = await sample(() => ok(d.port, `${api}/search?q=${encodeURIComponent(SEARCH_QUERIES[q++ % SEARCH_QUERIES.length])}&limit=20`), { runs });
    const fts = ftsBaseline(cachePath, projectId);
    q = 0;
    const searchFloor = await sample(() => fts.search(SEARCH_QUERIES[q++ % SEARCH_QUERIES.length]), { runs });
    // Each kind beside its own floor, in the same minute: like with like.
    const alone = async (text) => [
      median(await sample(() => ok(d.port, `${api}/search?q=${encodeURIComponent(text)}&limit=20`), { runs })),
      median(await sample(() => fts.search(text), { runs })),
    ];
    const [searchCommon, searchCommonFloor] = await alone(SEARCH_COMMON);
    const [searchUncommon, searchUncommonFloor] = await alone(SEARCH_UNCOMMON);
    const [searchRare, searchRareFloor] = await alone(SEARCH_RARE);
    fts.close();
    const context = await sample(() => ok(d.port, `${api}/context`), { runs });
    const included = JSON.parse((await ok(d.port, `${api}/context`)).body).data.included;
    const raw = new Database(cachePath, { readonly: true });
    const rows = raw.prepare('SELECT json FROM current WHERE project_id = ? ORDER BY rank_score DESC LIMIT ?');
    const contextFloor = await sample(() => rows.all(projectId, included).map((r) => JSON.parse(r.json)), { runs });
    raw.close();
    return {
      health: median(health), health95: p95(health),
      search: median(search), search95: p95(search), searchFloor: median(searchFloor),
      searchCommon, searchCommonFloor, searchUncommon, searchUncommonFloor, searchRare, searchRareFloor,
      context: median(context), context95: p95(context), contextFloor: median(contextFloor), contextIncluded: included,
      rssKb: procKb(d.child.pid, 'VmRSS'), peakKb: procKb(d.child.pid, 'VmHWM'),
    };
  } finally {
    await stop(d.child);
  }
}

/** FTS5 over the projection's current documents, in memory, with the projection's tokenizer (Porter stems): the search floor. */
export function ftsBaseline(cachePath, projectId) {
  const raw = new Database(cachePath, { readonly: true });
  const docs = raw.prepare('SELECT entry_id, json FROM current WHERE project_id = ?').all(projectId);
  raw.close();
  const fts = new Database(':memory:');
  const t0 = performance.now();
  fts.exec("CREATE VIRTUAL TABLE docs USING fts5(entry_id UNINDEXED, title, rationale, payload_text, tags, tokenize = 'porter unicode61 remove_diacritics 2')");
  const insert = fts.prepare('INSERT INTO docs VALUES (?, ?, ?, ?, ?)');
  fts.transaction(() => {
    for (const d of docs) {
      const e = JSON.parse(d.json);
      insert.run(d.entry_id, e.title, e.rationale, JSON.stringify(Object.values(e.payload)), e.tags.join(' '));
    }
  })();
  const buildMs = performance.now() - t0;
  const query = fts.prepare('SELECT entry_id FROM docs WHERE docs MATCH ? ORDER BY bm25(docs, 0, 3, 1, 1.5, 2) LIMIT 20');
  return {
    buildMs,
    documents: docs.length,
    search(text) {
      const terms = text.split(/\s+/).filter(Boolean).map((w) => `"${w.replace(/"/g, '""')}"*`);
      const hits = query.all(terms.join(' AND '));
      return hits.length > 0 ? hits : query.all(terms.join(' OR '));
    },
    close: () => fts.close(),
  };
}
