/**
 * The one-line plain-text summary of an entry (issue #9 "Clean text"), shared by the CLI, MCP
 * summaries, the re-entry brief and `brain review`: no Markdown syntax; what the entry says
 * first (a decision's outcome, a question, a blocker's resolution…), then its why (the context),
 * then, for decisions, supersession with ids, ADR numbers and titles. Pure; no I/O.
 */
import { Lexer, type Token, type Tokens } from 'marked';
import { memoizeText } from './text-memo.js';
import type { Entry } from './entry.js';
import { collapseSpace as collapse } from './collapse-space.js';
import { supersessionOf } from './supersession.js';
import { outcomePart } from './outcome-part.js';
import { isMarkup } from './html-markup.js';
import { withBadgeText } from './badge-text.js';
import { foldedTokens, isAlert, isAside, isPeopleLabel, isPeopleNote, isTableOfContents, MARKUP_FURNITURE } from './why-skips.js';

/** Default length bound of {@link summaryLine}, in characters (before `…`). */
export const SUMMARY_MAX = 240;

/** Section headings whose first paragraph is an entry's "why". */
const WHY_HEADINGS = /^(?:context|context and problem statement|problem|problem statement|context and problem|background|motivation|why|kontext|kontext und problemstellung|contexte|contexto|contesto|contexte et énoncé du problème|contexte et problématique|contexto y planteamiento del problema|contexto e enunciado do problema)$/iu;
/** A why heading's name alone as a paragraph (`Kontext`, `**Context:**`, `2. Context`, AsciiDoc's `== Context`): read as that heading. */
const whyName = (text: string): boolean => WHY_HEADINGS.test(collapse(text).replace(/^=+\s+/, '').replace(/^\d+(?:\.\d+)*\.?\s+/, '').replace(/\s*:$/, ''));
/** A header-note line such as "Date: 2021-11-10" or "Link to this ADR: …": not the why. */
const METADATA_LINE = /^[\p{L}][\p{L}\p{N} ()/-]{0,40}:\s*\S*$|^[\p{L}][\p{L}\p{N} ()/-]{0,40}:\s+(?:https?:\/\/\S+|\S+@\S+|[\d/.-]+)$/u;

function children(token: Token): Token[] {
  return 'tokens' in token && Array.isArray(token.tokens) ? (token.tokens as Token[]) : [];
}

/**
 * Inline tokens as plain text: links and emphasis become their text, HTML markup is dropped (a
 * `<placeholder>` stays); struck-out text (`~~…~~`) too unless `struck` (a search excerpt must
 * still find its words): a summary does not show what the author crossed out as if it held
 * (decision 0057).
 */
function inlinePlain(tokens: readonly Token[], struck = false): string {
  return tokens
    .map((t) => {
      if (t.type === 'html') return isMarkup(t.raw) ? '' : t.raw;
      if (t.type === 'del' && !struck) return '';
      if (t.type === 'br') return ' ';
      if (t.type === 'image') return (t as Tokens.Image).text;
      const kids = children(t);
      if (kids.length > 0) return inlinePlain(kids, struck);
      return 'text' in t && typeof t.text === 'string' ? t.text : '';
    })
    .join('');
}

/** A footnote reference (`[^1]`, `[^note]`; GFM footnotes, which marked leaves as text) and the space before it. */
const FOOTNOTE_REF = /\s*\[\^[^\]\s]+\](?!:)/g;
/** A GitHub alert's marker opening a quote (`> [!NOTE]`, argo-cd's proposals; round twenty-one): markup, not text. */
const ALERT_MARKER = /^\s*\[!(?:note|tip|important|warning|caution)\]\s*/i;

/** Block tokens as plain-text paragraphs (headings, code, tables and rules dropped, unless `all`: then only rules, and struck-out text kept). */
function blockParagraphs(tokens: readonly Token[], all = false): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    if (t.type === 'paragraph' || t.type === 'text') out.push(inlinePlain(children(t).length > 0 ? children(t) : [t], all).replace(FOOTNOTE_REF, '').replace(ALERT_MARKER, ''));
    else if (t.type === 'blockquote') out.push(...blockParagraphs(children(t), all));
    else if (t.type === 'list') out.push((t as Tokens.List).items.map((item) => blockParagraphs(item.tokens, all).join(' ')).filter((i) => i !== '').join('; '));
    else if (t.type === 'html') out.push((t as Tokens.HTML).text.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(/<[^>]*>/g, ''));
    else if (!all) continue;
    else if (t.type === 'heading') out.push(inlinePlain(children(t), all));
    else if (t.type === 'code') out.push((t as Tokens.Code).text);
    else if (t.type === 'table') out.push([(t as Tokens.Table).header, ...(t as Tokens.Table).rows].map((row) => row.map((cell) => inlinePlain(cell.tokens, all)).join(' ')).join('; '));
  }
  return out.map(collapse).filter((p) => p !== '');
}

