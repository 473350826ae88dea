/**
 * The outline of an ADR's Markdown body from `marked.lexer` tokens: the title heading, the
 * preamble (what comes before the first section heading) and the sections.
 */
import type { Token, TokensList } from 'marked';
import { lexMarkdown } from '../../model/markdown-tokens.js';
import { CONTEXT_SECTIONS, DECISION_SECTIONS, OPTION_SECTIONS } from './adr-content.js';
import { childTokens, listItemTexts, plainText, tokenText } from './inline-text.js';
import { linkDefinitions } from './link-definitions.js';

/** One heading and its content: tokens `start + 1` up to (excluding) `end`. */
export interface OutlineSection {
  /** Normalised heading name, see {@link headingKey}. */
  key: string;
  depth: number;
  /** Index of the heading token. */
  start: number;
  /** Index of the next heading of the same or a shallower depth, or the token count. */
  end: number;
}

/** A lexed body: the top-level tokens and what they are. */
export interface MarkdownOutline {
  tokens: Token[];
  /** Index of the title: the first depth-1 heading when it is not an ADR section name (`# Meta`), else -1. */
  titleIndex: number;
  /** Top-level tokens before the first section heading (one that nests below the title; headings excluded). */
  preamble: Token[];
  /** Every heading except the title, in document order. */
  sections: OutlineSection[];
  /** The shallowest depth among {@link sections} (2 for most ADRs), or 0 with no sections. */
  sectionDepth: number;
  /**
   * Link reference definition lines (`[label]: https://…`) as written: marked keeps them out of
   * the token list (in `tokens.links`), so they are collected here to be kept with the text.
   */
  definitions: string[];
  /**
   * The tokens right after a definition marked left out (only blank lines between): a list split
   * in two by one (`* a` / `[x]: url` / `* b`) reads as one list once the definition moves to the
   * end of the stored text, so the options are read across it (adr-content.ts, decision 0076).
   */
  afterDefinition: ReadonlySet<Token>;
}

/**
 * "Decision Drivers <!-- optional -->" → "decision drivers", "2. Context:" → "context",
 * "What’s proposed" → "what's proposed": visible text, lower case, leading numbering,
 * trailing colon and extra spaces removed.
 */
