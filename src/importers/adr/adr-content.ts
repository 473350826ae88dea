/**
 * The decision text of an imported ADR, mapped by section meaning across MADR 2–4,
 * Nygard/adr-tools, log4brains and the Tendermint/Cosmos variant (issue #9 "Nothing lost",
 * issue #18 "every source line kept, always"):
 * - `decision_outcome`: the content of the first top-level Decision / Decision Outcome section
 *   (Markdown kept, subsections such as MADR 4's "Consequences" and "Confirmation" included);
 * - `alternatives`: the option titles of Considered Options / Options / Alternatives /
 *   Alternative Approaches (copies: the section itself stays in the rationale), else of such a
 *   section inside the decision section (the NHS England template's `### Options`; copies too);
 * - `rationale`: everything else, in document order, byte for byte — header notes, every
 *   section (a second `#` heading and what follows it included), and the decision section's own
 *   heading line, left where it stood so the export puts the outcome back under it — then the
 *   link reference definitions (marked keeps them out of its tokens).
 * Left out: the title heading (unless it had to be cut: then its full line stays) and the one
 * line that states the stored status words — a `Status:` line of the header notes, or the line
 * of the Status section (whose heading stays, for the export to put the words back under it).
 * Nothing is cut (docs/decisions/0033-adr-import-holds-any-corpus.md).
 */
import type { Token } from 'marked';
import { LIMITS } from '../../model/limits.js';
import { listItemLeads, tokenText } from './inline-text.js';
import { headingDepth, sectionContent, statusSectionOf, topSections, type MarkdownOutline, type OutlineSection } from './markdown-outline.js';
import { statusLineValue, type StatusOrigin } from './status-source.js';

/**
 * Section names (see `headingKey`) that carry the problem / context; in the other sets below as
 * here, also the names of templates translated into German, French, Spanish, Portuguese,
 * Italian and Dutch (`## Kontext`, `## Entscheidung`, `## Betrachtete Alternativen`).
 */
export const CONTEXT_SECTIONS: ReadonlySet<string> = new Set([
  'context', 'context and problem statement', 'problem', 'problem statement', 'context and problem',
  'kontext', 'kontext und problemstellung', 'contexte', 'contexto', 'contesto',
  // MADR's "Context and Problem Statement" as the French, Spanish and Portuguese templates write it.
  'contexte et énoncé du problème', 'contexte et problématique', 'contexto y planteamiento del problema', 'contexto e enunciado do problema',
  // Japanese and Chinese templates (kintone/js-sdk's `## コンテキスト`). Decision 0073.
  'コンテキスト', '背景', '文脈', '上下文',
]);
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
  'entscheidung', 'entscheidungen', 'beschluss', 'décision', 'decisión', 'decisão', 'decisione', 'besluit',
  // The plural, as `decisions` (a French adr-tools record's `## Décisions`; decision 0090).
  'décisions', 'decisiones', 'decisões', 'decisioni',
  // MADR's "Decision Outcome" translated (CaenCamp/jobs-caen-camp, ansforge/ans-architecture-adr).
  'résultat de la décision', 'résultat de décision', 'entscheidungsergebnis', 'resultado de la decisión', 'resultado da decisão', 'esito della decisione',
  // Japanese and Chinese (kintone/js-sdk's `## 決定`). Decision 0073.
  '決定', '決定事項', '決定内容', '决定', '决策',
]);

/**
 * A section name without the note after it (`proposed solution (registry)` → `proposed solution`:
 * opentofu's RFCs; decision 0076); GSA-TTS/FAC's `decision: uei is required` → `decision`.
 */
