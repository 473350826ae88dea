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
  /** What the docs branch's problems may hide from this project (service/problems-line.ts), or null/absent when none. */
  problems?: string | null;
  /**
   * The brain's other projects with their current entries (src/projection/project-counts.ts),
   * named when this project has none, so a reader of an empty default project learns where the
   * entries are and how to read them; absent or empty: not named.
   */
  otherProjects?: readonly { project_id: string; entries: number }[];
}

/** At most this many other projects are named (the rest as "+N more"). */
const OTHER_PROJECTS_SHOWN = 5;

/**
 * The header lines (no trailing newlines):
 *
 *   # Project brain: <project> — re-entry brief
 *   Tip `<oid>` · <n> entries
 *   Upstream: 2 commits ahead of origin/brain: … (only when the branch has an upstream)
 *   Problems: the docs branch has problems with 2 entries of this project … (only when it has)
 *   Decided 5 · Proposed 1 · Open 2 (2 open questions) · Blocked 0 · At risk 1   (model/state-terms.ts)
 *   - decision: 8 (5 accepted, 1 proposed, 2 superseded)
 *   …one line per kind that has entries, in ENTRY_KINDS order; statuses in lifecycle order,
 *   statuses outside the kind's legal list last, sorted…
 *
 * An empty project gets `- no entries recorded yet`, and when the brain holds other projects a
 * line naming them (biggest first, at most five) and how to read one (`--project`; an MCP
 * server reads one project: `brain mcp --project`), docs/decisions/0054. The project ids and
 * oid are rendered single-line and neutralized like entry text (they reach an agent's context too).
 */
export function renderHeader(options: HeaderOptions): string[] {
  const project = inlineText(options.projectId, 100) || '(unnamed)';
  const lines = [`# Project brain: ${project} — re-entry brief`];
  const total = options.counts.reduce((n, c) => n + c.n, 0);
  const countText = `${total} ${total === 1 ? 'entry' : 'entries'}`;
  const tip = options.tipOid ? `Tip \`${inlineText(options.tipOid, 64)}\` · ` : '';
  lines.push(`${tip}${countText}`);
  if (options.upstream) lines.push(`Upstream: ${inlineText(options.upstream, 400)}`);
  if (options.problems) lines.push(`Problems: ${inlineText(options.problems, 400)}`);
  if (total === 0) return [...lines, '- no entries recorded yet', ...otherProjectsLine(options.otherProjects ?? [])];
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

/** The line naming the other projects (none when there are none). */
function otherProjectsLine(others: readonly { project_id: string; entries: number }[]): string[] {
  const named = others.filter((p) => p.entries > 0).sort((a, b) => b.entries - a.entries || (a.project_id < b.project_id ? -1 : 1));
  if (named.length === 0) return [];
  const ids = named.map((p) => inlineText(p.project_id, 100));
  const shown = named.slice(0, OTHER_PROJECTS_SHOWN).map((p, i) => `${ids[i]} (${p.entries} ${p.entries === 1 ? 'entry' : 'entries'})`);
  const more = named.length > OTHER_PROJECTS_SHOWN ? `, +${named.length - OTHER_PROJECTS_SHOWN} more` : '';
  return [
    `- this brain's entries are in other projects: ${shown.join(', ')}${more} — read one with \`brain --project ${ids[0]} context\` (an MCP server reads one project: \`brain mcp --project ${ids[0]}\`)`,
  ];
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
