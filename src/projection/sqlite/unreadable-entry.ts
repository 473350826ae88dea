/**
 * Why an id names no entry although the branch holds its directory: every revision file of it
 * failed to parse or validate (a file edited or committed by hand, docs/decisions/0060). Such an
 * entry is left out of every read — the file's own problem is in `brain status` — but `brain
 * show <id>` and `brain revise <id>` said only "no entry", with a hint to list entries, where
 * it is not. {@link unreadableEntryError} turns the lookup's `not_found` into one that names the
 * bad files and how to get the entry back.
 */
import { BrainError } from '../../model/errors.js';
import type { CacheDb } from './open-cache.js';

const SHOWN = 3;

/** `projects/<project>/<kind>/<fan>/<entry dir starting with prefix>/…` as a LIKE pattern. */
function pattern(projectId: string, prefix: string): string {
  const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return `projects/${escape(projectId)}/%/${escape(prefix)}%/%`;
}

/**
 * A `not_found` for `prefix` in `projectId` naming the invalid revision files of the one entry
 * directory it matches (their problem code and path, in `data.problems`), or null when no such
 * file exists or the prefix matches several directories (the plain `not_found` stands).
 * `prefix` is an entry id or a prefix of one (with its kind: `dec-…`).
 */
export function unreadableEntryError(db: CacheDb, projectId: string, prefix: string): BrainError | null {
  if (!/^[a-z]+-[0-9a-z]+$/.test(prefix)) return null;
  const rows = db
    .prepare("SELECT path, code, message FROM problems WHERE path LIKE ? ESCAPE '\\' ORDER BY path, code")
    .all(pattern(projectId, prefix)) as { path: string; code: string; message: string }[];
  const dirs = new Set(rows.map((r) => r.path.slice(0, r.path.lastIndexOf('/'))));
  const [dir] = dirs;
  if (dir === undefined || dirs.size > 1) return null;
  const entryId = dir.slice(dir.lastIndexOf('/') + 1);
  // One line per file: its own problem (invalid_json, illegal_status, …) before the ledger's about it.
  const byPath = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!r.path.endsWith('/') && !byPath.has(r.path)) byPath.set(r.path, r);
  const files = [...byPath.values()];
  const named = files.slice(0, SHOWN).map((r) => `${r.path} (${r.code})`).join(', ');
  const more = files.length > SHOWN ? ` and ${files.length - SHOWN} more` : '';
  return new BrainError('not_found', `${entryId} in project ${projectId} has no valid revision: ${named}${more} failed to parse or validate`, {
    hint: '`brain verify` names the commit that changed each file; undo it on the docs branch (git worktree add ../fix brain && git -C ../fix revert <commit> && git worktree remove ../fix), or record the entry again with `brain add`',
    data: { entry_id: entryId, project_id: projectId, problems: files.map((r) => ({ path: r.path, code: r.code, message: r.message })) },
  });
}