export function headingKey(markdown: string): string {
  return plainText(markdown)
    .replace(/[\u2018\u2019]/g, "'")
    .toLowerCase()
    .replace(/^\s*\d+(?:\.\d+)*\.?\s+/, '')
    .replace(/\s*:\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The depth of a heading token (1 for `#`), or 0 for any other token. */
export function headingDepth(token: Token | undefined): number {
  return token?.type === 'heading' && 'depth' in token ? Number(token.depth) : 0;
}

/**
 * The names (see {@link headingKey}) of a Status section: English, French (`Statut`, adr-tools'
 * template translated writes `## État`: decision 0090), Spanish, Portuguese, Italian, Japanese, Chinese.
 */
export const STATUS_KEYS: ReadonlySet<string> = new Set(['status', 'statut', 'état', 'etat', 'estado', 'estatus', 'stato', 'ステータス', '状態', '状态']);

/**
 * The names of a header section listing an RFC's metadata (`# Meta` / `[meta]: #meta` /
 * `- **Start Date**: 2022-07-14` / `- **Status**: Approved`: the RFC template of Rust, OpenFGA
 * and others; a `## Preamble` over a block of `Key: value` fields, Stellar's CAPs, header-fields.ts):
 * read like the notes before the first section (see {@link headerTokens}).
 */
export const META_KEYS: ReadonlySet<string> = new Set(['meta', 'metadata', 'preamble']);

/** Consequences and rationale in the languages the section sets of adr-content.ts know. */
const MORE_SECTION_KEYS = ['begründung', 'konsequenzen', 'conséquences', 'justification', 'consecuencias', 'consequências', 'conseguenze', 'gevolgen', '結果', '影響', '根拠', '后果', '影响'];

let sectionKeys: ReadonlySet<string> | undefined;

/**
 * The names of an ADR's own sections (see {@link headingKey}): written as a `#` heading (`# Status`,
 * `# Context` over `## Decision`), such a section is read as one of the title's sections, so it
 * does not swallow the `##` sections that follow it, and is never the title. In every language the
 * section sets of adr-content.ts know (scieloorg/kernel's `# Consequências` closing a file that
 * has no title heading: decision 0090). Built on first use (adr-content.ts imports this module).
 */
function adrSectionKeys(): ReadonlySet<string> {
  sectionKeys ??= new Set([
    ...STATUS_KEYS, ...META_KEYS, 'context', 'context and problem statement', 'problem', 'problem statement', 'decision', 'decision outcome',
    'decision drivers', 'considered options', 'options', 'alternatives', 'consequences', 'rationale', 'references', 'links', 'notes',
    ...CONTEXT_SECTIONS, ...DECISION_SECTIONS, ...OPTION_SECTIONS, ...MORE_SECTION_KEYS,
  ]);
  return sectionKeys;
}

/**
 * The level a heading nests at: its depth, except 2 for an ADR section name written at depth 1
 * (`# Status`, see {@link adrSectionKeys}); 0 for any other token. The export nests by it too.
 */
export function nesting(token: Token | undefined): number {
  const depth = headingDepth(token);
  return depth === 1 && isAdrSectionName(token ? tokenText(token) : '') ? 2 : depth;
}

/**
 * The sections an RFC template opens with, written as `#` headings under a list of header notes:
 * Rust's `- Feature Name: …` / `# Summary` / `# Motivation` and the folders that copied it —
 * getsentry/rfcs' `- RFC Status: approved` / `# Summary` (52 of 63 files), `# Stakeholders`, `# Introduction`,
 * `# Summary / Motivation`; neon's `# Name` (its title a paragraph under it), `# Preface`, `# What`,
 * risingwave's `# **Background**` (decision 0113). Never the title (round sixteen: 63 RFCs were all
 * titled "Summary"), nested as sections; unlike {@link adrSectionKeys} a paragraph of such a word stays a paragraph.
 */
const RFC_OPENING_KEYS: ReadonlySet<string> = new Set(['summary', 'abstract', 'motivation', 'stakeholders', 'introduction', 'overview', 'name', 'preface', 'background', 'what', 'tl;dr', 'tldr']);

/** `text` (a heading's inline Markdown) names one of an ADR's own sections ({@link adrSectionKeys}, {@link RFC_OPENING_KEYS}): never a title. */
export function isAdrSectionName(text: string): boolean {
  const key = headingKey(text);
  if (adrSectionKeys().has(key)) return true;
  const parts = key.split(/\s*\/\s*/);
  return parts.some((part) => RFC_OPENING_KEYS.has(part)) && parts.every((part) => RFC_OPENING_KEYS.has(part) || adrSectionKeys().has(part));
}

/**
 * `tokens` with each top-level paragraph that is only a known ADR section name (`Kontext`,
 * `**Decision:**`, `2. Context:` — see {@link headingKey}; a Status name excepted) read as a
 * heading of the depth of the other sections (2 without any), when no real heading has that
 * name and it stands in no deeper sub-section — so ordinary text is never misread. The token
 * keeps its `raw`: no line changes. The import (outlineMarkdown) and the export (render-adr.ts)
 * read sections by it alike. Decision 0053, round five.
 */
export function withPlainSectionNames(tokens: TokensList): TokensList {
  const known = new Set(adrSectionKeys());
  for (const key of STATUS_KEYS) known.delete(key);
  const headings = tokens.filter((t) => t.type === 'heading');
  const real = new Set(headings.map((t) => headingKey(tokenText(t))));
  const depth = headings.map(nesting).filter((d) => d > 1).reduce((min, d) => Math.min(min, d), Number.POSITIVE_INFINITY);
  let within = 0; // the nesting of the real heading above, 0 before any
  const out = tokens.map((t): Token => {
    if (t.type === 'heading') within = nesting(t);
    // Inside a sub-section (`### Cluster domains` … `**Decision:**`) such a line is its own label.
    if (t.type !== 'paragraph' || tokenText(t).includes('\n') || within > depth) return t;
    const key = headingKey(tokenText(t));
    if (!known.has(key) || real.has(key)) return t;
    return { type: 'heading', raw: t.raw, depth: Number.isFinite(depth) ? depth : 2, text: tokenText(t), tokens: childTokens(t) } as Token;
  });
  return Object.assign(out, { links: tokens.links });
}

/** Lexes `body` with `marked.lexer` and indexes its headings. Never throws on any input. */
export function outlineMarkdown(body: string): MarkdownOutline {
  const tokens = withPlainSectionNames(lexMarkdown(body));
  // `# Status`, `# Context`, `# Meta` … are sections of a file that has no title heading, not its
  // title; so are the `#` headings after such a first one (an RFC's `# Meta` then `# Summary`).
  const first = tokens.findIndex((t) => t.type === 'heading' && headingDepth(t) === 1);
  // A file that opens with a `##` title (gRPC's setext `A72: Tracing` / `----`) and writes its
  // sections a level up (`# Abstract`): that `#` heading is a section, not the title (decision 0098).
  const lead = leadingSubheadingIndex(tokens);
  const opensWithSubtitle = lead >= 0 && lead < first;
  const titleIndex = first >= 0 && nesting(tokens[first]) === 1 && !opensWithSubtitle ? first : -1;
  const headingIndexes = tokens.flatMap((t, i) => (t.type === 'heading' && i !== titleIndex ? [i] : []));
  const sections = headingIndexes.map((start): OutlineSection => {
    const heading = tokens[start];
    const depth = headingDepth(heading);
    const level = nesting(heading);
    const next = tokens.findIndex((t, i) => i > start && t.type === 'heading' && nesting(t) <= level);
    return { key: headingKey(heading ? tokenText(heading) : ''), depth, start, end: next < 0 ? tokens.length : next };
  });
  const firstSection = tokens.findIndex((t) => t.type === 'heading' && nesting(t) > 1);
  const preamble = tokens.slice(0, firstSection < 0 ? tokens.length : firstSection).filter((t) => t.type !== 'heading');
  const sectionDepth = sections.reduce((min, s) => (min === 0 || s.depth < min ? s.depth : min), 0);
  const { definitions, afterDefinition } = linkDefinitions(body, new Set(Object.keys(tokens.links ?? {})), tokens);
  return { tokens, titleIndex, preamble, sections, sectionDepth, definitions, afterDefinition };
}

/**
 * A subtitle: the first section, when it is a second `#` heading right after the title (no
 * section between them; not an ADR section name) holding `##` sections — ansforge's
 * `# Architecture Decision Record` under the notes. Its sections are the ADR's; it is none.
 * Decision 0062.
 */
export function isSubtitle(first: { depth: number; start: number; end: number } | undefined, next: { start: number } | undefined): boolean {
  return first !== undefined && first.depth === 1 && next !== undefined && next.start < first.end;
}

/**
 * The sections no other section contains, in document order: they partition the tokens from the
 * first section heading to the end (a subtitle's heading, {@link isSubtitle}, aside: its
 * sections are top-level). A later second `#` heading is one of them (its `##` sub-sections are
 * inside it: cometbft's `# Scheduler`), so no heading shape drops the sections around it.
 */
export function topSections(outline: MarkdownOutline): OutlineSection[] {
  const [first, next] = outline.sections;
  const subtitle = outline.titleIndex >= 0 && first !== undefined && nesting(outline.tokens[first.start]) === 1 && isSubtitle(first, next) ? first : undefined;
  const out: OutlineSection[] = [];
  for (const section of outline.sections) {
    if (section === subtitle) continue;
    const last = out[out.length - 1];
    if (last === undefined || section.start >= last.end) out.push(section);
  }
  return out;
}

/**
 * The Status section: the first `Status` heading (or `Statut`, `Estado`, … STATUS_KEYS) at
 * depth ≤ 2 (or the shallowest section depth) — a "### Status" deep inside a section is a
 * progress note, not the ADR's status.
 */
export function statusSectionOf(outline: MarkdownOutline): OutlineSection | undefined {
  return outline.sections.find((s) => STATUS_KEYS.has(s.key) && s.depth <= Math.max(2, outline.sectionDepth));
}

/** The top-level Meta section (META_KEYS: an RFC's `# Meta` / `## Meta` list), or undefined. */
export function metaSectionOf(outline: MarkdownOutline): OutlineSection | undefined {
  return outline.sections.find((s) => META_KEYS.has(s.key) && s.depth <= Math.max(2, outline.sectionDepth));
}

/**
 * The header notes: the preamble's tokens, then the Meta section's content when there is one —
 * where `Date:`, `Start Date:`, `Author(s):` and `Status:` lines are read.
 */
export function headerTokens(outline: MarkdownOutline): Token[] {
  const meta = metaSectionOf(outline);
  return [...outline.preamble, ...(meta ? sectionContent(outline, meta) : [])];
}

/**
 * The index of the `##` heading a file opens with, under nothing but a header's furniture —
 * blank lines, rules, HTML comments and an indented block — when it names no ADR section and
 * states no status or day; else -1. erlang/eep opens each EEP with its `Author:` / `Status:`
 * fields indented as a code block, a `****` rule, then its setext `EEP 10: …` / `----` title over
 * `Abstract` / `====` sections (79 EEPs were titled by their file names; round twenty). Such a
 * heading titles a file that has no `#` title (opening-title.ts), and makes a later `#` heading a
 * section (gRPC's `A72: Tracing` / `----` over `# Abstract`; decision 0098).
 */
export function leadingSubheadingIndex(tokens: readonly Token[]): number {
  const index = tokens.findIndex((t) => !(t.type === 'space' || t.type === 'hr' || t.type === 'html' || (t.type === 'code' && 'codeBlockStyle' in t && t.codeBlockStyle === 'indented')));
  const token = tokens[index];
  const titles = token?.type === 'heading' && headingDepth(token) === 2 && !isAdrSectionName(tokenText(token)) && !LABELLED_HEADING.test(plainText(tokenText(token)));
  return titles ? index : -1;
}

/** A heading that states the status or the day after its label (`## Status: Accepted`, `## Data: 2026-05-12`; decision 0090): never a title. */
const LABELLED_HEADING = /^\s*(?:status|statut|estado|estatus|stato|state|date|data|datum|fecha)\s*[:：]/i;

/** The content tokens of `section` (its heading excluded). */
export function sectionContent(outline: MarkdownOutline, section: OutlineSection): Token[] {
  return outline.tokens.slice(section.start + 1, section.end);
}

/** The Markdown source of `tokens` (their `raw` joined), trimmed. */
export function tokensMarkdown(tokens: readonly Token[]): string {
  return tokens
    .map((t) => t.raw)
    .join('')
    .trim();
}

/**
 * The text of block tokens as lines: paragraphs and plain text by line, each list item's text,
 * blockquotes recursively. Code blocks, HTML, tables and rules are skipped. Used to look for
 * `Status:` lines and supersede references without reading code samples.
 */
export function blockTexts(tokens: readonly Token[]): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    if (token.type === 'paragraph' || token.type === 'text') out.push(tokenText(token));
    else if (token.type === 'blockquote') out.push(...blockTexts(childTokens(token)));
    else if (token.type === 'list') out.push(...listItemTexts(token));
  }
  return out;
}
