/**
 * Relevance ordering for the re-entry brief (DESIGN §7): entries that match the caller's
 * `--paths` / `--task` come first, then a per-section primary score (confidence, severity,
 * likelihood×impact), then recency — a decision's own day when it records one, not its last
 * edit (issue #18) — then `entry_id`: a total order, so the brief is byte-for-byte deterministic
 * whatever order the entries arrive in.
 */
import { orderedAt } from '../model/decision-origin.js';
import type { Entry } from '../model/entry.js';
import { titleText } from '../model/title-text.js';
import { normalizePath, pathFilterMatches } from '../model/path-match.js';

/** What the caller is working on; built once per brief by {@link createRelevance}. */
export interface Relevance {
  /** Given paths (prefixes or globs), each naming at least one path segment. */
  readonly paths: readonly string[];
  readonly taskIds: ReadonlySet<string>;
}

/** Which of the caller's filters an entry matches. */
export interface MatchReasons {
  paths: boolean;
  task: boolean;
}

/**
 * A {@link Relevance} from the brief options (absent lists = no boosting). Paths that name no
 * segment (`''`, `.`, `/`) are dropped, so they cannot boost every entry; the service refuses
 * them before (`assertPathFilter`).
 */
export function createRelevance(options: { paths?: readonly string[] | undefined; taskIds?: readonly string[] | undefined }): Relevance {
  return {
    paths: (options.paths ?? []).filter((p) => normalizePath(p) !== ''),
    taskIds: new Set(options.taskIds ?? []),
  };
}

/**
 * Whether `entry.paths` / `entry.related_task_ids` match the caller's paths / task ids. Paths
 * follow the one rule of `brain list --path` and `review --code` (model/path-match.ts
 * `pathFilterMatches`, issue #19): an entry about `src/payments/**` matches
 * `src/payments/charge.ts`, one about `src` matches `src/payments`, and either way round.
 */
export function matchReasons(entry: Entry, relevance: Relevance): MatchReasons {
  const paths = relevance.paths.length > 0 && entry.paths.some((p) => relevance.paths.some((given) => pathFilterMatches(given, p)));
  const task = relevance.taskIds.size > 0 && entry.related_task_ids.some((t) => relevance.taskIds.has(t));
  return { paths, task };
}

/** Milliseconds of `recorded_at`, or -Infinity when it does not parse (sorts as oldest). */
export function recordedMs(entry: Entry): number {
  const ms = Date.parse(entry.recorded_at);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

const finiteOr0 = (n: number): number => (Number.isFinite(n) ? n : 0);

/**
 * Deterministic tie-breaker of last resort, for two entries equal on every ranking key:
 * `entry_id` ascending, then `revision` descending, then their JSON text.
 */
export function compareIdentity(a: Entry, b: Entry): number {
  if (a.entry_id !== b.entry_id) return a.entry_id < b.entry_id ? -1 : 1;
  if (a.revision !== b.revision) return b.revision - a.revision;
  const ja = JSON.stringify(a);
  const jb = JSON.stringify(b);
  return ja === jb ? 0 : ja < jb ? -1 : 1;
}

/**
 * `entries` sorted best first: number of matched filters (paths, task; 0–2) descending, then
 * `primary(entry)` descending (pass `() => 0` for none), then recency descending (by instant,
 * then by text) — `orderedAt` (a decision's own day, else `recorded_at`), or `recorded_at` with
 * `by: 'recorded'` (the recent changes) — then title as people read it (its {@link titleText},
 * case folded: `` `MeshGateway` as … `` sorts under M, `gRPC probes` under G), then the stored
 * title, and only for entries equal on all of these
 * {@link compareIdentity} (issue #9: never ordered by id). Pass `relevance: null` to rank by
 * primary score and recency only. Does not mutate `entries`.
 */
export function rankEntries(entries: readonly Entry[], primary: (entry: Entry) => number, relevance: Relevance | null, by: 'ordered' | 'recorded' = 'ordered'): Entry[] {
  const keyed = entries.map((entry) => {
    const m = relevance === null ? { paths: false, task: false } : matchReasons(entry, relevance);
    const at = by === 'recorded' ? entry.recorded_at : orderedAt(entry);
    const ms = Date.parse(at);
    const read = titleText(entry.title).toLowerCase();
    return { entry, boost: Number(m.paths) + Number(m.task), score: finiteOr0(primary(entry)), at, ms: Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms, read };
  });
  keyed.sort(
    (a, b) =>
      b.boost - a.boost ||
      b.score - a.score ||
      (a.ms === b.ms ? 0 : b.ms > a.ms ? 1 : -1) ||
      (a.at === b.at ? 0 : a.at < b.at ? 1 : -1) ||
      (a.read === b.read ? 0 : a.read < b.read ? -1 : 1) ||
      (a.entry.title === b.entry.title ? 0 : a.entry.title < b.entry.title ? -1 : 1) ||
      compareIdentity(a.entry, b.entry),
  );
  return keyed.map((k) => k.entry);
}
