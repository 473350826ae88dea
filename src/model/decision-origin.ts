/**
 * When a decision was made and by whom, beside its last change (issue #18): an imported ADR
 * records its own day and deciders (else the commit that created it) in the payload
 * (`decision_date`, `decision_makers`), while `recorded_at` / `author` are the revision's — in a
 * history project the last edit's. Surfaces show both; the re-entry brief orders decisions by the
 * decision's own day. Pure.
 */
import type { Entry } from './entry.js';

/** The decision's own day and makers, or null when the entry records neither. */
export interface DecisionOrigin {
  /** As surfaces show it: `YYYY-MM-DD`, `YYYY-MM` / `YYYY-Qn` / `YYYY` when the ADR states only a month, quarter or year (`decision_date_precision`), or null. */
  date: string | null;
  /** The day it is ordered by, `YYYY-MM-DD` (a month's, quarter's or year's first day), or null. */
  day: string | null;
  /** Who decided (or first wrote it down), or null. */
  by: string | null;
}

/**
 * The origin a decision records in its payload; null for other kinds or when its payload has
 * neither key. An imported ADR always has both keys, null when neither the file nor git told
 * (a copy of the folder outside git): `{date: null, by: null}` then says "day unknown", so no
 * surface passes the import's day off as the decision's.
 */
export function decisionOrigin(entry: Pick<Entry, 'entry_kind' | 'payload'>): DecisionOrigin | null {
  if (entry.entry_kind !== 'decision' || !('decision_date' in entry.payload || 'decision_makers' in entry.payload)) return null;
  const day = typeof entry.payload['decision_date'] === 'string' ? entry.payload['decision_date'] : null;
  const by = typeof entry.payload['decision_makers'] === 'string' ? entry.payload['decision_makers'] : null;
  return { date: day === null ? null : periodShown(day, entry.payload['decision_date_precision']), day, by };
}

/**
 * A decision's day as its precision shows it (`decision_date_precision`): `2023-05` for a month
 * (decision 0073), `2021-Q3` for a quarter, `2021` for a year (decision 0076), else the day
 * itself. `day` is the period's first day, `YYYY-MM-DD`. The export writes the same text.
 */
export function periodShown(day: string, precision: unknown): string {
  if (precision === 'month') return day.slice(0, 7);
  if (precision === 'quarter') return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
  if (precision === 'year') return day.slice(0, 4);
  return day;
}

/**
 * The words surfaces put on a decision's origin: `verb` is "written" for a proposal (not decided
 * yet), else "decided"; `byLabel` what precedes `decision_makers` — "by" for a proposal (who wrote
 * it), "ADR by" for a decision, since the payload holds the ADR's deciders only when the file
 * names them and else the author of the commit that first added it: git knows who wrote the
 * record down, not who decided.
 */
export function originWords(entry: Pick<Entry, 'status'>): { verb: 'decided' | 'written'; byLabel: 'by' | 'ADR by' } {
  return entry.status === 'proposed' ? { verb: 'written', byLabel: 'by' } : { verb: 'decided', byLabel: 'ADR by' };
}

/** {@link orderedAt} of a decision whose day is unknown: before every real day. */
export const UNKNOWN_DAY_AT = '0000-01-01T00:00:00.000Z';

/**
 * The instant an entry is ordered by where its age matters (the brief's sections): a decision's
 * own day (00:00 UTC) when it records one; {@link UNKNOWN_DAY_AT} for an imported decision whose
 * day neither the file nor git told (so it ranks after the dated ones, not first by its import
 * day); else `recorded_at`. An ISO 8601 UTC string, so text order is time order.
 */
export function orderedAt(entry: Pick<Entry, 'entry_kind' | 'payload' | 'recorded_at'>): string {
  const origin = decisionOrigin(entry);
  if (origin === null) return entry.recorded_at;
  return origin.day === null ? UNKNOWN_DAY_AT : `${origin.day}T00:00:00.000Z`;
}

/**
 * True when an entry's `recorded_at` is a day, not an observed instant: the ADR importer stamps a
 * new decision with its own day at 00:00 UTC (service/import-adr.ts `draftStamp`). Surfaces then
 * show the day and no "00:00".
 */
export function recordedDayOnly(entry: Pick<Entry, 'entry_kind' | 'payload' | 'recorded_at'>): boolean {
  return entry.recorded_at.endsWith('T00:00:00.000Z') && decisionOrigin(entry)?.day === entry.recorded_at.slice(0, 10);
}
