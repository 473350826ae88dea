/**
 * The decision text of an imported ADR: rationale (context + decision + consequences, as
 * Markdown), the decision outcome sentence and the considered options, within the bounds of
 * src/model/entry.ts LIMITS.
 */
import { LIMITS } from '../../model/entry.js';
import { listItemTexts, tokenText } from './inline-text.js';
import { sectionContent, tokensMarkdown, type MarkdownOutline, type OutlineSection } from './markdown-outline.js';

/** Section names (see `headingKey`) that carry the problem / context. */
export const CONTEXT_SECTIONS: ReadonlySet<string> = new Set(['context', 'context and problem statement', 'problem', 'problem statement']);
/**
 * Section names that carry the decision. Beyond "Decision" / "Decision Outcome" this includes
 * the headings ministryofjustice/cloud-platform uses for it ("Proposal", "What's proposed",
 * "The existing decision") so their decision text is not lost.
 */
export const DECISION_SECTIONS: ReadonlySet<string> = new Set([
  'decision outcome',
  'decision',
  'decisions',
  'proposal',
  "what's proposed",
  'the existing decision',
]);
/** Section names that carry the consequences. */
export const CONSEQUENCE_SECTIONS: ReadonlySet<string> = new Set(['consequences']);
/** Section names that list the options (MADR 3/4; "Considered Alternatives" in MADR 1). */
export const OPTION_SECTIONS: ReadonlySet<string> = new Set(['considered options', 'considered alternatives', 'options']);

/** Appended to text cut to fit its bound (the rationale's 20 000 characters). */
export const TRUNCATION_MARKER = '\n\n[truncated]';

/** `text` cut to `max` characters including a trailing {@link TRUNCATION_MARKER}; unchanged if it fits. */
export function truncateText(text: string, max: number = LIMITS.rationale): string {
  if (text.length <= max) return text;
  return text.slice(0, max - TRUNCATION_MARKER.length) + TRUNCATION_MARKER;
}

function topSections(outline: MarkdownOutline, names: ReadonlySet<string>): OutlineSection[] {
  return outline.sections.filter((s) => s.depth === outline.sectionDepth && names.has(s.key));
}

/**
 * The rationale: the Markdown (headings included) of the top-level Context / Context and
 * Problem Statement / Problem, Decision / Decision Outcome (and synonyms, see
 * {@link DECISION_SECTIONS}) and Consequences sections, in document order, separated by a blank
 * line. These sections are used only when the ADR has both a context-type and a decision-type
 * section; otherwise (e.g. a "Proposal" + "Reasoning" ADR) picking some sections would drop the
 * why, so the whole body after the title is used, without the Status section.
 * At most 20 000 characters (cut with a trailing "\n\n[truncated]").
 */
export function extractRationale(outline: MarkdownOutline): string {
  const wanted = new Set([...CONTEXT_SECTIONS, ...DECISION_SECTIONS, ...CONSEQUENCE_SECTIONS]);
  const sections = topSections(outline, wanted);
  const complete = sections.some((s) => CONTEXT_SECTIONS.has(s.key)) && sections.some((s) => DECISION_SECTIONS.has(s.key));
  let markdown: string;
  if (complete) {
    markdown = sections
      .map((s) => tokensMarkdown(outline.tokens.slice(s.start, s.end)))
      .filter((text) => text !== '')
      .join('\n\n');
  } else {
    const status = outline.sections.find((s) => s.key === 'status');
    const tokens = outline.tokens.filter(
      (_, i) => i > outline.titleIndex && (status === undefined || i < status.start || i >= status.end),
    );
    markdown = tokensMarkdown(tokens);
  }
  return truncateText(markdown);
}

/**
 * The decision outcome: the first block of the first top-level decision section
 * ({@link DECISION_SECTIONS}) that is a paragraph (e.g. `Chosen option: "X", because …`) or,
 * when the section opens with a list ("1. Our decision log will be held in GitHub"), that list;
 * a paragraph ending in ":" ("We have decided to:") keeps the list that follows it. As Markdown;
 * '' when there is none. At most 20 000 characters.
 */
export function extractDecisionOutcome(outline: MarkdownOutline): string {
  for (const section of topSections(outline, DECISION_SECTIONS)) {
    const content = sectionContent(outline, section).filter((t) => t.type !== 'space');
    const at = content.findIndex((t) => ['paragraph', 'list', 'heading'].includes(t.type));
    const block = content[at];
    const next = content[at + 1];
    if (block?.type === 'paragraph') {
      const text = tokenText(block).trim();
      const lead = text.endsWith(':') && next?.type === 'list' ? `${text}\n\n${next.raw.trim()}` : text;
      return truncateText(lead, LIMITS.text);
    }
    if (block?.type === 'list') return truncateText(block.raw.trim(), LIMITS.text);
  }
  return '';
}

/**
 * The considered options: the first line of each item of the first list in the top-level
 * "Considered Options" section (MADR), HTML comments removed; blank items dropped; at most
 * 100 items of at most 20 000 characters each. `[]` when there is no such section.
 */
export function extractAlternatives(outline: MarkdownOutline): string[] {
  const section = topSections(outline, OPTION_SECTIONS)[0];
  if (!section) return [];
  const list = sectionContent(outline, section).find((t) => t.type === 'list');
  if (!list) return [];
  return listItemTexts(list)
    .map((item) => (item.split('\n')[0] ?? '').replace(/<!--[\s\S]*?-->/g, '').trim())
    .filter((text) => text !== '')
    .slice(0, LIMITS.listItems)
    .map((text) => truncateText(text, LIMITS.text));
}
