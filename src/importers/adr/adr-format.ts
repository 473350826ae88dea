/**
 * Which ADR convention a file follows, and the status that convention documents for a record
 * that states none (DESIGN §9: "never a silent default" — a default is used only where the
 * format documents one, and is reported in `defaulted`).
 */
import type { DecisionStatus } from './status-map.js';

/**
 * - `madr`: MADR 3/4 — a `status` in YAML front matter, or MADR headings ("Context and Problem
 *   Statement", "Decision Outcome", "Considered Options") without a Status section or header
 *   bullets. Front matter alone (a static site's `sidebar_position`, or the `date` an export
 *   writes) does not make a file MADR.
 * - `log4brains`: header metadata bullets under the title (`- Status:`, `- Date:`,
 *   `- Deciders:`, `- Tags:`), as written by log4brains and MADR ≤ 2.
 * - `nygard`: Michael Nygard's template / adr-tools — a `## Status` section.
 * - `plain`: none of the above.
 */
export type AdrFormat = 'madr' | 'log4brains' | 'nygard' | 'plain';

/**
 * The documented status of a record that states none, or null when the format documents none.
 * - MADR: status is optional metadata; a record without one is taken as accepted (issue rule).
 * - log4brains: `Adr.status` in log4brains core returns ACCEPTED when the Status header is
 *   missing (packages/core/src/adr/domain/Adr.ts).
 * - Nygard/adr-tools and plain files: no documented default (adr-tools writes "Accepted" into
 *   new files, but says nothing about files without one) → the importer reports them.
 */
export const FORMAT_DEFAULT_STATUS: Readonly<Record<AdrFormat, DecisionStatus | null>> = {
  madr: 'accepted',
  log4brains: 'accepted',
  nygard: null,
  plain: null,
};

/** Heading names (see `headingKey`) that only MADR-family records use. */
const MADR_HEADINGS: ReadonlySet<string> = new Set([
  'context and problem statement',
  'decision outcome',
  'considered options',
]);

/** What {@link detectFormat} looks at. */
export interface FormatSignals {
  /** The file has YAML front matter with a `status` key. */
  hasFrontMatterStatus: boolean;
  hasHeaderBullets: boolean;
  hasStatusSection: boolean;
  headingKeys: readonly string[];
}

/**
 * The format of one file, checked in this order: a front matter status → `madr`; header
 * metadata bullets → `log4brains`; a Status section → `nygard`; MADR headings → `madr`; else
 * `plain`.
 */
export function detectFormat(signals: FormatSignals): AdrFormat {
  if (signals.hasFrontMatterStatus) return 'madr';
  if (signals.hasHeaderBullets) return 'log4brains';
  if (signals.hasStatusSection) return 'nygard';
  if (signals.headingKeys.some((key) => MADR_HEADINGS.has(key))) return 'madr';
  return 'plain';
}
