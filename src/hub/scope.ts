/**
 * What a hub token may see and do (issue #11 "Scoped tokens"), and how that becomes the
 * projection's {@link Scope} of every query (src/projection/backend.ts): the backend filters
 * in its queries, so rows outside the scope are invisible in every result, count, facet,
 * problem and search. A `repo` filter naming a repository outside the scope answers exactly
 * like one that does not exist (`not_found`, same message): no existence leak; likewise a
 * `project` filter ({@link noSuchProject}).
 */
import { BrainError } from '../model/errors.js';
import { PROJECT_ID_PATTERN } from '../model/limits.js';
import type { Scope } from '../projection/backend.js';
import { checkRepoName } from './names.js';

import { CAPABILITIES, type Capability } from '../model/capabilities.js';

/**
 * The capabilities a token can carry: the vocabulary of daemon tokens (src/model/capabilities.ts;
 * issue #20) — `read`, `propose`, `write`, `approve`. Only `read` is served: no hub route accepts
 * writes, proposals or approvals (docs/decisions/0027, 0042).
 */
export { CAPABILITIES, type Capability };

/** A token's grant: `repos`/`projects` null = all (repositories registered later included). */
export interface TokenScope {
  repos: string[] | null;
  projects: string[] | null;
  capabilities: Capability[];
}

/** Parses `read`, `read,write`, … (sorted, deduplicated). Errors: `invalid_argument`. */
export function parseCapabilities(text: string | readonly string[]): Capability[] {
  const parts = (typeof text === 'string' ? text.split(',') : [...text]).map((s) => s.trim()).filter((s) => s !== '');
  const bad = parts.find((p) => !(CAPABILITIES as readonly string[]).includes(p));
  if (bad !== undefined || parts.length === 0) {
    throw new BrainError('invalid_argument', bad === undefined ? 'a token needs at least one capability' : `unknown capability "${bad.slice(0, 40)}"`, { hint: `capabilities: ${CAPABILITIES.join(', ')} (comma-separated)` });
  }
  return [...new Set(parts as Capability[])].sort();
}

/**
 * A token scope from its parts as given (CLI flags or a `POST /api/tokens` body): repository
 * names checked (names.ts), project ids checked (DESIGN §2 pattern), both deduplicated and
 * sorted; null lists mean all. Errors: `invalid_argument`.
 */
export function tokenScope(args: { repos: readonly string[] | null; projects: readonly string[] | null; capabilities: string | readonly string[] }): TokenScope {
  const project = (p: string) => {
    if (!PROJECT_ID_PATTERN.test(p)) throw new BrainError('invalid_argument', `invalid project id "${p.slice(0, 60)}"`, { hint: 'project ids are lower-case letters, digits, ".", "-" and "_" (GET /api/projects lists them)' });
    return p;
  };
  const list = (values: readonly string[] | null, check: (v: string) => string) => (values === null ? null : [...new Set(values.map(check))].sort());
  return { repos: list(args.repos, checkRepoName), projects: list(args.projects, project), capabilities: parseCapabilities(args.capabilities) };
}

const subset = (a: readonly string[], b: readonly string[]) => a.every((x) => b.includes(x));

/**
 * Throws `forbidden` unless `wanted` is within `parent`: repositories ⊆ (an all-repositories
 * grant only from an all-repositories parent), projects ⊆ (likewise), capabilities ⊆.
 */
export function assertNarrower(wanted: TokenScope, parent: TokenScope): void {
  const wider =
    (parent.repos !== null && (wanted.repos === null || !subset(wanted.repos, parent.repos))) ||
    (parent.projects !== null && (wanted.projects === null || !subset(wanted.projects, parent.projects))) ||
    !subset(wanted.capabilities, parent.capabilities);
  if (wider) {
    throw new BrainError('forbidden', 'a token can only mint tokens within its own scope and capabilities', {
      hint: 'ask for a subset of the repositories, projects and capabilities of the token you authenticate with',
    });
  }
}

/** The `not_found` of a repository that does not exist or is outside the scope (the same error for both). */
export function noSuchRepo(name: string): BrainError {
  return new BrainError('not_found', `no repository "${name.slice(0, 100)}" on this hub`, { hint: 'see GET /api/repos for the repositories you can read', data: { repo: name.slice(0, 100) } });
}

/**
 * The `not_found` of a project that has no current entry in the visible repositories — whether
 * it exists nowhere, or only in repositories or projects outside the scope (the same error).
 */
export function noSuchProject(projectId: string): BrainError {
  return new BrainError('not_found', `no project "${projectId.slice(0, 100)}" in the repositories you can read`, { hint: 'GET /api/projects lists the projects you can read', data: { project_id: projectId.slice(0, 100) } });
}

/**
 * The backend scope of a token: its repositories that are registered now (`registered`), its
 * projects; with `repo`, only that one — `not_found` ({@link noSuchRepo}) when it is not
 * visible. With `project`, only that project — an empty result when outside the token's projects.
 */
export function resolveScope(grant: TokenScope, registered: readonly string[], filter: { repo?: string | undefined; project?: string | undefined } = {}): Scope {
  let repos = grant.repos === null ? [...registered] : registered.filter((r) => grant.repos?.includes(r));
  if (filter.repo !== undefined) {
    if (!repos.includes(filter.repo)) throw noSuchRepo(filter.repo);
    repos = [filter.repo];
  }
  let projects = grant.projects === null ? undefined : [...grant.projects];
  if (filter.project !== undefined) projects = projects === undefined || projects.includes(filter.project) ? [filter.project] : [];
  return projects === undefined ? { repos } : { repos, projects };
}
