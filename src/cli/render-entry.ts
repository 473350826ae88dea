/**
 * One entry in full, as `brain show` and the write commands print it. Apart from render.ts
 * because the summary line needs the Markdown parser (marked), which `list`/`search` never load
 * (issue #10: lazy-load what a command does not use).
 */
import type { Entry } from '../model/entry.js';
import { setFieldPairs, writtenBy } from '../model/entry-fields.js';
import { summaryLine } from '../model/summary.js';

function payloadLines(entry: Entry): string[] {
  return Object.keys(entry.payload)
    .sort()
    .map((key) => {
      const value = entry.payload[key];
      const text = Array.isArray(value) ? value.map((v) => `\n    - ${String(v)}`).join('') : ` ${String(value)}`;
      return `  ${key}:${text}`;
    });
}

/** One entry in full, as `brain show` and `brain add` print it. */
export function renderEntry(entry: Entry, extra: { forked?: boolean; revision_count?: number } = {}): string {
  const lines = [
    `${entry.entry_id}  ${entry.entry_kind}  ${entry.status}  r${entry.revision}${extra.revision_count ? ` of ${extra.revision_count} revision files` : ''}`,
    `title:       ${entry.title}`,
    `project:     ${entry.project_id}`,
    `recorded:    ${entry.recorded_at} by ${writtenBy(entry)}`,
  ];
  const summary = summaryLine(entry);
  if (summary !== '') lines.push(`summary:     ${summary}`);
  if (extra.forked) lines.push('FORKED:      two revisions share this number (a merge outside brain sync); see brain history');
  for (const [label, value] of setFieldPairs(entry)) lines.push(`${`${label}:`.padEnd(12)} ${value}`);
  const payload = payloadLines(entry);
  if (payload.length) lines.push('payload:', ...payload);
  if (entry.rationale.trim()) lines.push('', entry.rationale.trimEnd());
  return lines.join('\n');
}
