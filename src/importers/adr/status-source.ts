/**
 * Where an ADR states its status (DESIGN §9), in order of precedence:
 * 1. MADR YAML front matter `status:`;
 * 2. a metadata table's `Status` row (metadata-table.ts: nats-io's `|Status|Implemented|`) —
 *    structured header data like front matter, so a `## Status` section further down (an API's
 *    "Status" interface, a status message) is body text, not the ADR's status;
 * 3. a Status section (Nygard / adr-tools): its first paragraph or list item outside block
 *    quotes (templates such as Tendermint/Cosmos' explain the statuses in a `>` quote), from its
 *    first line that is not a date — a status wrapped over two lines ("Accepted (tracked in\n
 *    [#9256](…))") is one status; a Status section that holds only a block quote states its
 *    status in the quote's first line when that line is short (alphagov/forms' `> Accepted`,
 *    {@link quotedStatus}, decision 0079);
 * 4. a status line before the first section: a `- Status:` / `* Status:` bullet (log4brains,
 *    MADR ≤ 2), `**Status:** x`, `**Status**: x` or `Status: x`; else a top-level section heading
 *    that states it, `## Status: Accepted`, `## Status: Aceito` ({@link headingStatus}, decision 0090);
 * 5. a `Status:` line of an RFC's Meta section (`# Meta` / `- **Status**: Approved`), its
 *    template comment (`<!-- Acceptable values: … -->`) left out of the words, the line kept;
 * 6. header notes that stay whole in the text like a Meta list (origin `metadata_list`, decision
 *    0098): a `Status:` field of a block of `Key: value` fields in a code block (Stellar's CAPs,
 *    header-fields.ts), a `Status:` line of the notes under an opening `##` title (gRPC's setext
 *    titles), a `State:` line of the preamble (Dapr's `* State: Ready for Review`);
 * 7. the state the Changelog ends in (changelog-status.ts: edgexfoundry's `- [approved](…)
 *    (2022-07-12)`), its lines kept in the text where they are.
 * Only the preamble is searched for status lines, so progress notes such as
 * `**Status**: Completed` deep inside a section, or examples in code blocks, are not read.
 */
import { changelogStates, latestChangelogState } from './changelog-status.js';
import type { FrontMatter } from './front-matter.js';
import type { Token, Tokens } from 'marked';
import { childTokens, inlineSegments, listItemTexts, tokenText } from './inline-text.js';
import { blockTexts, metaSectionOf, sectionContent, statusSectionOf, topSections, type MarkdownOutline } from './markdown-outline.js';
import { openingNotes } from './opening-title.js';
import { headerFieldLines } from './header-fields.js';
import { metadataTableRows, metadataValue, NAMED_STATUS_KEYS, RECORD_NAME_PREFIX, TRANSLATED_TABLE_KEYS } from './metadata-table.js';

/** Where the winning status value came from. */
export type StatusOrigin = 'front_matter' | 'metadata_table' | 'metadata_list' | 'status_section' | 'status_quote' | 'status_heading' | 'status_line' | 'changelog';

/** What {@link findStatus} found. */
export interface StatusFinding {
  /** The raw status value (inline Markdown, one line), or null when the file states none. */
  raw: string | null;
  origin: StatusOrigin | null;
  /**
   * What a Status section states when the front matter's `status:` won (it comes first), else
   * null: the caller reports the two when they disagree (decision 0105).
   */
  sectionRaw: string | null;
  hasStatusSection: boolean;
  /** True when the preamble has log4brains/MADR-2 metadata bullets (`- Status:`, `- Date:` …). */
  hasHeaderBullets: boolean;
  /** Markdown texts to search for supersede references: status value, Status and Links sections, preamble. */
  referenceTexts: string[];
}

/**
 * `Status:`, `**Status:**`, `**Status**:`, `_Status_:` at the start of a line, with what follows;
 * the label also as French, Spanish, Italian, Japanese and Chinese templates write it (`statut :`,
 * `Estado:`, `Stato:`, `ステータス：`, a full-width colon too); also named for the record it is the
 * status of, `RFC Status:` (getsentry/rfcs' header list: `- RFC Status: approved`), `ADR Status:`,
 * `Proposal Status:`, `Decision Status:` — never another status (`Implementation Status:`).
 */
