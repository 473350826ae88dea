/**
 * One entry, as `brain show` and the write commands print it. Apart from render.ts
 * because the summary line needs the Markdown parser (marked), which `list`/`search` never load
 * (issue #10: lazy-load what a command does not use).
 */
import { withoutEmptyHeadings } from '../model/empty-headings.js';
import type { Entry } from '../model/entry.js';
import { decisionOrigin, originWords } from '../model/decision-origin.js';
import { setFieldPairs, writtenBy } from '../model/entry-fields.js';
import { statusWordsOf, summaryLine } from '../model/summary.js';
import { titleText } from '../model/title-text.js';
import { collapseSpace } from '../model/collapse-space.js';
import { truncate } from '../context/inline-text.js';

/** Payload keys shown on their own lines above (decided — a month as `2023-05` —, status text). */
const SHOWN_ABOVE = new Set(['decision_date', 'decision_date_precision', 'decision_makers', 'status_text']);

function payloadLines(entry: Entry): string[] {
  return Object.keys(entry.payload)
    .filter((key) => !(entry.entry_kind === 'decision' && SHOWN_ABOVE.has(key)))
    // A key with no value (null, '', []) says nothing to a reader; --json keeps it.
    .filter((key) => { const v = entry.payload[key]; return v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0); })
    .sort()
    .map((key) => {
      const value = entry.payload[key];
      // A multi-line value (an imported ADR's outcome) stays indented under its key, so it never runs into what follows.
      const one = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v).trimEnd().split('\n').map((l, i) => (i === 0 || l === '' ? l : `    ${l}`)).join('\n'));
      const text = Array.isArray(value) ? value.map((v) => `\n    - ${one(v)}`).join('') : ` ${one(value)}`;
      return `  ${key}:${text}`;
    });
}

/** How much of the rationale a write command prints (decision 0086): the rest is one `brain show` away. */
export const WRITE_RATIONALE_EXCERPT = { lines: 20, chars: 2_000 } as const;

/**
 * The first `limit.lines` lines of `text` within `limit.chars` characters (a longer first line is
 * cut by {@link truncate}: never inside a surrogate pair), and a closing line saying what was left and where to read
 * it; `text` itself when it fits.
 */
export function rationaleExcerpt(text: string, entryId: string, limit: { lines: number; chars: number }): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    if (kept.length === limit.lines || used + line.length > limit.chars) break;
    kept.push(line);
    used += line.length + 1;
  }
  if (kept.length === lines.length) return text;
  if (kept.length === 0) {
    const cut = truncate(text, limit.chars); // the first line alone is longer: cut inside it, with `…`
    kept.push(cut);
    used = cut.length - 1;
  }
  const moreLines = lines.length - kept.length;
  return `${kept.join('\n').trimEnd()}\n\n[… ${text.length - used} more characters${moreLines > 0 ? ` on ${moreLines} more ${moreLines === 1 ? 'line' : 'lines'}` : ''}: brain show ${entryId}]`;
}

/**
 * One entry, as `brain show` and the write commands print it; `entries` (the ones it links to)
 * lets its summary name its successor; `rationale` (the write commands' {@link WRITE_RATIONALE_EXCERPT})
 * prints only the start of a long rationale (`--json` keeps it whole).
 */
export function renderEntry(entry: Entry, extra: { forked?: boolean; revision_count?: number; entries?: ReadonlyMap<string, Entry>; rationale?: { lines: number; chars: number } } = {}): string {
  const lines = [
    `${entry.entry_id}  ${entry.entry_kind}  ${entry.status}  r${entry.revision}${extra.revision_count ? ` of ${extra.revision_count} ${extra.revision_count === 1 ? 'revision' : 'revisions'}` : ''}`,
    `title:       ${collapseSpace(titleText(entry.title))}`, // one line: U+2028 and other breaks become a space, as in list
    `project:     ${entry.project_id}`,
    `recorded:    ${entry.recorded_at} by ${writtenBy(entry)}`,
  ];
  // An imported decision: when it was decided (written, for a proposal) and whose ADR it is, beside its last change above.
  const origin = decisionOrigin(entry);
  if (origin !== null) {
    const { verb, byLabel } = originWords(entry);
    lines.push(`${`${verb}:`.padEnd(12)} ${[origin.date ?? 'day unknown', ...(origin.by === null ? [] : [`(${byLabel} ${origin.by})`])].join(' ')}`);
  }
  const statusWords = statusWordsOf(entry);
  if (statusWords !== null) lines.push(`status text: ${statusWords}`);
  const summary = summaryLine(entry, extra.entries ? { entries: extra.entries } : {});
  if (summary !== '') lines.push(`summary:     ${summary}`);
  if (extra.forked) lines.push('FORKED:      two revisions share this number (a merge outside brain sync); see brain history');
  for (const [label, value] of setFieldPairs(entry)) lines.push(`${`${label}:`.padEnd(12)} ${value}`);
  const payload = payloadLines(entry);
  if (payload.length) lines.push('payload:', ...payload);
  if (entry.rationale.trim()) {
    const rationale = withoutEmptyHeadings(entry.rationale).trimEnd();
    lines.push('rationale:', '', extra.rationale ? rationaleExcerpt(rationale, entry.entry_id, extra.rationale) : rationale);
  }
  return lines.join('\n');
}
