/**
 * The ADR label of an imported entry (`ADR-0029`), apart from summary.ts so that listing
 * entries does not load the Markdown parser (issue #10: lazy-load what a command does not use).
 */
import type { Entry } from './entry.js';

/** An imported record's label: `ADR-0029`, or its series' own word, `TEP-0070` (decision 0062). */
export const ADR_LABEL = /^([A-Z]{2,5})-(\d+)$/;

/** The ADR number of an imported entry as listed (`ADR-0029`, `TEP-0070`: its source citation's locator), or null. */
export function adrLabelOf(entry: Pick<Entry, 'citations'>): string | null {
  const cited = entry.citations.find((c) => c.source_kind === 'file' && typeof c.locator === 'string' && ADR_LABEL.test(c.locator));
  return cited?.locator ?? null;
}
