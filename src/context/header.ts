/**
 * Layer 0 of the re-entry brief (DESIGN §7): the project header, always shown whatever the
 * budget — project id, tip oid when known, and the count of current entries per kind and per
 * status. Counts cover every entry, so nothing the sections leave out is invisible.
 */
import type { KindStatusCount } from '../model/brief-source.js';
import { ENTRY_KINDS, LEGAL_STATUSES, type EntryKind } from '../model/kinds.js';
import { answerLine } from '../model/state-terms.js';
import { inlineText } from './inline-text.js';

/** Options of {@link renderHeader}. */
export interface HeaderOptions {
  projectId: string;
  /** Current entries per kind and status (every status, any order). */
  counts: readonly KindStatusCount[];
  /** The docs-branch commit the brief reflects, or null when unknown. */
  tipOid: string | null;
  /** How the docs branch stands against its upstream (issue #19), or null/absent when it has none. */
  upstream?: string | null;
}

/**
 * The header lines (no trailing newlines):
 *
 *   # Project brain: <project> — re-entry brief
 *   Tip `<oid>` · <n> entries
 *   Upstream: 2 commits ahead of origin/brain: … (only when the branch has an upstream)
 *   Decided 5 · Proposed 1 · Open 2 (2 open questions) · Blocked 0 · At risk 1   (model/state-terms.ts)
 *   - decision: 8 (5 accepted, 1 proposed, 2 superseded)
 *   …one line per kind that has entries, in ENTRY_KINDS order; statuses in lifecycle order,
 *   statuses outside the kind's legal list last, sorted…
 *
 * An empty project gets `- no entries recorded yet`. The project id and oid are rendered
 * single-line and neutralized like entry text (they reach an agent's context too).
 */
export function renderHeader(options: HeaderOptions): string[] {
  const project = inlineText(options.projectId, 100) || '(unnamed)';
  const lines = [`# Project brain: ${project} — re-entry brief`];
  const total = options.counts.reduce((n, c) => n + c.n, 0);
  const countText = `${total} ${total === 1 ? 'entry' : 'entries'}`;
  const tip = options.tipOid ? `Tip \`${inlineText(options.tipOid, 64)}\` · ` : '';
  lines.push(`${tip}${countText}`);
  if (options.upstream) lines.push(`Upstream: ${inlineText(options.upstream, 400)}`);
  if (total === 0) return [...lines, '- no entries recorded yet'];
  lines.push(answerLine(options.counts));
  for (const kind of ENTRY_KINDS) {
    const counts = statusCounts(options.counts, kind);
    if (counts.size === 0) continue;
    const sum = [...counts.values()].reduce((a, b) => a + b, 0);
    const parts = [...counts].map(([status, n]) => `${n} ${inlineText(status, 40)}`);
    lines.push(`- ${kind}: ${sum} (${parts.join(', ')})`);
  }
  return lines;
}

/** Status → count for `kind`, ordered: legal statuses in lifecycle order, then unknown ones sorted. */
function statusCounts(counts: readonly KindStatusCount[], kind: EntryKind): Map<string, number> {
  const raw = new Map<string, number>();
  for (const c of counts) if (c.entry_kind === kind) raw.set(c.status, (raw.get(c.status) ?? 0) + c.n);
  const legal: readonly string[] = LEGAL_STATUSES[kind];
  const order = [...legal, ...[...raw.keys()].filter((s) => !legal.includes(s)).sort()];
  const out = new Map<string, number>();
  for (const status of order) {
    const n = raw.get(status);
    if (n !== undefined) out.set(status, n);
  }
  return out;
}
