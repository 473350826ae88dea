/**
 * What the hub says when a repository's docs branch has problems (docs/decisions/0078 for a
 * clone, 0088 for the hub): a revision that fails to parse or validate never becomes an entry
 * (DESIGN §4), so the brief's counts and the board's tiles leave it out — in the newcomer run
 * a high/high risk pushed with a newline in its author left the hub saying `At risk 0` with a
 * word only on `/repos`. The brief's group gets the clone's `Problems:` line; the board a line
 * naming each repository in view with its count. Pure: given the visible problems (the token's
 * scope, so a hidden repository is never named).
 */
import type { ProblemRow } from '../projection/backend.js';
import { entriesWithProblems, problemsLineText } from '../service/problems-line.js';
import { plural } from '../model/plural.js';

/** The `Problems:` line of `repo`'s project `projectId` (the brief's header), or null when no problem concerns its entries. */
export function hubProblemsLine(problems: readonly ProblemRow[], repo: string, projectId: string): string | null {
  const line = problemsLineText(entriesWithProblems(problems.filter((p) => p.repo === repo).map((p) => p.path), projectId));
  return line === null ? null : `${line} in a clone of ${repo}; GET /api/problems?repo=${encodeURIComponent(repo)} lists them`;
}

/**
 * The board's line: each repository whose problems concern entries (of `projectId`, when the
 * board is narrowed to one) with the count, e.g. ``the docs branch of mp has problems with 3
 * entries (…): what they hold is missing from these counts — the Repositories page lists them,
 * `brain doctor` in a clone fixes each``; null when none.
 */
export function boardProblemsLine(problems: readonly ProblemRow[], projectId: string | null = null): string | null {
  const byRepo = new Map<string, string[]>();
  for (const p of problems) byRepo.set(p.repo, [...(byRepo.get(p.repo) ?? []), p.path]);
  const named = [...byRepo].map(([repo, paths]) => ({ repo, n: entriesWithProblems(paths, projectId) })).filter((r) => r.n > 0).sort((a, b) => (a.repo < b.repo ? -1 : 1));
  if (named.length === 0) return null;
  const which = named.map((r) => `${r.repo} (${plural(r.n, 'entry', 'entries')})`).join(', ');
  return `the docs ${named.length === 1 ? 'branch' : 'branches'} of ${which} ${named.length === 1 ? 'has' : 'have'} problems (files that fail to parse or validate, ledgers that disagree): what they hold is missing from these counts — the Repositories page lists them, \`brain doctor\` in a clone fixes each`;
}
