/**
 * Resolving the references found in entry text (issue #22 "References inside entry text become
 * links when they resolve"; finding them is model/entry-references.ts): an id or id prefix
 * resolves when exactly one entry of the project starts with it; `ADR 6` when exactly one
 * imported ADR of the project carries that number (its label `ADR-6`, `ADR-06`, `ADR-006` or
 * `ADR-0006`, as the importer wrote it from the file name). Anything else stays text.
 */
import { adrNumberOf, findEntryReferences } from '../model/entry-references.js';
import type { EntryFacts, PictureReader } from './picture-reader.js';

/** References resolved on one page at most (the rest stay text). */
export const REFERENCE_LIMIT = 100;

const labelsOf = (n: number): string[] => [...new Set([1, 2, 3, 4].map((width) => `ADR-${String(n).padStart(width, '0')}`))];

/**
 * The references of `texts` that resolve in the reader's project, by key (`adr:6`, `id:dec-4f9k2m`),
 * each to the entry's facts. `self`: an entry id that a reference never resolves to (a page does
 * not link to itself). Errors: the reader's.
 */
export async function resolveReferences(reader: PictureReader, texts: readonly string[], self?: string): Promise<Map<string, EntryFacts>> {
  const keys = [...new Set(texts.flatMap((t) => findEntryReferences(t).map((r) => r.key)))].slice(0, REFERENCE_LIMIT);
  const out = new Map<string, EntryFacts>();
  const numbers = keys.flatMap((k) => { const n = adrNumberOf(k); return n === null ? [] : [n]; });
  const adrs = await reader.adrs(numbers.flatMap(labelsOf));
  for (const n of numbers) {
    const labels = new Set(labelsOf(n));
    const matches = [...new Map(adrs.filter((a) => labels.has(a.label)).map((a) => [a.entry_id, a])).values()];
    const [only] = matches;
    if (matches.length === 1 && only && only.entry_id !== self) out.set(`adr:${n}`, { entry_id: only.entry_id, title: only.title, entry_kind: only.entry_kind, status: only.status });
  }
  for (const key of keys.filter((k) => k.startsWith('id:'))) {
    const matches = await reader.idMatches(key.slice(3));
    if (matches.length === 1 && matches[0]?.entry_id !== self) out.set(key, matches[0] as EntryFacts);
  }
  return out;
}
