/**
 * Token budgeting for the re-entry brief (DESIGN §7). Tokens are estimated, not counted with a
 * model tokenizer: `tokens = Math.ceil(chars / 4)`, where chars is the JavaScript string
 * length (UTF-16 code units) of the whole Markdown, newlines included. A budget of B tokens is
 * therefore a cap of 4·B chars, and each output line costs its length + 1 (its LF).
 *
 * A section is filled greedily in relevance order and stops at the first item that does not
 * fit, so what is omitted is always the tail of the ranking and the "+N more" line is exact.
 */
import type { Entry } from '../model/entry.js';

/** Chars per estimated token. */
export const CHARS_PER_TOKEN = 4;

/** Estimated tokens of `text`: `Math.ceil(text.length / 4)`. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Chars one output line costs: its length plus its LF. */
export function lineCost(line: string): number {
  return line.length + 1;
}

/** A section ready to fill: heading, ranked candidates, and how to render items and "+N more". */
export interface SectionPlan {
  key: string;
  heading: string;
  /** Best first; all of them belong to the section (its count is `candidates.length`). */
  candidates: readonly Entry[];
  render: (entry: Entry) => string;
  /** The "+N more …" line for `n` ≥ 1 omitted items. */
  more: (n: number) => string;
}

/** A filled section: its lines, the entries shown, how many were left out, and its cost in chars. */
export interface FilledSection {
  lines: string[];
  shown: Entry[];
  omitted: number;
  cost: number;
}

/**
 * Worst-case chars of a section that shows no item: heading + "+N more" with N = all
 * candidates (the widest such line, since fewer omitted items never need more digits).
 */
export function skeletonCost(plan: SectionPlan): number {
  const n = plan.candidates.length;
  return lineCost(plan.heading) + (n > 0 ? lineCost(plan.more(n)) : 0);
}

/**
 * Fills `plan` within `available` chars. Item k is added when heading + items so far + item k
 * + the "+N more" line still needed after it (if any) fit. Precondition: `available` ≥
 * {@link skeletonCost}; then `cost` ≤ `available` is guaranteed. Items are rendered lazily,
 * so at most one item past the cut is rendered.
 */
export function fillSection(plan: SectionPlan, available: number): FilledSection {
  const lines = [plan.heading];
  const shown: Entry[] = [];
  let cost = lineCost(plan.heading);
  const total = plan.candidates.length;
  for (const entry of plan.candidates) {
    const item = plan.render(entry);
    const remaining = total - shown.length - 1;
    const tail = remaining > 0 ? lineCost(plan.more(remaining)) : 0;
    if (cost + lineCost(item) + tail > available) break;
    lines.push(item);
    shown.push(entry);
    cost += lineCost(item);
  }
  const omitted = total - shown.length;
  if (omitted > 0) {
    const more = plan.more(omitted);
    lines.push(more);
    cost += lineCost(more);
  }
  return { lines, shown, omitted, cost };
}
