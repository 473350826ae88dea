/**
 * The re-entry brief's reads (DESIGN §7, issue #10): a {@link BriefSource} over the
 * projection. Counts are read from the count table (counts.ts); a section's best
 * entries are pages of the `current_rank` index (project, kind, status, rank_score DESC,
 * ordered_at DESC: a decision's own day, else its last change); boosted entries come from
 * `entry_paths_norm` (the path rule of `brain list --path`) / `entry_tasks_task`; the recent
 * changes from `current_recent`. Only the rows read are parsed.
 */
import type { BoostQuery, BriefSource, KindStatusCount, PageKey } from '../../model/brief-source.js';
import type { Entry } from '../../model/entry.js';
import type { CacheDb } from './open-cache.js';
import { kindStatusCounts } from './counts.js';
import { entriesConcerning } from './path-candidates.js';
import { prepared } from './prepared.js';

const parse = (rows: unknown[]): Entry[] => (rows as { json: string }[]).map((r) => JSON.parse(r.json) as Entry);

/** A {@link BriefSource} of `projectId`'s current entries in `db`. Reads on each call; SQLite errors propagate. */
export function cacheBriefSource(db: CacheDb, projectId: string): BriefSource {
  const p = projectId;
  const links = new Map<string, ReadonlyMap<string, Entry>>();
  const successors = prepared(db, "SELECT c.json FROM entry_links l CROSS JOIN current c ON c.entry_id = l.entry_id WHERE l.target_id = ? AND l.relation = 'supersedes' AND c.project_id = ? ORDER BY c.recorded_at DESC, c.entry_id");
  const byId = prepared(db, 'SELECT json FROM current WHERE entry_id = ? AND project_id = ?');
  return {
    counts: (): KindStatusCount[] => kindStatusCounts(db, p),
    latestMs: () => {
      const top = prepared(db, 'SELECT recorded_at FROM current WHERE project_id = ? ORDER BY recorded_at DESC LIMIT 1').get(p) as { recorded_at: string } | undefined;
      if (!top) return 0;
      // Text order is instant order across seconds; within the last second, compare instants.
      const rows = prepared(db, 'SELECT recorded_at FROM current WHERE project_id = ? AND recorded_at >= ?').all(p, top.recorded_at.slice(0, 19)) as { recorded_at: string }[];
      return rows.reduce((max, r) => Math.max(max, Date.parse(r.recorded_at) || 0), 0);
    },
    boosted: (kind, status, boost: BoostQuery) => {
      const ids = new Set<string>();
      // The rule of `brain list --path` (path-candidates.ts over model/path-match.ts), globs included.
      for (const path of boost.paths) for (const id of entriesConcerning(db, p, path)) ids.add(id);
      if (boost.taskIds.length > 0) {
        const rows = prepared(db, 'SELECT entry_id FROM entry_tasks WHERE project_id = ? AND task_id IN (SELECT value FROM json_each(?))').all(p, JSON.stringify([...new Set(boost.taskIds)]));
        for (const r of rows as { entry_id: string }[]) ids.add(r.entry_id);
      }
      if (ids.size === 0) return [];
      return parse(prepared(db, 'SELECT c.json FROM json_each(?) j CROSS JOIN current c ON c.entry_id = j.value WHERE c.project_id = ? AND c.entry_kind = ? AND c.status = ?').all(JSON.stringify([...ids]), p, kind, status));
    },
    page: (kind, status, exclude, after, limit) => pageOf(db, { p, kind, status, exclude, after, limit }),
    recent: (limit, exclude) => {
      const skip = JSON.stringify(exclude.map(([kind, status]) => `${kind}\u0000${status}`));
      const where = "project_id = ? AND entry_kind || char(0) || status NOT IN (SELECT value FROM json_each(?))";
      const head = prepared(db, `SELECT recorded_at FROM current WHERE ${where} ORDER BY recorded_at DESC LIMIT 1 OFFSET ?`).get(p, skip, limit - 1) as { recorded_at: string } | undefined;
      if (!head) return parse(prepared(db, `SELECT json FROM current WHERE ${where}`).all(p, skip));
      return parse(prepared(db, `SELECT json FROM current WHERE ${where} AND recorded_at >= ?`).all(p, skip, head.recorded_at.slice(0, 19)));
    },
    linked: (entry) => {
      const known = links.get(entry.entry_id);
      if (known) return known;
      const out = new Map<string, Entry>();
      for (const e of parse(successors.all(entry.entry_id, p))) if (!out.has(e.entry_id)) out.set(e.entry_id, e);
      // What it supersedes, and the decisions it names (a rejected one's "in favour of").
      const named = [entry.supersedes_entry_id, ...entry.citations.filter((c) => c.source_kind === 'entry').map((c) => c.source_ref)];
      for (const id of named) if (id !== null && !out.has(id)) for (const e of parse(byId.all(id, p))) out.set(e.entry_id, e);
      links.set(entry.entry_id, out);
      return out;
    },
  };
}

function pageOf(db: CacheDb, a: { p: string; kind: string; status: string; exclude: ReadonlySet<string>; after: PageKey | null; limit: number }): { entries: Entry[]; next: PageKey | null } {
  const excluded = JSON.stringify([...a.exclude]);
  const base = 'FROM current WHERE project_id = @p AND entry_kind = @kind AND status = @status AND entry_id NOT IN (SELECT value FROM json_each(@excluded))';
  const keyset = a.after ? ' AND (rank_score < @score OR (rank_score = @score AND ordered_at < @second))' : '';
  const params = { p: a.p, kind: a.kind, status: a.status, excluded, limit: a.limit, ...(a.after ?? {}) };
  const rows = prepared(db, `SELECT json, rank_score, ordered_at ${base}${keyset} ORDER BY rank_score DESC, ordered_at DESC LIMIT @limit`).all(params) as { json: string; rank_score: number; ordered_at: string }[];
  const entries = parse(rows);
  const last = rows[rows.length - 1];
  if (!last || rows.length < a.limit) return { entries, next: null };
  const next = { score: last.rank_score, second: last.ordered_at.slice(0, 19) };
  // Complete the last (rank_score, second) group so the caller's exact sort never splits it.
  const seen = new Set(entries.map((e) => e.entry_id));
  const rest = parse(prepared(db, `SELECT json ${base} AND rank_score = @score AND ordered_at >= @second AND ordered_at < @secondEnd`).all({ ...params, score: next.score, second: next.second, secondEnd: `${next.second}\u{10FFFF}` }));
  return { entries: [...entries, ...rest.filter((e) => !seen.has(e.entry_id))], next };
}
