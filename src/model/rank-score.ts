/**
 * The primary rank of an entry within its section of the re-entry brief (DESIGN §7,
 * docs/decisions/0007): a decision's confidence, a blocker's severity, a risk's
 * likelihood × impact, 0 for other kinds. Pure; shared by the brief (src/context/sections.ts)
 * and the projection, which stores it (`current.rank_score`) so a section's best entries are
 * one indexed query (issue #10).
 */
import type { Entry } from './entry.js';

const SEVERITY: ReadonlyMap<unknown, number> = new Map<unknown, number>([['critical', 4], ['high', 3], ['medium', 2], ['low', 1]]);
const LEVEL: ReadonlyMap<unknown, number> = new Map<unknown, number>([['high', 3], ['medium', 2], ['low', 1]]);

/** Decision confidence, `null` (unknown) counted as 0.5. */
export const confidenceScore = (e: Entry): number => e.confidence ?? 0.5;
/** Blocker severity: critical 4 > high 3 > medium 2 > low 1 (unknown 0). */
export const severityScore = (e: Entry): number => SEVERITY.get(e.payload['severity']) ?? 0;
/** Risk likelihood × impact with low 1, medium 2, high 3 (1..9; unknown level 0). */
export const riskScore = (e: Entry): number => (LEVEL.get(e.payload['likelihood']) ?? 0) * (LEVEL.get(e.payload['impact']) ?? 0);

/** The score of `entry` for its kind (see the module comment); always a finite number. */
export function rankScore(entry: Entry): number {
  const score = entry.entry_kind === 'decision' ? confidenceScore(entry) : entry.entry_kind === 'blocker' ? severityScore(entry) : entry.entry_kind === 'risk' ? riskScore(entry) : 0;
  return Number.isFinite(score) ? score : 0;
}
