/**
 * Token budgeting for the re-entry brief (DESIGN §7, issue #9). Tokens are estimated, not
 * counted with a model tokenizer: `tokens = Math.ceil(chars / 4)`, where chars is the JavaScript
 * string length (UTF-16 code units) of the whole Markdown, newlines included. A budget of B
 * tokens is a cap of 4·B chars, and each output line costs its length + 1 (its LF).
 *
 * How the chars are spent (docs/decisions/0007):
 * 1. every non-empty section's heading and its widest "+N more" line are reserved;
 * 2. items are placed in their *short* form (title and qualifiers) in one fixed order — round
 *    robin over the sections, best first in each, layer 1 before layer 2 within a round, then
 *    the layer 3 tails in turn (decisions no longer in force, then the recent changes) — stopping
 *    at the first that does not fit, so the shown items are a prefix of that order and more
 *    budget never shows fewer;
 * 3. what remains lengthens the shown items (summary up to {@link EXCERPT_STEPS} chars) in the
 *    same order. So a long item is shortened before any other item is dropped.
 */
import type { Entry } from '../model/entry.js';

/** Chars per estimated token. */
export const CHARS_PER_TOKEN = 4;

/** The summary lengths an item grows through once every item that fits is shown (0 = short form). */
export const EXCERPT_STEPS = [0, 120, 240] as const;

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
  /** How many entries belong to the section. */
  count: number;
  /** The candidate at rank `i` (0 = best; `i` < `count`), read lazily so a section reads only what is placed. */
  at: (i: number) => Entry;
  /** The item line with its summary cut to `excerpt` chars (0: the short form without summary). */
  render: (entry: Entry, excerpt: number) => string;
  /** The "+N more …" line for `n` ≥ 1 omitted items. */
  more: (n: number) => string;
}

/** A filled section: its lines, the entries shown, and how many were left out. */
export interface FilledSection {
  key: string;
  lines: string[];
  shown: Entry[];
  omitted: number;
}

/** Heading + widest "+N more" line (N = all candidates): what an empty-handed section costs at most. */
export function skeletonCost(plan: SectionPlan): number {
  const n = plan.count;
  return lineCost(plan.heading) + (n > 0 ? lineCost(plan.more(n)) : 0);
}

/**
 * Fills `plans` (non-empty, in output order) and then `tails` (layer 3, in order: each is filled
 * only once every item before it is shown, and only if its skeleton fits) within `available`
 * chars, per the module comment. Returns the sections in output order (a tail that did not fit
 * is absent) and the chars used (≤ `available` when the skeletons of `plans` fit). Reads each
 * plan's candidates only up to the first one that does not fit.
 */
export function fillSections(plans: readonly SectionPlan[], tails: readonly SectionPlan[], available: number): { sections: FilledSection[]; used: number } {
  const all = [...plans, ...tails.filter((t) => t.count > 0)];
  const reserve = all.map(skeletonCost);
  const shown = all.map(() => 0);
  const excerpt = new Map<string, number>();
  const key = (i: number, entry: Entry): string => `${i}\u0000${entry.entry_id}`;
  let used = plans.reduce((n, _, i) => n + (reserve[i] ?? 0), 0);
  const placed: Array<[number, Entry]> = [];
  const place = (i: number, entry: Entry): boolean => {
    const plan = all[i] as SectionPlan;
    const cost = lineCost(plan.render(entry, 0));
    if (used + cost > available) return false;
    used += cost;
    shown[i] = (shown[i] ?? 0) + 1;
    excerpt.set(key(i, entry), 0);
    placed.push([i, entry]);
    if (shown[i] === plan.count) used -= lineCost(plan.more(plan.count));
    return true;
  };
  // Round robin over the sections, best first in each, stopping at the first that does not fit.
  let open = true;
  const rounds = Math.max(0, ...plans.map((p) => p.count));
  for (let r = 0; r < rounds && open; r++) {
    for (let i = 0; i < plans.length && open; i++) if (r < (plans[i] as SectionPlan).count) open = place(i, (plans[i] as SectionPlan).at(r));
  }
  const tailPlaced = new Set<number>();
  for (let i = plans.length; i < all.length && open; i++) {
    if (used + (reserve[i] ?? 0) > available) break;
    used += reserve[i] ?? 0;
    tailPlaced.add(i);
    const t = all[i] as SectionPlan;
    for (let r = 0; r < t.count && open; r++) open = place(i, t.at(r));
  }
  for (const step of EXCERPT_STEPS.slice(1)) {
    for (const [i, entry] of placed) {
      const plan = all[i] as SectionPlan;
      const delta = lineCost(plan.render(entry, step)) - lineCost(plan.render(entry, excerpt.get(key(i, entry)) ?? 0));
      if (used + delta <= available) {
        used += delta;
        excerpt.set(key(i, entry), step);
      }
    }
  }
  const sections = all.flatMap((plan, i): FilledSection[] => {
    if (i >= plans.length && !tailPlaced.has(i)) return [];
    const items = Array.from({ length: shown[i] ?? 0 }, (_, r) => plan.at(r));
    const omitted = plan.count - items.length;
    const lines = [plan.heading, ...items.map((e) => plan.render(e, excerpt.get(key(i, e)) ?? 0)), ...(omitted > 0 ? [plan.more(omitted)] : [])];
    return [{ key: plan.key, lines, shown: items, omitted }];
  });
  return { sections, used };
}
