/**
 * An ADR label where an entry id is expected (docs/decisions/0052): `brain show ADR-0030`,
 * `brain_get` / REST get with `adr 30`, `0030` or `0030-some-title.md`, on a clone
 * (`Brain.resolveId`) and on the hub (`HubService.get`). The label names an entry when exactly
 * one entry in scope carries its number (a typed file name picks among ADRs sharing one);
 * otherwise the reader gets `not_found` or `ambiguous_id` with the candidates, never a guess.
 */
import type { AdrLabelQuery } from '../model/adr-label-query.js';
import { adrLabelQuery, importedFrom, labelledAs } from '../model/adr-label-query.js';
import { adrLabelOf } from '../model/adr-label.js';
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';

/** How many candidates an `ambiguous_id` message names. */
const NAMED_CANDIDATES = 10;

/** Where a candidate comes from: its file, and its repository on the hub. */
function described(row: { entry: Entry; repo?: string }): string {
  const cited = row.entry.citations.find((c) => c.source_kind === 'file' && c.locator === adrLabelOf(row.entry));
  const where = [row.repo, cited?.source_ref].filter((w) => w !== undefined).join(': ');
  return where === '' ? row.entry.entry_id : `${row.entry.entry_id} (${where.slice(0, 120)})`;
}

/**
 * The one row of `rows` (the entries in scope numbered `label.adr_number`: ProjectionBackend
 * `adrMatches`) that `typed` names; `scope` says where it was looked for ("project p",
 * "repository r"). Errors: `not_found` (no ADR of that number, or not of that file),
 * `ambiguous_id` (several: `data.candidates` lists their ids; the hint says how to pick one).
 */
export function pickLabelled<T extends { entry: Entry; repo?: string }>(typed: string, label: AdrLabelQuery, rows: readonly T[], scope: string): T {
  const shown = typed.trim().slice(0, 80);
  const name = `${label.series ?? 'ADR'}-${String(label.adr_number).padStart(4, '0')}`;
  const ofSeries = rows.filter((r) => labelledAs(r.entry, label.series));
  const picked = label.file_name !== null && ofSeries.length > 1 ? ofSeries.filter((r) => importedFrom(r.entry, label.file_name as string)) : ofSeries;
  if (picked.length === 1) return picked[0] as T;
  if (picked.length === 0) {
    throw new BrainError('not_found', `no ADR ${name} in ${scope} (read "${shown}" as an ADR label)`, {
      hint: 'imported ADRs show their label in `brain list`; find others with `brain search "words"`',
      data: { adr_number: label.adr_number, ...(label.file_name !== null ? { file_name: label.file_name } : {}) },
    });
  }
  throw new BrainError('ambiguous_id', `${name} names more than one entry in ${scope}: ${picked.slice(0, NAMED_CANDIDATES).map(described).join(', ')}`, {
    hint: `give one of their entry ids${label.file_name === null ? ', or the ADR\'s file name (brain show 0030-title.md)' : ''}`,
    data: { candidates: picked.map((r) => r.entry.entry_id) },
  });
}

/**
 * `typed` resolved as an ADR label, or null when it is not one (then it is an id or a prefix):
 * the rows `matches` gives for its number, picked by {@link pickLabelled}; a series word
 * (`TEP-0070`) only when an entry in scope is labelled with it (decision 0062). One rule for the
 * clone (`Brain.resolveId`) and the hub (`HubService.get`). Errors: as {@link pickLabelled}.
 */
export async function resolveLabel<T extends { entry: Entry; repo?: string }>(typed: string, matches: (adrNumber: number) => T[] | Promise<T[]>, scope: string): Promise<T | null> {
  const label = adrLabelQuery(typed);
  if (label === null) return null;
  const rows = await matches(label.adr_number);
  // A word no label in scope uses (`dec-12`, an id prefix) is not read as a series label.
  if (label.series !== undefined && !rows.some((r) => labelledAs(r.entry, label.series))) return null;
  return pickLabelled(typed, label, rows, scope);
}