const noted = (key: string): string => key.split(/\s*[:(–—]|\s+-\s/)[0] ?? '';

/**
 * A section carries the decision: its name is one of DECISION_SECTIONS, or starts with one and
 * goes on after a colon, a parenthesis or a dash (GSA-TTS/FAC's `## Decision: UEI is required`,
 * `## Decision (Proposed Workflow Solution):`). The export finds the decision heading by it too.
 */
export function isDecisionSection(key: string): boolean {
  return DECISION_SECTIONS.has(key) || DECISION_SECTIONS.has(noted(key));
}

/**
 * What a design proposal names its decided part when it has no Decision or Proposal section:
 * thanos-io/thanos's proposal template (Why, Pitfalls, Goals, Audience, How, Alternatives) and
 * its older `Solution`, `Proposed Approach`, `Proposed Solution`; kumahq/kuma's MADRs that
 * go from `Context and Problem Statement` to `Design`. Decision 0062.
 */
const PROPOSAL_SECTIONS: ReadonlySet<string> = new Set(['how', 'solution', 'proposed solution', 'proposed approach', 'proposed design', 'design']);


/**
 * Where an RFC-style proposal with no Decision, Proposal, How or Summary section explains what it
 * proposes: the OTEP template (open-telemetry/oteps: Motivation, Explanation, Internal details,
 * …), the Rust RFC templates it follows (`Detailed design`, `Guide-level explanation`), and
 * cometbft's ADRs that write `Detailed Design` for their decision. Decision 0073.
 */
const EXPLANATION_SECTIONS: ReadonlySet<string> = new Set(['explanation', 'internal details', 'detailed design', 'guide-level explanation', 'reference-level explanation']);

/**
 * The section holding the decision among `tops` (an outline's top sections, or the export's top
 * headings): the first {@link isDecisionSection}; with none, a proposal's `How` / `Solution` /
 * `Proposed Approach` ({@link PROPOSAL_SECTIONS}); else an RFC's or enhancement proposal's
 * `Summary` (openfga/rfcs, Tekton TEPs without a Proposal: "one paragraph explanation" of what
 * is proposed), so the summary line leads with it rather than with the motivation; last an
 * RFC's explanation ({@link EXPLANATION_SECTIONS}).
 */
export function decisionSectionOf<T extends { key: string }>(tops: readonly T[]): T | undefined {
  return tops.find((s) => isDecisionSection(s.key)) ?? tops.find((s) => PROPOSAL_SECTIONS.has(s.key) || PROPOSAL_SECTIONS.has(noted(s.key))) ?? tops.find((s) => s.key === 'summary')
    ?? tops.find((s) => EXPLANATION_SECTIONS.has(s.key));
}

/** Section names that list the options (MADR 1–4, Tendermint/Cosmos "Alternative Approaches"). */
export const OPTION_SECTIONS: ReadonlySet<string> = new Set([
  'considered options',
  'options considered',
  'considered alternatives',
  'options',
  'alternatives',
  'alternatives considered',
  'alternative approaches',
  // opentofu's RFC template (decision 0076).
  'potential alternatives', 'possible alternatives',
  'alternativen', 'betrachtete alternativen', 'optionen', 'betrachtete optionen', 'options considérées', 'alternatives considérées',
  'alternativas', 'alternativas consideradas', 'opciones consideradas', 'opções consideradas', 'alternative considerate', 'overwogen alternatieven',
  'options envisagées', 'options étudiées', 'opciones', 'opções', 'opzioni considerate',
  '代替案', '選択肢', '検討した選択肢', '検討した代替案', '备选方案', '替代方案',
]);

/**
 * A section lists the options: its name is one of OPTION_SECTIONS, or starts with one and goes on
 * after a colon, a parenthesis or a dash, as {@link isDecisionSection} reads a decision's
 * (`## Alternativen (geprüft)`: arsnova-dev/arsnova-click-v3; decision 0073).
 */
export function isOptionSection(key: string): boolean {
  return OPTION_SECTIONS.has(key) || OPTION_SECTIONS.has(noted(key));
}

/** What {@link extractContent} returns. */
export interface AdrContent {
  rationale: string;
  decision_outcome: string;
  alternatives: string[];
}

/**
 * The stored status words and where the file states them, so that one line is left out: the
 * origin is null when no line of the file holds them (the corpus index gave the status,
 * status-index.ts); with `front_matter`, a Status section line repeating the words is left out;
 * with `metadata_table` or `changelog`, nothing: the table or list stays whole in the rationale.
 */
export interface StatusSite {
  origin: StatusOrigin | null;
  /** The words stored (`Accepted (tracked in #9256)`), or null. */
  words: string | null;
}

/** The raw Markdown of `tokens`, byte for byte. */
const raw = (tokens: readonly Token[]): string => tokens.map((t) => t.raw).join('');

/**
 * `text` without `count` lines from line `at`; when that leaves two blank lines meeting (the
 * removed lines stood alone between blank lines), one goes too, so the text reads as if they had
 * never been there — and the export, which puts them back between blank lines, reads back equal.
 */
function removeLines(text: string, at: number, count: number): string {
  const lines = text.split('\n');
  lines.splice(at, count);
  while (at > 0 && at < lines.length && (lines[at - 1] ?? '').trim() === '' && (lines[at] ?? '').trim() === '') lines.splice(at, 1);
  return lines.join('\n');
}

/** A line's status words: the value after a `Status:` label, else the line; a list marker trimmed. */
function wordsOf(line: string): string {
  const text = line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '');
  return (statusLineValue(text) ?? text).trim();
}

/**
 * `text` without the lines after character `from` that state `words` (a status wrapped over
 * several lines goes whole): the first line outside block quotes and code fences whose words are
 * the first line of `words`. `text` as is when no line does.
 */
