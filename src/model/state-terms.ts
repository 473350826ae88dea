/**
 * The one vocabulary of "what is decided, proposed, open, blocked, at risk" (decision 0050):
 * each term is exactly one `brain list` filter, so the brief's answer line, `brain status`, the
 * board's tiles and `brain list` give the same count for the same word. "Open" is an
 * unresolved entry of status `open` (open questions and open dependencies); a proposed
 * decision is "proposed" — not yet decided — never "open". Pure data and counting; no I/O.
 */
import type { KindStatusCount } from './brief-source.js';
import type { EntryKind, Status } from './kinds.js';

/** One term: its label, and the list filter (kind optional, status required) whose entries it counts. */
export interface StateTerm {
  key: 'decided' | 'proposed' | 'open' | 'blocked' | 'at_risk';
  label: string;
  kind?: EntryKind;
  status: Status;
}

/** The terms in answer order: Decided · Proposed · Open · Blocked · At risk. */
export const STATE_TERMS: readonly StateTerm[] = [
  { key: 'decided', label: 'Decided', kind: 'decision', status: 'accepted' },
  { key: 'proposed', label: 'Proposed', kind: 'decision', status: 'proposed' },
  { key: 'open', label: 'Open', status: 'open' },
  { key: 'blocked', label: 'Blocked', kind: 'blocker', status: 'blocked' },
  { key: 'at_risk', label: 'At risk', kind: 'risk', status: 'active' },
];

/** How many of `counts` a term's filter selects. */
export function termCount(term: StateTerm, counts: readonly KindStatusCount[]): number {
  return counts.reduce((n, c) => n + ((term.kind === undefined || c.entry_kind === term.kind) && c.status === term.status ? c.n : 0), 0);
}

/** What "Open" is made of, for the answer line's parenthesis: `[n, singular, plural]` per kind with status `open`. */
const OPEN_PARTS: ReadonlyArray<[EntryKind, string, string]> = [
  ['open_question', 'open question', 'open questions'],
  ['dependency', 'open dependency', 'open dependencies'],
];

/**
 * `Decided 34 · Proposed 12 · Open 3 (2 open questions, 1 open dependency) · Blocked 0 · At risk 1`:
 * the answer to "what is decided, proposed, open, blocked, at risk" in one line, each number
 * the length of `brain list` under the term's filter ({@link STATE_TERMS}).
 */
export function answerLine(counts: readonly KindStatusCount[]): string {
  return STATE_TERMS.map((term) => {
    const n = termCount(term, counts);
    if (term.key !== 'open' || n === 0) return `${term.label} ${n}`;
    const parts = OPEN_PARTS.map(([kind, one, many]) => [termCount({ ...term, kind }, counts), one, many] as const)
      .filter(([k]) => k > 0)
      .map(([k, one, many]) => `${k} ${k === 1 ? one : many}`);
    return `${term.label} ${n} (${parts.join(', ')})`;
  }).join(' · ');
}