const STATUS_LABEL = new RegExp(String.raw`^\s*(?:[*_]{1,2})?\s*${RECORD_NAME_PREFIX}(?:status|statut|estado|stato|ステータス|状態|状态)\s*(?:[*_]{1,2})?\s*[:：]\s*(?:[*_]{1,2}(?=\s|$))?\s*`, 'i');
const HEADER_BULLET = /^\s*(?:status|date|deciders|decision-makers|tags|technical story)\s*:/i;
const LINK_SECTIONS: ReadonlySet<string> = new Set(['links', 'more links']);

/**
 * The words of the first top-level section heading that states the status after its name —
 * `## Status: Accepted`, `## Status: ACCEPTED`, `## Status: Aceito`, `## Statut : accepté`
 * (inline Markdown, a link kept) — or null. The heading stays whole in the rationale, as a
 * quoted status does; the export rewrites its words when they changed (status-placement.ts
 * `withHeadingStatus`). Sub-headings (`### Status: done` in a plan) state none. Decision 0090.
 */
function headingStatus(outline: MarkdownOutline): string | null {
  for (const section of topSections(outline)) {
    const token = outline.tokens[section.start];
    const text = token?.type === 'heading' ? tokenText(token) : '';
    const value = statusLineValue(text);
    if (value !== null && value !== '') return value;
  }
  return null;
}

/**
 * `State:`, `**State**:`, `- State:` — the label Dapr's proposal template gives the status
 * (`* State: Ready for Review`). Read in the header notes only (never as a heading or in a
 * section: "State: idle" is text there). Decision 0098.
 */
const STATE_LABEL = /^\s*(?:[-*+]\s+)?(?:[*_]{1,2})?\s*state\s*(?:[*_]{1,2})?\s*:\s*(?:[*_]{1,2}(?=\s|$))?\s*/i;

/** The value of a `State:` line of the header notes, or null. */
export function stateLineValue(line: string): string | null {
  const match = STATE_LABEL.exec(line);
  return match === null ? null : line.slice(match[0].length).trim();
}

/** The value of a `Status:` line (`"**Status:** Accepted"` → `"Accepted"`), or null if it is none. */
export function statusLineValue(line: string): string | null {
  const match = STATUS_LABEL.exec(line);
  if (!match) return null;
  // A trailing hard break is no part of the value; nor is the emphasis that opened before the
  // label and closes after it (HHS/simpler-grants-gov's `**Status: Active**\`; round twenty).
  const value = line.slice(match[0].length).trim().replace(/\\$/, '').trimEnd();
  const opened = /^\s*(?:[-*+]\s+)?(\*\*|__|\*|_)(?![*_])/.exec(match[0])?.[1];
  const inner = opened === undefined || !value.endsWith(opened) ? value : value.slice(0, -opened.length);
  return inner === value || inner.includes(opened ?? '') ? value : inner.trim();
}

/**
 * The most words a quoted status line may have, a link counting as one word: `Accepted`,
 * `Accepted or Rejected`, `Superseded by [ADR-12: a long title](…)` are statuses; the
 * Tendermint/Cosmos template's quote ("A decision may be "proposed" if …", 42 words) and
 * cometbft's (a paragraph wrapped over three lines, 12 words on its first) explain the statuses.
 */
export const QUOTED_STATUS_WORDS = 8;

/**
 * The status a Status section states in a block quote (decision 0079), or null: the section's
 * content is one block quote and nothing else, the quote opens with a paragraph of one line, and
 * that line has at most {@link QUOTED_STATUS_WORDS} words (a link is one) and does not end in a
 * colon. The line's inline Markdown as written, a `Status:` label taken off. Pure.
 */
export function quotedStatus(content: readonly Token[]): string | null {
  const blocks = content.filter((t) => t.type !== 'space');
  const quote = blocks[0];
  if (blocks.length !== 1 || quote?.type !== 'blockquote') return null;
  const lead = childTokens(quote).find((t) => t.type !== 'space');
  if (lead?.type !== 'paragraph') return null;
  const line = tokenText(lead).trim();
  return isShortStatus(line) ? (statusLineValue(line) ?? line) || null : null;
}

