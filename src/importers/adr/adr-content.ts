/**
 * The decision text of an imported ADR, mapped by section meaning across MADR 2–4,
 * Nygard/adr-tools, log4brains and the Tendermint/Cosmos variant (issue #9 "Nothing lost"):
 * - `decision_outcome`: the whole first Decision / Decision Outcome section (Markdown kept,
 *   subsections such as MADR 4's "Consequences" and "Confirmation" included);
 * - `alternatives`: the option titles of Considered Options / Options / Alternatives /
 *   Alternative Approaches;
 * - `rationale`: the header notes (what stands between the title and the first section, minus
 *   the status line), then the Context / Problem statement sections, then every other section
 *   under its own heading, in document order.
 * Nothing but the title, the status line and the outcome's heading is left out; text beyond a
 * field's bound (src/model/entry.ts LIMITS) is cut at a line and reported in `overflow`
 * (docs/decisions/0014-adr-import-keeps-everything.md).
 */
import type { Token } from 'marked';
import { LIMITS } from '../../model/limits.js';
import { listItemTexts, plainText, tokenText } from './inline-text.js';
import { headingDepth, sectionContent, tokensMarkdown, type MarkdownOutline, type OutlineSection } from './markdown-outline.js';
import { statusLineValue } from './status-source.js';

/** Section names (see `headingKey`) that carry the problem / context. */
export const CONTEXT_SECTIONS: ReadonlySet<string> = new Set(['context', 'context and problem statement', 'problem', 'problem statement', 'context and problem']);
/**
 * Section names that carry the decision. Beyond "Decision" / "Decision Outcome" this includes
 * the headings ministryofjustice/cloud-platform uses for it ("Proposal", "What's proposed",
 * "The existing decision").
 */
export const DECISION_SECTIONS: ReadonlySet<string> = new Set([
  'decision outcome',
  'decision',
  'decisions',
  'proposal',
  "what's proposed",
  'the existing decision',
]);
/** Section names that list the options (MADR 1–4, Tendermint/Cosmos "Alternative Approaches"). */
export const OPTION_SECTIONS: ReadonlySet<string> = new Set([
  'considered options',
  'considered alternatives',
  'options',
  'alternatives',
  'alternatives considered',
  'alternative approaches',
]);

/** A field whose text did not fit its bound: how many characters were left in the source only. */
export interface ContentOverflow {
  field: 'rationale' | 'decision_outcome';
  /** Characters of the field's full text. */
  chars: number;
  /** Characters kept (marker included). */
  kept: number;
}

/** What {@link extractContent} returns. */
export interface AdrContent {
  rationale: string;
  decision_outcome: string;
  alternatives: string[];
  /** Fields cut to their bound; [] when everything fits. */
  overflow: ContentOverflow[];
  /** Index (in the outline's tokens) of the heading whose section became the outcome, or -1. */
  outcomeHeading: number;
}

/** Where the status was read from (status-source.ts), so its one line is left out. */
export interface StatusSite {
  origin: 'front_matter' | 'status_section' | 'status_line' | null;
}

/** The marker closing a field cut to its bound; names the source that holds the rest. */
export function overflowMarker(sourcePath: string, missing: number): string {
  return `\n\n[… ${missing} more characters in ${sourcePath}]`;
}

/**
 * `text` within `max` characters: unchanged when it fits; else cut at the last line break that
 * leaves room for {@link overflowMarker} (or hard, when a single line is longer) plus the marker.
 */
export function fitText(text: string, max: number, sourcePath: string): string {
  if (text.length <= max) return text;
  const room = max - overflowMarker(sourcePath, text.length).length;
  let cut = text.lastIndexOf('\n', room);
  if (cut < room / 2) cut = room;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  const kept = text.slice(0, cut).trimEnd();
  return kept + overflowMarker(sourcePath, text.length - kept.length);
}

function topSections(outline: MarkdownOutline): OutlineSection[] {
  return outline.sections.filter((s) => s.depth === outline.sectionDepth);
}

/** The raw Markdown of a whole section, heading included. */
function sectionMarkdown(outline: MarkdownOutline, section: OutlineSection): string {
  return tokensMarkdown(outline.tokens.slice(section.start, section.end));
}

