/**
 * Where a credential found in an imported ADR's fields (model/secret-scan.ts) sits in the file
 * itself: a finding counts lines in the stored field — the rationale starts below the title and
 * leaves the status line out — while the person told to fix it opens the file (decision 0105).
 */
import type { SecretFinding } from '../../model/secret-scan.js';

/** The string at a finding's field path (`rationale`, `payload.decision_outcome`, `citations[2].source_ref`) of `value`, or null. */
function textAt(value: unknown, path: string): string | null {
  let at: unknown = value;
  for (const key of path.split(/\.|\[(\d+)\]/).filter((k): k is string => k !== undefined && k !== '')) {
    if (at === null || typeof at !== 'object') return null;
    at = (at as Record<string, unknown>)[key];
  }
  return typeof at === 'string' ? at : null;
}

/**
 * The 1-based line of `source` (the ADR file's text) that holds the line of `fields` the finding
 * names — the first line containing it, blanks around it trimmed — or null when none does (the
 * field's text was rewritten, or the finding's field is not from the file). Pure.
 */
export function sourceLineOf(finding: SecretFinding, fields: unknown, source: string): number | null {
  const line = textAt(fields, finding.field)?.split('\n')[finding.line - 1]?.trim();
  if (!line) return null;
  const at = source.split(/\r\n?|\n/).findIndex((l) => l.includes(line));
  return at < 0 ? null : at + 1;
}
