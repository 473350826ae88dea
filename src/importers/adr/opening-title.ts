/**
 * A file titled by the `##` heading it opens with (decisions 0062, 0098; markdown-outline.ts
 * `leadingSubheadingIndex`): thanos' `## Introduce a Query gRPC API`, golang/proposal's
 * `## Proposal: …`, erlang/eep's `EEP 10: …` / `----` under its indented fields — and the notes
 * under that heading, read like the header's. Pure.
 */
import type { Token } from 'marked';
import { plainText, tokenText } from './inline-text.js';
import { headingDepth, leadingSubheadingIndex, type MarkdownOutline } from './markdown-outline.js';

/**
 * The index of the `##` heading that titles a file with no `#` title ({@link leadingSubheadingIndex}),
 * else -1 — also for a file that has a `#` title.
 */
export function openingSubheadingIndex(outline: MarkdownOutline): number {
  return outline.titleIndex >= 0 ? -1 : leadingSubheadingIndex(outline.tokens);
}

/**
 * The notes under such an opening `##` title, up to the next heading: golang/proposal's
 * `## Proposal: …` then `Authors: …` and `Last Updated: 2020-09-29`. Read for the day and the
 * people like the header notes; they stay where they are in the text. Round nine. Also under a
 * `##` heading repeating the `#` title right above it (an export of such a record, decision 0098).
 */
export function openingNotes(outline: MarkdownOutline): Token[] {
  const at = openingSubheadingIndex(outline) >= 0 ? openingSubheadingIndex(outline) : repeatedTitleIndex(outline);
  if (at < 0) return [];
  const next = outline.tokens.findIndex((t, i) => i > at && t.type === 'heading');
  return outline.tokens.slice(at + 1, next < 0 ? outline.tokens.length : next);
}

/**
 * The index of a `##` heading that repeats the `#` title right under it (nothing between), else
 * -1: what `brain export adr` writes for a record titled by an opening `##` heading (gRPC's setext
 * `A50: …` / `----` over its `* Status:` notes) when the title goes on its own `#` line — its
 * notes are read as they were before the export. Decision 0098.
 */
function repeatedTitleIndex(outline: MarkdownOutline): number {
  const title = outline.tokens[outline.titleIndex];
  if (title === undefined) return -1;
  const at = outline.tokens.findIndex((t, i) => i > outline.titleIndex && t.type !== 'space');
  const next = outline.tokens[at];
  const plain = (t: Token): string => plainText(tokenText(t)).replace(/\s+/g, ' ').trim();
  return next?.type === 'heading' && headingDepth(next) === 2 && plain(next) === plain(title) ? at : -1;
}