/** `markdown` without its first line for which `pick` is true (other lines byte for byte). */
function dropLine(markdown: string, pick: (line: string) => boolean): string {
  const lines = markdown.split('\n');
  const at = lines.findIndex(pick);
  if (at < 0) return markdown;
  lines.splice(at, 1);
  return lines.join('\n').replace(/^\n+/, '').trimEnd();
}

/** A line is a status line: `- Status: x`, `**Status:** x`, `Status: x` with a value. */
function isStatusLine(line: string): boolean {
  const value = statusLineValue(line.replace(/^\s*[-*+]\s+/, ''));
  return value !== null && value !== '';
}

/** The first line of a Status section that status-source.ts reads as the status (not a date). */
function isStatusSectionLine(line: string): boolean {
  return line.trim() !== '' && !/^\s*\**\s*date\b/i.test(plainText(line));
}

/**
 * The header notes: every token before the first section (before or after the title; title
 * excluded) as Markdown, without the status line when the status came from there.
 */
function headerNotes(outline: MarkdownOutline, status: StatusSite): string {
  const markdown = tokensMarkdown(outline.preamble).replace(/\n{3,}/g, '\n\n');
  return status.origin === 'status_line' ? dropLine(markdown, isStatusLine) : markdown;
}

/** The Status section as rationale text: '' when it only holds the status line. */
function statusNotes(outline: MarkdownOutline, section: OutlineSection, status: StatusSite): string {
  if (status.origin !== 'status_section') return sectionMarkdown(outline, section);
  const content = dropLine(tokensMarkdown(sectionContent(outline, section)), isStatusSectionLine);
  if (content.trim() === '') return '';
  const heading = outline.tokens[section.start]?.raw.trim() ?? '## Status';
  return `${heading}\n\n${content}`;
}

/** Option titles: first line of each item of the section's first list, else its sub-headings. */
function optionTitles(outline: MarkdownOutline, section: OutlineSection): string[] {
  const content = sectionContent(outline, section);
  const list = content.find((t) => t.type === 'list');
  const raw = list
    ? listItemTexts(list).map((item) => item.split('\n')[0] ?? '')
    : content.filter((t: Token) => headingDepth(t) > 0).map((t) => tokenText(t));
  return raw
    .map((text) => text.replace(/<!--[\s\S]*?-->/g, '').trim())
    .filter((text) => text !== '')
    .slice(0, LIMITS.listItems)
    .map((text) => (text.length > LIMITS.text ? text.slice(0, LIMITS.text - 1) + '…' : text));
}

/**
 * Maps the sections of one ADR to the decision fields (see the module comment). Pure; never
 * throws. `sourcePath` names the file in an overflow marker.
 */
export function extractContent(options: { outline: MarkdownOutline; status: StatusSite; sourcePath: string }): AdrContent {
  const { outline, status, sourcePath } = options;
  const sections = topSections(outline);
  const decision = sections.find((s) => DECISION_SECTIONS.has(s.key));
  const options_ = sections.find((s) => OPTION_SECTIONS.has(s.key));
  const statusSection = outline.sections.find((s) => s.key === 'status' && s.depth <= Math.max(2, outline.sectionDepth));
  const context: string[] = [];
  const rest: string[] = [];
  for (const section of sections) {
    if (section === decision) continue;
    const text = section === statusSection ? statusNotes(outline, section, status) : sectionMarkdown(outline, section);
    if (text === '') continue;
    (CONTEXT_SECTIONS.has(section.key) ? context : rest).push(text);
  }
  const definitions = outline.definitions.join('\n');
  const fullRationale = [headerNotes(outline, status), ...context, ...rest, definitions].filter((t) => t !== '').join('\n\n');
  const fullOutcome = decision ? tokensMarkdown(sectionContent(outline, decision)) : '';
  const rationale = fitText(fullRationale, LIMITS.rationale, sourcePath);
  const decisionOutcome = fitText(fullOutcome, LIMITS.text, sourcePath);
  const overflow: ContentOverflow[] = [];
  if (rationale !== fullRationale) overflow.push({ field: 'rationale', chars: fullRationale.length, kept: rationale.length });
  if (decisionOutcome !== fullOutcome) overflow.push({ field: 'decision_outcome', chars: fullOutcome.length, kept: decisionOutcome.length });
  return {
    rationale,
    decision_outcome: decisionOutcome,
    alternatives: options_ ? optionTitles(outline, options_) : [],
    overflow,
    outcomeHeading: decision?.start ?? -1,
  };
}