function withoutStatusLines(text: string, from: number, words: string): string {
  const wanted = words.split('\n');
  const lines = text.split('\n');
  let offset = 0;
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const start = offset;
    offset += line.length + 1;
    if (/^\s{0,3}(?:```|~~~)/.test(line)) fenced = !fenced;
    if (start < from || fenced || /^\s*>/.test(line)) continue;
    if (wordsOf(line) === (wanted[0] ?? '').trim()) return removeLines(text, i, wanted.length);
  }
  return text;
}

/** A line is a status line: `- Status: x`, `**Status:** x`, `Status: x` with a value. */
function isStatusLine(line: string): boolean {
  const value = statusLineValue(line.replace(/^\s*[-*+]\s+/, ''));
  return value !== null && value !== '';
}

/**
 * Option titles: the lead paragraph of each item of the section's first list (one line, a
 * wrapped item whole: decision 0054, round seven) when it comes before
 * any sub-heading, else its shallowest sub-headings — `### Kafka` / `#### Advantages` / `- fast`
 * names the option Kafka, not its advantages.
 */
function optionTitles(outline: MarkdownOutline, section: OutlineSection): string[] {
  const content = sectionContent(outline, section);
  const headings = content.filter((t: Token) => headingDepth(t) > 0);
  const firstHeading = headings[0] === undefined ? content.length : content.indexOf(headings[0]);
  const listAt = content.findIndex((t) => t.type === 'list');
  const list = listAt >= 0 && listAt < firstHeading ? content[listAt] : undefined;
  // A list a link definition split in two is one list (the Rust RFCs' Alternatives; decision 0076).
  const lists = list === undefined ? [] : [list];
  for (let k = listAt + 1; list !== undefined && k < firstHeading; k++) {
    const t = content[k] as Token;
    if (t.type === 'list' && outline.afterDefinition.has(t)) lists.push(t);
    else if (t.type !== 'space') break;
  }
  const top = Math.min(...headings.map(headingDepth));
  const titles = list
    ? lists.flatMap(listItemLeads)
    : headings.filter((t) => headingDepth(t) === top).map((t) => tokenText(t));
  return titles
    .map((text) => text.replace(/<!--[\s\S]*?-->/g, '').trim())
    .filter((text) => text !== '')
    .slice(0, LIMITS.listItems)
    .map((text) => (text.length > LIMITS.text ? text.slice(0, LIMITS.text - 1) + '…' : text));
}

/**
 * An options section inside the decision section, the shallowest first: the NHS England template
 * (NHSDigital/nhs-notify) has `## Decision` hold `### Assumptions`, `### Drivers`, `### Options`
 * and `### Outcome`. Read only when no top-level section lists the options. Decision 0070.
 */
function optionsInside(outline: MarkdownOutline, decision: OutlineSection | undefined): OutlineSection | undefined {
  if (decision === undefined) return undefined;
  const inside = outline.sections.filter((s) => s.start > decision.start && s.start < decision.end && isOptionSection(s.key));
  return inside.sort((a, b) => a.depth - b.depth)[0];
}

/**
 * Maps the sections of one ADR to the decision fields (see the module comment). `keepTitle`
 * keeps the title heading's line (its text did not fit the title). Pure; never throws.
 */
export function extractContent(options: { outline: MarkdownOutline; status: StatusSite; keepTitle?: boolean }): AdrContent {
  const { outline, status } = options;
  const tops = topSections(outline);
  const decision = decisionSectionOf(tops);
  const optionSection = tops.find((s) => isOptionSection(s.key)) ?? optionsInside(outline, decision);
  const statusSection = statusSectionOf(outline);
  const inSection = (status.origin === 'status_section' || status.origin === 'front_matter') && status.words !== null ? statusSection : undefined;
  const parts: string[] = [];
  let loose: Token[] = [];
  const flushLoose = (): void => {
    let text = raw(loose);
    if (status.origin === 'status_line' && parts.length === 0) {
      // A status wrapped over lines (status-source.ts) leaves with all of them.
      const at = text.split('\n').findIndex(isStatusLine);
      if (at >= 0) text = removeLines(text, at, (status.words ?? '').split('\n').length);
    }
    parts.push(text);
    loose = [];
  };
  let i = 0;
  while (i < outline.tokens.length) {
    const section = tops.find((s) => s.start === i);
    if (section === undefined) {
      if (i !== outline.titleIndex || options.keepTitle === true) loose.push(outline.tokens[i] as Token);
      i += 1;
      continue;
    }
    flushLoose();
    const inside = outline.tokens.slice(section.start, section.end).filter((_, k) => section.start + k !== outline.titleIndex || options.keepTitle === true);
    if (section === decision) parts.push(outline.tokens[section.start]?.raw ?? '');
    else if (inSection !== undefined && inSection.start >= section.start && inSection.start < section.end) {
      // The status words leave the Status section (its heading stays), wherever it is nested.
      const from = raw(outline.tokens.slice(section.start, inSection.start + 1)).length;
      parts.push(withoutStatusLines(raw(inside), from, status.words as string));
    } else parts.push(raw(inside));
    i = section.end;
  }
  flushLoose();
  const definitions = outline.definitions.join('\n');
  // Each part as written (code blocks keep their blank lines); parts are joined by one blank line.
  const rationale = [...parts, definitions].filter((t) => t.trim() !== '').map((t) => t.replace(/^(?:[ \t]*\n)+/, '').trimEnd()).join('\n\n');
  const outcome = decision ? raw(sectionContent(outline, decision)).trim() : '';
  return {
    rationale,
    decision_outcome: outcome,
    alternatives: optionSection ? optionTitles(outline, optionSection) : [],
  };
}
