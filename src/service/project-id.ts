/**
 * The project an invocation works on (issue #2): `--project`, else `default_project` from
 * brain.json, else the repository directory's name as a slug.
 */
import { basename } from 'node:path';
import { BrainError } from '../model/errors.js';
import { PROJECT_ID_PATTERN } from '../model/limits.js';
import type { RepoLocation } from '../git/repo.js';

/** `My Repo.git` → `my-repo`; never empty (falls back to `project`). */
export function slugify(name: string): string {
  const slug = name
    .replace(/\.git$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return slug === '' ? 'project' : slug;
}

/** The default project of a repository with no manifest: its directory name, slugified. */
export function repoProjectId(repo: RepoLocation): string {
  return slugify(basename(repo.workDir ?? repo.commonDir));
}

/** Throws `invalid_argument` unless `projectId` is a slug. */
export function assertProjectId(projectId: string): string {
  if (!PROJECT_ID_PATTERN.test(projectId)) {
    throw new BrainError('invalid_argument', `invalid project id "${projectId}"`, {
      hint: 'a project id is a slug: lower-case a-z, 0-9, ".", "_", "-", at most 64 characters',
    });
  }
  return projectId;
}

/**
 * An explicitly chosen project (`--project`, a REST path) must exist to be read: have entries
 * (`known`), or be the brain's default (`fallback`) — so a typo is an error listing the
 * projects, never an empty answer (issue #7). Returns `projectId`. Errors: `not_found`.
 */
export function assertReadableProject(args: { projectId: string; known: readonly string[]; fallback: string }): string {
  if (args.known.includes(args.projectId) || args.projectId === args.fallback) return args.projectId;
  throw new BrainError('not_found', `no project "${args.projectId}" in this brain; projects: ${args.known.join(', ') || '(none yet)'}`, {
    hint: `\`brain projects\` lists them; without --project brain uses the default project (${args.fallback})`,
    data: { project_id: args.projectId, projects: args.known },
  });
}
