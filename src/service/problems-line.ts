/**
 * The line the re-entry brief and the dashboard's header give when the docs branch holds
 * problems for the project in effect (docs/decisions/0078): a revision that arrived from another
 * clone and fails to validate (an escape sequence in its title, a newline in its author) never
 * becomes an entry (DESIGN §4: it lands in `problems`), so the brief's counts and the board's
 * tiles leave it out without a word — in the newcomer run an active high/high risk was missing
 * from "At risk 0" while only `brain status` said why. One wording for both surfaces.
 */
import { listProblems } from '../projection/sqlite/queries.js';
import type { CacheDb } from '../projection/sqlite/open-cache.js';
import type { Brain } from '../service.js';

/**
 * How many entries of `projectId` (null: of any project) the problem paths concern: distinct
 * `<entry_id>`s of paths `projects/<projectId>/<kind>/<fan>/<entry_id>/…` (a file, a ledger, or a
 * missing revision's pseudo path). Pure. Errors: none.
 */
export function entriesWithProblems(paths: readonly string[], projectId: string | null): number {
  const ids = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    if (parts[0] === 'projects' && (projectId === null || parts[1] === projectId) && parts.length >= 5 && parts[4]) ids.add(`${parts[1]}/${parts[4]}`);
  }
  return ids.size;
}

/** The line for `entries` entries with problems (a backtick code span names the command), or null for none. Pure. */
export function problemsLineText(entries: number): string | null {
  if (entries === 0) return null;
  const what = entries === 1 ? '1 entry' : `${entries} entries`;
  return `the docs branch has problems with ${what} of this project (files that fail to parse or validate, ledgers that disagree): what they hold may be missing here — \`brain doctor\` says how to fix each`;
}

/** {@link problemsLineText} for `projectId` from the projection `db` (a read of the small `problems` table). Errors: SQLite errors. */
export function projectProblemsLine(db: CacheDb, projectId: string): string | null {
  return problemsLineText(entriesWithProblems(listProblems(db).map((p) => p.path), projectId));
}

/** {@link projectProblemsLine} of `brain`'s project, opening the cache as the other page reads do. Errors: as `brain.withCache`. */
export async function brainProblemsLine(brain: Brain): Promise<string | null> {
  return brain.withCache(async () => projectProblemsLine(brain.db(), await brain.projectId()));
}