/** One line of at most {@link QUOTED_STATUS_WORDS} words (a link is one), not ending in a colon. */
export function isShortStatus(line: string): boolean {
  if (line === '' || line.includes('\n') || /:\s*$/.test(line)) return false;
  const words = inlineSegments(line).reduce((n, s) => n + (s.kind === 'link' ? 1 : s.text.split(/\s+/).filter((w) => w !== '').length), 0);
  return words <= QUOTED_STATUS_WORDS;
}

/**
 * The last ticked item of a task list opening a Status section, its first line as written (the
 * checkbox aside), or null when the section opens with no task list or none is ticked:
 * Arbeidstilsynet's template ticks each state as it is reached — `- [x] Foreslått (dato:
 * 2025-06-02)`, `- [x] Akseptert (dato: 2025-06-10)`, `- [ ] Avvist (dato: ÅÅÅÅ-MM-DD)` — so the
 * last one ticked is where the decision stands (decision 0113).
 */
function tickedState(content: readonly Token[]): string | null {
  const list = content.find((t) => t.type !== 'space');
  if (list?.type !== 'list') return null;
  const items = (list as Tokens.List).items;
  if (!items.every((item) => item.task)) return null;
  const last = items.filter((item) => item.checked === true).at(-1);
  return last === undefined ? null : ((last.text.split('\n')[0] ?? '').replace(/^\s*\[[xX ]\]\s*/, '').trim() || null);
}

/**
 * The status a Status section states: its first paragraph or list item outside block quotes,
 * from its first line that is not a date (a status wrapped over lines is one status), else a
 * short block-quoted line ({@link quotedStatus}); null when it states none.
 */
function sectionStatus(statusTexts: readonly string[], content: readonly Token[]): { raw: string; origin: StatusOrigin } | null {
  const ticked = tickedState(content);
  if (ticked !== null) return { raw: ticked, origin: 'status_section' };
  for (const text of statusTexts) {
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.trim() !== '' && !/^\s*\**\s*date\b/i.test(l));
    if (at < 0) continue;
    const first = lines[at] ?? '';
    const raw = [statusLineValue(first) ?? first, ...lines.slice(at + 1)].join('\n').trim();
    return raw === '' ? null : { raw, origin: 'status_section' };
  }
  if (statusTexts.length > 0) return null;
  const quoted = quotedStatus(content);
  return quoted === null ? null : { raw: quoted, origin: 'status_quote' };
}

/** A line that starts another header note (`Date: …`, `**Deciders**: …`), a list item, a heading or a quote. */
const NOTE_START = /^\s*(?:[-*+>#]|\d+[.)]\s|(?:[*_]{1,2})?[\p{L}][\p{L}\p{N} _-]{0,30}(?:[*_]{1,2})?\s*[:：])/u;

/**
 * The value of the first `Status:` line of the preamble's paragraphs, or null. A long value cut
 * by the line's wrap (five words or more, no closing punctuation) goes on over the paragraph's
 * next lines up to one that starts another note or ends a sentence — OTEP 0150's
 * `Status: for prototyping. Don't merge to main OpenTelemetry specification until` /
 * `prototyping is done.` is one status. The lines are joined by "\n", as written.
 */
function preambleStatusLine(preambleTexts: readonly string[]): string | null {
  for (const text of preambleTexts) {
    const lines = text.split('\n');
    const at = lines.findIndex((line) => (statusLineValue(line) ?? '') !== '');
    if (at < 0) continue;
    const value = [(statusLineValue(lines[at] ?? '') ?? '').trim()];
    const wrapped = (line: string): boolean => !/[.!?;:)\]]\s*$/.test(line);
    if (value[0]!.split(/\s+/).length >= 5) {
      for (let i = at + 1; i < lines.length && wrapped(value[value.length - 1]!); i++) {
        const next = lines[i] ?? '';
        if (next.trim() === '' || NOTE_START.test(next)) break;
        value.push(next.trim());
      }
    }
    return value.join('\n');
  }
  return null;
}

function firstLine(text: string): string {
  return text.split('\n').find((line) => line.trim() !== '') ?? '';
}

/**
 * Finds the status of one ADR: see the module comment for the sources and their precedence.
 * An empty value (`status:` with nothing after it, an empty Status section) counts as no status.
 * Pure; never throws.
 */
