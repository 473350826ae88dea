/**
 * The short text renderings of MCP tool results (issue #3: structured content plus a short
 * text rendering). Everything taken from entry text is inside one `<brain-state>` wrapper
 * ({@link wrapUntrusted}, DESIGN §7); only validated ids, kinds, statuses and numbers appear
 * outside it.
 */
import { withoutEmptyHeadings } from '../model/empty-headings.js';
import { scoreText } from '../model/relevance-text.js';
import type { Entry } from '../model/entry.js';
import { inlineText, singleLine } from '../context/inline-text.js';
import { wrapUntrusted } from '../context/untrusted.js';
import type { EntrySummary } from './summaries.js';
import { setFieldPairs, writtenBy } from '../model/entry-fields.js';
import { titleText } from '../model/title-text.js';

/** `dec-4f9k2m1x7q3z r2 decision accepted` — trusted facts only (validated on projection). */
export function entryHead(entry: Pick<Entry, 'entry_id' | 'revision' | 'entry_kind' | 'status'>): string {
  return `${entry.entry_id} r${entry.revision} ${entry.entry_kind} ${entry.status}`;
}

/** The payload's fields as text lines, sorted; a field with no value (null or blank text) is left out (structured content keeps it). */
function payloadLines(payload: Record<string, unknown>): string[] {
  return Object.keys(payload)
    .sort()
    .filter((key) => payload[key] !== null && !(typeof payload[key] === 'string' && (payload[key] as string).trim() === ''))
    .map((key) => {
      const value = payload[key];
      if (!Array.isArray(value)) return `${key}: ${String(value)}`;
      return value.length === 0 ? `${key}: (none)` : `${key}:${value.map((v) => `\n  - ${String(v)}`).join('')}`;
    });
}

/** One entry in full (brain_get): a head line, then every field inside the wrapper. */
export function renderEntryText(entry: Entry, extra: { revisionCount?: number; forked?: boolean } = {}): string {
  // One line, as brain show: a title from another clone may hold U+2028/U+2029, which a client may render as breaks (forged field lines).
  const lines = [`title: ${singleLine(titleText(entry.title))}`, `recorded: ${entry.recorded_at} by ${writtenBy(entry)}`];
  for (const [label, value] of setFieldPairs(entry)) lines.push(`${label}: ${value}`);
  lines.push(...payloadLines(entry.payload));
  // As brain show and the entry page: headings whose text went to fields are not shown empty (structuredContent keeps the stored text).
  const rationale = withoutEmptyHeadings(entry.rationale).trimEnd();
  if (rationale.trim()) lines.push('rationale:', rationale);
  const notes = [
    extra.forked ? 'FORKED: two revisions share this number (a merge outside brain sync); see brain_history' : '',
    extra.revisionCount && extra.revisionCount > 1 ? `${extra.revisionCount} revisions: brain_history for the others` : '',
  ].filter(Boolean);
  return [[entryHead(entry), ...notes].join(' · '), wrapUntrusted(lines.join('\n'))].join('\n');
}

/** One summary as one line: `- <head> — [<ADR label> ]<title> — <summary>` (single-line, bounded, neutralized). */
export function summaryLine(s: EntrySummary, score?: number): string {
  const title = `${s.adr_label === undefined ? '' : `${s.adr_label} `}${titleText(s.title)}`;
  const parts = [inlineText(title, 200), inlineText(s.summary, 220)].filter((p) => p !== '');
  return `- ${score === undefined ? '' : `[${scoreText(score)}] `}${entryHead(s)} — ${parts.join(' — ')}`;
}

/** A list of summaries under a head line; the lines are wrapped. Empty lists say so. */
export function renderSummaries(head: string, lines: string[], footer?: string): string {
  if (lines.length === 0) return head;
  return [head, wrapUntrusted(lines.join('\n')), ...(footer ? [footer] : [])].join('\n');
}

/** What a write did: `recorded dec-… r1 decision accepted — <title>` per entry, or "unchanged". */
export function renderWrite(verb: string, entries: Entry[], written: boolean): string {
  const head = written ? `${verb}: ${entries.map(entryHead).join('; ')}` : `unchanged (no new revision written): ${entries.map(entryHead).join('; ')}`;
  return [head, wrapUntrusted(entries.map((e) => `${e.entry_id}: ${inlineText(titleText(e.title), 200)}`).join('\n'))].join('\n');
}
