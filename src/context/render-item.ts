/**
 * One entry as one Markdown list item of the re-entry brief (DESIGN §7, issue #9): what it says
 * first, then its why, then the facts to find it again:
 *
 *   - **<title>**: <summary: outcome / answer / … — why> (`ADR-0036` `<entry_id>` r<rev>, <status>[, <supersession>][, <qualifier>], <recorded day>[, matches <paths|task>])
 *
 * The supersession (`superseded by ADR-0040 "Use GitHub Actions" (dec-…)`, `supersedes …`, a
 * rejected decision's `in favour of …`) stands in the tail, in place of the bare status it
 * explains, so neither the excerpt's cut nor the short form drops it (issue #18 "The brief").
 *
 * A decision that records its own day and makers (an imported ADR) shows them, and its last
 * change beside them when that is another day or person: `decided 2019-06-27 by Marko, changed
 * 2025-09-18 by anim001k` (issue #18); one whose ADR and git told no day says so, and names the
 * recorded day for what it is: `day unknown, recorded 2026-11-24`.
 *
 * The summary is the shared one-line plain text of src/model/summary.ts, cut to the excerpt
 * length the budget allows (0: left out — the short form). Every field taken from the entry is
 * single-line, bounded and neutralized ({@link inlineText}), so an item is always exactly one
 * line and cannot forge headings or close `<brain-state>`.
 */
import type { Entry } from '../model/entry.js';
import { adrLabelOf } from '../model/adr-label.js';
import { decisionOrigin, originWords } from '../model/decision-origin.js';
import { plainTextLine, summaryLine } from '../model/summary.js';
import { supersessionOf } from '../model/supersession.js';
import { inlineText } from './inline-text.js';
import type { MatchReasons } from './relevance.js';
import { recordedMs } from './relevance.js';
import { titleText } from '../model/title-text.js';

/** Max chars of the summary (before `…`). */
export const EXCERPT_CHARS = 240;
/** Max chars of a title (the schema's bound; unvalidated input is cut too). */
export const TITLE_CHARS = 200;

/** Options of {@link renderItem}. */
export interface RenderItemOptions {
  /** Which caller filters the entry matched; shown as `matches paths+task`. */
  match?: MatchReasons;
  /**
   * Render as a "recent changes" line: qualifiers are kind, status, the recorded date and the
   * age relative to this instant (ms since epoch) instead of the kind-specific qualifier.
   */
  recentNowMs?: number;
  /** Chars of summary to show (default {@link EXCERPT_CHARS}; 0 = none). */
  excerpt?: number;
  /** Entries by id, so supersession names ADR numbers and titles. */
  entries?: ReadonlyMap<string, Entry>;
}

/** The summary of an item: {@link summaryLine}, plus a risk's mitigation. */
function itemText(entry: Entry, entries: ReadonlyMap<string, Entry> | undefined): string {
  const summary = summaryLine(entry, { max: EXCERPT_CHARS * 2, supersession: false, ...(entries ? { entries } : {}) });
  const mitigation = entry.entry_kind === 'risk' && typeof entry.payload['mitigation'] === 'string' ? plainTextLine(entry.payload['mitigation']) : '';
  return [mitigation === '' ? '' : `Mitigation: ${mitigation}`, summary].filter((s) => s !== '').join(' — ');
}

/** The item line (no trailing newline). Pure and deterministic. */
export function renderItem(entry: Entry, options: RenderItemOptions = {}): string {
  const title = inlineText(titleText(entry.title), TITLE_CHARS) || '(untitled)';
  const tail = `(${qualifiers(entry, options).join(', ')})`;
  const excerpt = options.excerpt ?? EXCERPT_CHARS;
  const text = excerpt > 0 ? inlineText(itemText(entry, options.entries), excerpt) : '';
  return text === '' ? `- **${title}** ${tail}` : `- **${title}**: ${text} ${tail}`;
}

function qualifiers(entry: Entry, options: RenderItemOptions): string[] {
  const label = adrLabelOf(entry);
  const q = [`${label === null ? '' : `${inlineText(label, 20)} `}\`${inlineText(entry.entry_id, 80)}\` r${inlineText(String(entry.revision), 12)}`];
  if (options.recentNowMs !== undefined) {
    q.push(inlineText(entry.entry_kind, 40), inlineText(entry.status, 40));
    q.push(inlineText(entry.recorded_at.slice(0, 10), 10), formatAge(options.recentNowMs - recordedMs(entry)));
  } else {
    // What replaced it (or what it replaced) stands in the tail, so no excerpt cut nor the short form loses it.
    const link = supersessionOf(entry, options.entries);
    const status = inlineText(entry.status, 40);
    const stated = link === '' ? [status] : link.startsWith(entry.status) ? [inlineText(link, 300)] : [status, inlineText(link, 300)];
    q.push(...stated, ...detail(entry), ...when(entry));
  }
  const m = options.match;
  if (m !== undefined && (m.paths || m.task)) q.push(`matches ${[m.paths ? 'paths' : '', m.task ? 'task' : ''].filter(Boolean).join('+')}`);
  return q.filter((s) => s !== '');
}

/** The recorded day; for a decision with its own day or makers, `decided …, ADR by …` (`written … by …` for a proposal) and the last change when it differs. */
function when(entry: Entry): string[] {
  const day = inlineText(entry.recorded_at.slice(0, 10), 10);
  const origin = decisionOrigin(entry);
  if (origin === null) return [day];
  // `label who`, or nothing when nobody is named.
  const by = (label: string, who: string | null): string[] => (who === null || who.trim() === '' ? [] : [`${label} ${inlineText(who, 60)}`]);
  // "decided 2019-06-27, ADR by X"; a proposal is not decided yet: "written 2021-11-02 by X" (originWords).
  const { verb, byLabel } = originWords(entry);
  // No day in the ADR nor in git: say so, and name the recorded day as what it is (an import's).
  if (origin.date === null) return [...by('ADR by', origin.by), 'day unknown', `recorded ${day}`];
  const dated = `${verb} ${inlineText(origin.date, 10)}`;
  const decided = byLabel === 'by' ? [[dated, ...by('by', origin.by)].join(' ')] : [dated, ...by(byLabel, origin.by)];
  const sameChange = origin.date === day && (origin.by === null || origin.by === entry.author);
  return sameChange ? decided : [...decided, ['changed', day, ...by('by', entry.author)].join(' ')];
}

function detail(entry: Entry): string[] {
  const p = entry.payload;
  switch (entry.entry_kind) {
    case 'decision':
      return typeof entry.confidence === 'number' ? [`confidence ${Number(entry.confidence.toFixed(2))}`] : [];
    case 'blocker':
      return [`severity ${inlineText(p['severity'], 20) || '?'}`];
    case 'risk':
      return [`likelihood×impact ${inlineText(p['likelihood'], 20) || '?'}×${inlineText(p['impact'], 20) || '?'}`];
    case 'dependency':
      return [`${inlineText(p['dependency_kind'], 20) || 'requires'} ${inlineText(p['depends_on'], 120)}`];
    default:
      return [];
  }
}

/** `just now`, `5m ago`, `3h ago` (under 48 h), `12d ago`; `after now` for a negative age; `age unknown` for NaN. */
export function formatAge(ms: number): string {
  if (Number.isNaN(ms) || !Number.isFinite(ms)) return 'age unknown';
  if (ms < 0) return 'after now';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours}h ago` : `${Math.floor(hours / 24)}d ago`;
}