export function findStatus(options: { frontMatter: FrontMatter; outline: MarkdownOutline }): StatusFinding {
  const { frontMatter, outline } = options;
  // A top-level "Status" heading only: a "### Status" deep inside a section is a progress note.
  const statusSection = statusSectionOf(outline);
  const sectionTexts = statusSection ? blockTexts(sectionContent(outline, statusSection)) : [];
  const statusTexts = statusSection ? blockTexts(sectionContent(outline, statusSection).filter((t) => t.type !== 'blockquote')) : [];
  const preambleTexts = blockTexts(outline.preamble);
  const listItems = outline.preamble.flatMap((t) => listItemTexts(t).map(firstLine));
  const linkTexts = outline.sections
    .filter((s) => LINK_SECTIONS.has(s.key))
    .flatMap((s) => blockTexts(sectionContent(outline, s)));

  let raw: string | null = null;
  let origin: StatusOrigin | null = null;
  const fmStatus = frontMatter.status?.trim() ?? '';
  if (fmStatus !== '') {
    raw = fmStatus;
    origin = 'front_matter';
  }
  const table = metadataTableRows(outline);
  const tableStatus = metadataValue(table, ['status', ...TRANSLATED_TABLE_KEYS.status, ...NAMED_STATUS_KEYS]);
  if (raw === null && tableStatus !== null) {
    raw = tableStatus;
    origin = 'metadata_table';
  }
  const inSection = statusSection ? sectionStatus(statusTexts, sectionContent(outline, statusSection)) : null;
  if (raw === null && inSection !== null) ({ raw, origin } = inSection);
  if (raw === null) {
    raw = preambleStatusLine(preambleTexts);
    origin = raw === null ? null : 'status_line';
  }
  if (raw === null) {
    raw = headingStatus(outline);
    origin = raw === null ? null : 'status_heading';
  }
  const meta = metaSectionOf(outline);
  const metaTexts = meta ? blockTexts(sectionContent(outline, meta)) : [];
  const fields = headerFieldLines(outline);
  const fieldLines = fields.map((line) => statusLineValue(line) ?? stateLineValue(line));
  const openingTexts = blockTexts(openingNotes(outline));
  const openingLines = openingTexts.flatMap((text) => text.split('\n'));
  const preambleLines = preambleTexts.flatMap((text) => text.split('\n'));
  if (raw === null) {
    // An RFC's Meta list (`- **Status**: Approved <!-- Acceptable values: … -->`): the line stays
    // in the text, the words are the value without the template's comment.
    const value = metaTexts
      .flatMap((text) => text.split('\n'))
      .map((line) => statusLineValue(line)?.replace(/<!--[\s\S]*?-->/g, '').trim() ?? null)
      .find((v): v is string => v !== null && v !== '');
    if (value !== undefined) {
      raw = value;
      origin = 'metadata_list';
    }
  }
  if (raw === null) {
    // Header notes stated as fields that stay whole in the text, as a Meta list's do (decision 0098):
    // a block of `Key: value` fields in a code block (Stellar's CAPs, header-fields.ts); the notes
    // under an opening `##` title (gRPC's setext `Title` / `----` then `* Status: Draft`); a
    // `State:` line of the preamble (Dapr's proposals: `* State: Ready for Review`).
    const value = [...fieldLines, ...openingLines.map((line) => statusLineValue(line) ?? stateLineValue(line)), ...preambleLines.map(stateLineValue)]
      .find((v): v is string => v !== null && v !== '');
    if (value !== undefined) {
      raw = value;
      origin = 'metadata_list';
    }
  }
  if (raw === null) {
    const logged = latestChangelogState(changelogStates(outline));
    if (logged !== null) {
      raw = logged.words;
      origin = 'changelog';
    }
  }
  return {
    raw,
    origin,
    sectionRaw: origin === 'front_matter' ? (inSection?.raw ?? null) : null,
    hasStatusSection: statusSection !== undefined,
    hasHeaderBullets: listItems.some((item) => HEADER_BULLET.test(item)),
    referenceTexts: [...(raw === null ? [] : [raw]), ...table.map((r) => `${r.key}: ${r.value}`), ...sectionTexts, ...preambleTexts, ...metaTexts, ...fields, ...openingTexts, ...linkTexts],
  };
}
