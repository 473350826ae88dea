/**
 * The status a record's day of acceptance implies when it states no status (issue #18, round
 * twenty): ghc-proposals' 122 records write no status, only `.. date-accepted:: 2017-02-04` (its
 * template leaves the value for the editors to fill "when the proposal is accepted"), and its
 * Markdown ones `date-accepted:` in their front matter. A filled day of acceptance says the record
 * was accepted. Given as an index status — it answers only where the file states no status it can
 * map, an index page first — whose `index_path` is the file itself. Pure.
 */
import { parseAdrDate, type DateOrder } from './adr-dates.js';
import type { IndexedStatus } from './status-index.js';

/** The keys that state the day a record was accepted (front matter, RST directives and fields), lower case, in the order read. */
const ACCEPTANCE_KEYS: readonly string[] = ['date-accepted', 'date_accepted', 'accepted-at', 'accepted_at', 'accepted-on', 'accepted_on'];

/**
 * `accepted`, worded by the key and day as written (`date-accepted: 2017-02-04`), for the first
 * acceptance key `read` finds (`read(key)`: that key as the file writes it, and its value, or
 * null) whose value names a day; else null (none, blank, a placeholder such as "Leave blank…").
 */
export function acceptanceStatus(sourcePath: string, read: (key: string) => { key: string; value: string | null } | null, order: DateOrder): IndexedStatus | null {
  for (const key of ACCEPTANCE_KEYS) {
    const found = read(key);
    if (found?.value != null && parseAdrDate(found.value, order) !== null) return { status: 'accepted', words: `${found.key}: ${found.value.trim()}`, index_path: sourcePath };
  }
  return null;
}