/**
 * One line of text in which no character can start Markdown syntax (issue 21: lexing every
 * rationale made an MCP list of 20 entries cost 15× the REST list of the same rows): letters,
 * digits, spaces, `.,;:?!'"()%/+=@$-` and `_` inside a word (which opens no emphasis) — no
 * emphasis, code, link, HTML or escape character,
 * no newline (so no block but one paragraph) — starting with a letter or a digit that does not
 * open an ordered list. The lexer makes it one paragraph whose plain text is the text itself.
 */
const PLAIN_LINE = /^(?:\p{L}|\p{N}(?!\p{N}{0,8}[.)](?:\s|$)))(?:[\p{L}\p{M}\p{N} .,;:?!'"()%/+=@$-]|(?<=[\p{L}\p{N}])_(?=[\p{L}\p{N}]))*$/u;

/** Markdown → its paragraphs as plain text (the lexer's reading; {@link plainTextLine} and {@link whyOf} skip it for a plain line). */
export function lexedParagraphs(markdown: string): string[] {
  return blockParagraphs(new Lexer().lex(markdown));
}

/**
 * Plain-text paragraphs as one line: joined by a space, but by `; ` where a paragraph that does
 * not end a sentence is followed by one that starts a new one with a capital ("Option choisie :
 * X" / "Nous avons choisi…" do not run together as one sentence; "because" / "it is lean" still
 * read on). Decision 0057.
 */
export function joinParagraphs(paragraphs: readonly string[]): string {
  return paragraphs.reduce((line, p) => (line === '' ? p : `${line}${!/[.!?;:…]$/u.test(line) && /^\p{Lu}/u.test(p) ? '; ' : ' '}${p}`), '');
}

/** Markdown → one line of plain text: no headings, emphasis, links syntax, HTML or code blocks ({@link joinParagraphs}). */
export function plainTextLine(markdown: string): string {
  if (PLAIN_LINE.test(markdown)) return collapse(markdown);
  return lexedLine(markdown);
}

/** {@link plainTextLine} of Markdown that is not one plain line: lexes it (memoized by its text). */
const lexedLine = memoizeText((markdown: string): string => joinParagraphs(lexedParagraphs(markdown)));

/** What a block of Markdown is, for an excerpt (decision 0054, round six: which block a search snippet may come from). */
export type TextBlockKind = 'paragraph' | 'heading' | 'item' | 'notes' | 'dates' | 'code' | 'table';

/** One block of Markdown as one line of plain text; `section`: the index of the heading it is under (-1 before any). */
export interface TextBlock {
  kind: TextBlockKind;
  text: string;
  section: number;
}

/**
 * A list item that is a dated line of a changelog: it starts with a day (`18-06-2019:`,
 * `2024-05-21`, `01.10.20`, `June 18, 2019`, `18 June 2019`), a month (`June 2019`) or a
 * template's `{date}`. A paragraph is one when it starts so and a `:` or a dash follows.
 */
const DATED = /^(?:\{date\}|(?:\d{1,4}[-./]\d{1,2}[-./]\d{1,4}|(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?,?)?\s+\d{4})\b)/i;
const DATED_LINE = new RegExp(`${DATED.source}\\s*[:\\-–—]`, 'i');

/**
 * Markdown → its blocks as plain text, in order, for excerpts that must find any word (search
 * snippets, decisions 0050 and 0054): a link is its text, no syntax; headings, list items (one block
 * each), code and table rows kept as text; changelog lines ({@link DATED}) are `dates`;
 * a paragraph of `Key: value` lines is `notes`. Blank blocks are left out.
 */
export function textBlocks(markdown: string): TextBlock[] {
  const out: TextBlock[] = [];
  let section = -1;
  const push = (kind: TextBlockKind, text: string) => { const line = collapse(text); if (line !== '') out.push({ kind, text: line, section }); };
  const walk = (tokens: readonly Token[]) => {
    for (const t of tokens) {
      if (t.type === 'heading') { section = out.length; push('heading', inlinePlain(children(t), true)); }
      else if (t.type === 'paragraph' || t.type === 'text') push(noteValues(t.raw) !== null ? 'notes' : DATED_LINE.test(t.raw) ? 'dates' : 'paragraph', inlinePlain(children(t).length > 0 ? children(t) : [t], true));
      else if (t.type === 'blockquote') walk(children(t));
      else if (t.type === 'list') for (const item of (t as Tokens.List).items) { const text = blockParagraphs(item.tokens, true).join(' '); push(DATED.test(text) ? 'dates' : 'item', text); }
      else if (t.type === 'html') push('paragraph', blockParagraphs([t])[0] ?? '');
      else if (t.type === 'code') push('code', (t as Tokens.Code).text);
      else if (t.type === 'table') for (const row of [(t as Tokens.Table).header, ...(t as Tokens.Table).rows]) push('table', row.map((cell) => inlinePlain(cell.tokens, true)).join(' '));
    }
  };
  walk(PLAIN_LINE.test(markdown) ? [{ type: 'text', raw: markdown, text: markdown } as Token] : new Lexer().lex(markdown));
  return out;
}

/**
 * The "why" of a Markdown rationale: the first paragraph under a Context / Problem heading;
 * else its first paragraph that is not a header note (`Date: …`, `Link to this ADR: …`) nor a
 * table of contents (`- [Context](#context)`, the NHS England template; decision 0062).
 */
export function whyOf(markdown: string): string {
  if (PLAIN_LINE.test(markdown)) {
    const line = collapse(markdown);
    return METADATA_LINE.test(line) ? '' : line;
  }
  return lexedWhy(markdown);
}

/** {@link whyOf} of a rationale that is not one plain line: lexes it (memoized by its text). */
const lexedWhy = memoizeText((markdown: string): string => {
  const tokens = new Lexer().lex(markdown);
  let context = tokens.findIndex((t) => t.type === 'heading' && whyName(inlinePlain(children(t))));
  // With no Context heading, a paragraph that is only its name (decision 0053, round five).
  if (context < 0) context = tokens.findIndex((t) => t.type === 'paragraph' && whyName(inlinePlain(children(t))));
  const furniture = (t: Token): boolean => t.type === 'paragraph' && MARKUP_FURNITURE.test(t.raw.trim());
  if (context >= 0) {
    const depth = tokens[context]?.type === 'heading' ? (tokens[context] as Tokens.Heading).depth : 6;
    // An AsciiDoc section line (`== Decision`) ends a section as a heading does.
    const next = tokens.findIndex((t, i) => i > context && ((t.type === 'heading' && (t as Tokens.Heading).depth <= depth) || (t.type === 'paragraph' && /^==?\s/.test(t.raw))));
    const first = blockParagraphs(tokens.slice(context + 1, next < 0 ? tokens.length : next).filter((t) => !furniture(t)))[0];
    if (first !== undefined) return first;
  }
  // A header-note block (`**Date:** …` / `**Author:** …` lines, or a list of them: `- Deciders: …`): skipped, but its Context line is the why.
  const notes = tokens.map((t) => (t.type === 'paragraph' ? noteValues(t.raw) : t.type === 'list' ? noteItems(t as Tokens.List) : null));
  for (const note of notes) {
    const why = note?.find(([key]) => whyName(key));
    if (why !== undefined && why[1] !== '') return plainTextLine(why[1]);
  }
  const folded = foldedTokens(tokens);
  // Each block beside its neighbours, blank lines aside (one pass: the rationale may hold thousands of tokens).
  const blocks = tokens.flatMap((t, i) => (t.type === 'space' ? [] : [{ t, i }]));
  // Header notes a paragraph each (astropy's APEs: `date-created: 2022 July 13`, a blank line, `type: Standard Track`, …).
  const oneNote = (t: Token | undefined): boolean => t?.type === 'paragraph' && !t.raw.trim().includes('\n') && NOTE_LINE.test(t.raw.trim());
  const kept = blocks
    .filter(({ t, i }, k) => {
      const [before, after] = [blocks[k - 1]?.t, blocks[k + 1]?.t];
      const noteRun = oneNote(t) && (oneNote(before) || oneNote(after));
      return notes[i] === null && !folded.has(i) && !noteRun && !isTableOfContents(t) && !furniture(t) && !isAside(t) && !isPeopleNote(t) && !(t.type === 'list' && isPeopleLabel(before));
    })
    .map(({ t }) => t);
  // A banner quote (`> [!WARNING]` OTEPs have moved …, the same on every record) only when nothing else says why.
  const text = (ts: Token[]): string | undefined => blockParagraphs(ts).find((p) => !METADATA_LINE.test(p));
  return text(kept.filter((t) => !isAlert(t))) ?? text(kept) ?? '';
});

/** One header-note line: `Key: value` or `**Key:** value` (a key of at most 40 characters). */
const NOTE_LINE = /^\s*(?:\*\*|__)?([\p{L}][\p{L}\p{N} ()/-]{0,40}?)(?::(?:\*\*|__)|(?:\*\*|__):|:)\s+(\S.*)$/u;

/** A paragraph of two or more lines each a header note (NOTE_LINE) → its [key, value] pairs; else null. */
function noteValues(raw: string): Array<[string, string]> | null {
  const lines = raw.trim().split('\n');
  const pairs = lines.map((line) => NOTE_LINE.exec(line)).map((m) => (m === null ? null : ([m[1] ?? '', (m[2] ?? '').trim()] as [string, string])));
  return lines.length >= 2 && pairs.every((p) => p !== null) ? (pairs as Array<[string, string]>) : null;
}

/** A list each of whose items is one header note (`- Décideurs: …`, `* statut : proposé`) → its [key, value] pairs; else null. */
function noteItems(list: Tokens.List): Array<[string, string]> | null {
  const pairs = list.items.map((item) => NOTE_LINE.exec(item.text.trim()));
  return pairs.length > 0 && pairs.every((m) => m !== null) ? pairs.map((m) => [m?.[1] ?? '', (m?.[2] ?? '').trim()] as [string, string]) : null;
}

/** `text` cut to `max` characters at a word when possible, with `…`. */
export function cutLine(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = Math.max(1, max);
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  const space = text.lastIndexOf(' ', cut);
  if (space >= cut * 0.75) cut = space;
  return `${text.slice(0, cut).trimEnd()}…`;
}


/**
 * What an entry says beyond its title, as plain text: a decision's outcome, a question's answer,
 * a blocker's resolution, a plan's summary ('' when there is none: a risk, a dependency or an
 * open question says what it is in its title; their payload is shown by each surface).
 */
export function leadOf(entry: Entry): string {
  const field = (value: unknown): string => (typeof value === 'string' ? plainTextLine(value) : '');
  switch (entry.entry_kind) {
    case 'decision':
      return field(outcomePart(entry.payload['decision_outcome']));
    case 'open_question':
      return field(entry.payload['answer']);
    case 'blocker':
      return field(entry.payload['resolution']);
    case 'plan_revision':
      return field(entry.payload['summary']);
    default:
      return '';
  }
}

/**
 * The one-line plain-text summary of `entry`, at most `max` characters (+ `…`): what it says
 * ({@link leadOf}), ` — ` its why ({@link whyOf} of the rationale), then `; ` its supersession
 * ({@link supersessionOf}, which names ids, ADR numbers and titles when `entries` holds them).
 * Either part may be empty; the supersession is never cut away by a long lead. `supersession:
 * false` leaves it out, for a caller that shows it on its own (the brief's item tail).
 */
export function summaryLine(entry: Entry, options: { max?: number; entries?: ReadonlyMap<string, Entry>; supersession?: boolean } = {}): string {
  const max = options.max ?? SUMMARY_MAX;
  const link = options.supersession === false ? '' : supersessionOf(entry, options.entries);
  const room = Math.max(max / 2, max - (link === '' ? 0 : link.length + 2));
  const lead = leadOf(entry);
  const why = whyOf(entry.rationale);
  const text = lead !== '' && why !== '' ? `${cutLine(lead, Math.max(room * 0.6, room - why.length - 3))} — ${why}` : lead || why;
  const body = cutLine(text, room);
  if (link === '') return body;
  if (body === '') return cutLine(link.charAt(0).toUpperCase() + link.slice(1), max);
  // After a sentence's end a space; after a colon, which announces what the line leaves out
  // ("Over time:" over a list; DFE-Digital's 0032, round twenty), " …; "; else "; ".
  return cutLine(`${body}${/[.!?;]$/.test(body) ? ' ' : /:$/.test(body) ? ' …; ' : '; '}${link}`, max);
}

/**
 * A decision's status in its source's own words (`payload.status_text`, kept verbatim for the
 * export) as one line of plain text for display — `**Accepted**` → `Accepted`, a link → its
 * text; null when there are none. The stored text is unchanged (decision 0054).
 */
export function statusWordsOf(entry: Entry): string | null {
  const text = entry.payload['status_text'];
  if (typeof text !== 'string') return null;
  // A status badge shows its message (`approved`), not its alt text ("Generic badge").
  const plain = plainTextLine(withBadgeText(text));
  return plain === '' ? null : plain;
}
