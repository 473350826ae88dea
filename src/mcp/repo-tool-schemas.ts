/**
 * The read tools' schemas where the reader spans repositories (the hub; issue #11 "the same
 * tools … plus a `repo` dimension", issue #22 one tool set): a clone's input schema
 * (tool-schemas.ts) plus `repo` — optional for reads over many entries, required where an entry
 * or candidate is named (ids are per repository) — and `project`; a clone's output schema plus
 * `repo` on every row. Where the hub answers more than a clone: brain_list's `by_repo` facet,
 * brain_context's `groups`; brain_status reports repositories.
 */
import { z } from 'zod';
import { LIMITS } from '../model/limits.js';
import { CandidateOutput, CandidatesOutput } from './candidate-output-schemas.js';
import { ContextOutput, GetOutput, HistoryOutput, ListOutput, ProjectsOutput, SearchOutput } from './output-schemas.js';
import { CandidatesInput, ContextInput, GetInput, HistoryInput, listFields, ProjectsInput, searchFields, StatusInput, withKindRule } from './tool-schemas.js';

const repoName = z.string().min(1).max(100);
const optionalRepo = repoName.optional().describe('a repository name of this hub (see brain_status); omit for every repository you can read');
const requiredRepo = repoName.describe('the repository the id belongs to (every brain_list and brain_search row names it)');
const project = z.string().min(1).max(64).optional().describe('only this project');
const fullId = z.string().min(1).max(LIMITS.ref).describe('a full entry id, as brain_list and brain_search give it');
const repo = z.string().describe('the repository of this row');

/** The input schemas of the read tools over repositories, by tool name. */
export const RepoInputs = {
  brain_list: withKindRule(z.strictObject({
    repo: optionalRepo, project, ...listFields,
    by_repo: z.boolean().optional().describe('also count every match per repository (by_repo in the result)'),
  }), { required: false }),
  brain_get: GetInput.extend({ repo: requiredRepo, entry_id: fullId }),
  brain_history: HistoryInput.extend({ repo: requiredRepo, entry_id: fullId }),
  brain_search: withKindRule(z.strictObject({ ...searchFields, repo: optionalRepo, project }), { required: false }),
  brain_context: ContextInput.extend({ repo: optionalRepo, project }),
  brain_projects: ProjectsInput.extend({ repo: optionalRepo }),
  brain_status: StatusInput.extend({ repo: optionalRepo }),
  brain_candidates: CandidatesInput.extend({ repo: optionalRepo.describe('a repository name of this hub; required with candidate_id, else omit for every repository you can read'), project }),
};

const withRepo = <T extends z.ZodObject>(row: T) => row.extend({ repo });

/** The output schemas of the read tools over repositories, by tool name. */
export const RepoOutputs = {
  brain_list: ListOutput.extend({
    entries: z.array(withRepo(ListOutput.shape.entries.element)),
    by_repo: z.array(z.strictObject({ repo: z.string(), entries: z.number().int().min(0) })).optional().describe('with by_repo: every match per repository'),
  }),
  brain_get: withRepo(GetOutput),
  brain_history: withRepo(HistoryOutput),
  brain_search: SearchOutput.extend({ hits: z.array(withRepo(SearchOutput.shape.hits.element)) }),
  brain_context: ContextOutput.extend({
    groups: z.array(z.strictObject({ repo: z.string(), project_id: z.string(), included: z.boolean() })).describe('the (repository, project) briefs: included, or only named (budget)'),
  }),
  brain_projects: z.strictObject({ projects: z.array(withRepo(ProjectsOutput.shape.projects.element)) }),
  brain_status: z.strictObject({
    repos: z.array(z.looseObject({
      name: z.string(), projected_oid: z.string().nullable(), entries: z.number().int().min(0), problems: z.number().int().min(0),
      last_error: z.looseObject({ code: z.string(), message: z.string() }).nullable(),
    })).describe('the repositories you can read: source, projected commit, last sync and its error, visible entry and problem counts'),
    problems: z.array(z.strictObject({ repo: z.string(), path: z.string(), code: z.string(), message: z.string() })).describe('files of their branches that failed to parse or validate'),
  }),
  brain_candidates: CandidatesOutput.extend({ candidates: z.array(withRepo(CandidateOutput)) }),
};
