/**
 * Human-readable output of the CLI (tables and entry views). `--json` output bypasses this
 * module entirely: surfaces print service results as JSON. One entry in full is
 * render-entry.ts (it needs the Markdown parser, which tables do not). Loaded by a command only
 * when it prints text (read-commands.ts), never for `--json` (docs/decisions/0085-one-shot-reads.md);
 * the plain table other commands share is table.ts.
 */
import type { Entry } from '../model/entry.js';
import type { CurrentRow } from '../projection/sqlite/queries.js';
import { adrLabelOf } from '../model/adr-label.js';
import { writtenBy } from '../model/entry-fields.js';
import { decisionOrigin, originWords } from '../model/decision-origin.js';
import { scoreText } from '../model/relevance-text.js';
import { cutLine } from '../model/summary.js';
import { correctionLine } from '../model/search-correction.js';
import type { SearchAnswer } from '../service/search-corrections.js';
import { titleText } from '../model/title-text.js';
import { table } from './table.js';

/** A title as listed: `ADR-0029 Kubernetes security config auditing` for an imported ADR. */
function listedTitle(entry: Entry, max: number): string {
  const label = adrLabelOf(entry);
  const title = titleText(entry.title);
  return oneLine(label === null ? title : `${label} ${title}`, max);
}

/** `text` on one line, at most `max` characters with its `…`: cut at a word when one ends near (summary.ts's {@link cutLine}). */
function oneLine(text: string, max: number): string {
  return cutLine(text.replace(/\s+/g, ' ').trim(), max - 1);
}

/** `2019-06-27 Marko`: the list's CHANGED column, the author cut to a name's length (`brain show` has it whole). */
function dayBy(day: string, who: string): string {
  return `${day} ${oneLine(who, 24)}`;
}

/** The DECIDED cell: `2021-03-04`, `written 2021-03-04` for a proposal, `unknown` when no day is known (not `written unknown`), '' for an entry with no origin. */
function decidedCell(entry: Entry): string {
  const origin = decisionOrigin(entry);
  if (origin === null) return '';
  if (origin.date === null) return 'unknown';
  return `${originWords(entry).verb === 'written' ? 'written ' : ''}${origin.date}`;
}

/**
 * `brain list` as a table, columns sized to their content; its CHANGED column is each entry's
 * last change (day and author), and when an imported decision records when it was decided, a
 * DECIDED column beside it: the day alone (`written <day>` for a proposal, not decided yet), or
 * `unknown` — its deciders, a list as long as a
 * paragraph in some ADRs, are `brain show`'s (decision 0050).
 */
export function renderList(rows: CurrentRow[]): string {
  if (rows.length === 0) return 'no entries';
  const decided = rows.some((r) => decisionOrigin(r.entry) !== null);
  return table(
    ['ID', 'KIND', 'STATUS', 'REV', ...(decided ? ['DECIDED'] : []), 'CHANGED', 'TITLE'],
    rows.map((r) => [
      r.entry.entry_id,
      r.entry.entry_kind,
      r.entry.status,
      `r${r.entry.revision}${r.forked ? '!' : ''}`,
      ...(decided ? [decidedCell(r.entry)] : []),
      dayBy(r.entry.recorded_at.slice(0, 10), r.entry.author),
      listedTitle(r.entry, 80),
    ]),
  );
}

/** `brain history` as a table; BY is the author, or `<agent> for <author>` (docs/decisions/0032). */
export function renderHistory(revisions: { entry: Entry; sha256: string }[]): string {
  return table(
    ['REV', 'RECORDED', 'BY', 'STATUS', 'SHA256', 'TITLE'],
    revisions.map((r) => [`r${r.entry.revision}`, r.entry.recorded_at, oneLine(writtenBy(r.entry), 48), r.entry.status, r.sha256.slice(0, 12), oneLine(titleText(r.entry.title), 60)]),
  );
}

/** `brain search` hits, under what a typo was searched as (`showing results for "database" instead of "databse"`). */
export function renderSearch({ hits, corrections }: SearchAnswer): string {
  const corrected = correctionLine(corrections);
  if (hits.length === 0) return corrected ? `no matches (${corrected})` : 'no matches';
  const rows = table(
    ['SCORE', 'ID', 'KIND', 'STATUS', 'TITLE'],
    hits.map((h) => [scoreText(h.relevance_score), h.entry.entry_id, h.entry.entry_kind, h.entry.status, listedTitle(h.entry, 70)]),
  );
  return corrected ? `${corrected}\n${rows}` : rows;
}
