/**
 * Hints as a hub client reads them (issue #11, #7 "every error a user sees has a hint"). The
 * shared defaults (src/model/errors.ts DEFAULT_HINTS) speak to someone inside a clone: `brain
 * list`, `brain show <id>`, `brain doctor`. A hub client has no clone; it has the hub's routes
 * (`GET /api/repos`, …), and its operator has `brain hub …`. A BrainError thrown without a
 * specific hint (its hint is the shared default) is answered on the hub with the hub's default
 * below; specific hints given at the throw site are kept. The daemon's hints are untouched.
 */
import { BrainError, DEFAULT_HINTS, type BrainErrorCode } from '../model/errors.js';

/** The hub's default hint per code (exhaustive: a new code fails to compile until it has one). */
export const HUB_DEFAULT_HINTS: Readonly<Record<BrainErrorCode, string>> = {
  not_found: 'see GET /api/repos for the repositories you can read, GET /api/entries for their entries',
  ambiguous_id: 'give the full entry id (GET /api/entries lists them)',
  revision_conflict: 'the hub serves no writes: write in the repository itself; the hub picks the push up',
  conflict: 'the hub serves no writes: write in the repository itself; the hub picks the push up',
  invalid_entry: 'a file of the repository failed to validate: GET /api/problems lists them',
  illegal_status: 'use one of the legal statuses named above',
  invalid_argument: 'see the hub routes and their query parameters: GET /api/repos, /api/entries, /api/search, /api/projects, /api/candidates, /api/brief',
  invalid_identity: 'the hub serves no writes: write in the repository itself',
  not_a_repository: "the hub's mirror of this repository is missing: the operator runs `brain hub sync <name>`",
  not_initialized: 'this repository has no docs branch the hub could project yet: GET /api/repos shows its last sync error',
  branch_exists: 'nothing to do',
  lock_timeout: 'the hub is busy projecting this repository; retry in a moment',
  ref_locked: 'the hub is busy fetching this repository; retry in a moment',
  ref_conflict: 'the branch moved while the hub read it; retry in a moment',
  unsupported_format: 'this docs branch was written by a newer brain: the operator upgrades the hub',
  verify_failed: 'GET /api/problems lists the files that failed to parse or validate',
  git_error: "the hub could not read its mirror of this repository: the operator runs `brain hub sync <name>` and checks the hub's log",
  io_error: "a failure on the hub's side: the operator checks the hub's log (stderr), its directory and its database",
  ambiguous_remote: 'the operator registers the repository by the URL of one remote (`brain hub add <url>`)',
  remote_error: 'the hub could not fetch this repository: GET /api/repos shows its last sync error; the hub retries at its next sync',
  unauthorized: 'send "Authorization: Bearer <token>" with a hub token (the operator issues them with `brain hub token create`)',
  forbidden: 'ask for a token whose scope and capabilities cover this request',
  secret_detected: 'the hub serves no writes: remove the credential where the entry is written, in the repository itself',
};

/** The hint of an `internal` error (a bug or an outage) answered by the hub. */
export const HUB_INTERNAL_HINT = "see the hub's log (stderr) for details; this is a bug in brain or an outage of its database";

/**
 * `err` as the hub answers it: a BrainError carrying the shared default hint gets the hub's
 * (same code, message, data; `cause` is `err`); anything else is returned as is.
 */
export function hubError(err: unknown): unknown {
  if (!(err instanceof BrainError) || err.hint !== DEFAULT_HINTS[err.code]) return err;
  return new BrainError(err.code, err.message, { hint: HUB_DEFAULT_HINTS[err.code], data: err.data, cause: err });
}

const TOOL_FOR_ROUTE: [RegExp, string][] = [
  [/GET \/api\/repos\b/g, 'brain_status'],
  [/GET \/api\/problems\b/g, 'brain_status'],
  [/GET \/api\/projects\b/g, 'brain_projects'],
  [/(?:GET )?\/api\/entries\b/g, 'brain_list'],
  [/(?:GET )?\/api\/search\b/g, 'brain_search'],
  [/(?:GET )?\/api\/brief\b/g, 'brain_context'],
];

/** A hub hint said in MCP tool terms (`GET /api/repos` → `brain_status`, …) for the hub's MCP tools. */
export function toolHint(hint: string): string {
  return TOOL_FOR_ROUTE.reduce((text, [route, tool]) => text.replace(route, tool), hint).replace(/see the hub routes and their query parameters: .*/, 'see the tool inputSchema (tools/list)');
}

const PAGE_FOR_ROUTE: [RegExp, string][] = [
  [/GET \/api\/repos\b/g, 'the Repositories page (/repos)'],
  [/GET \/api\/problems\b/g, 'the Repositories page (/repos)'],
  [/GET \/api\/projects\b/g, 'the board (/)'],
  [/(?:GET )?\/api\/entries\b/g, 'the board (/)'],
  [/(?:GET )?\/api\/search\b/g, 'Search (/search)'],
  [/(?:GET )?\/api\/brief\b/g, 'the Brief page (/brief)'],
];

/**
 * A hub hint said in the dashboard's terms (`GET /api/repos` → `the Repositories page (/repos)`,
 * …) for a person on the hub's pages, who has no REST client at hand (decision 0088).
 */
export function pageHint(hint: string): string {
  return PAGE_FOR_ROUTE.reduce((text, [route, page]) => text.replace(route, page), hint).replace(/see the hub routes and their query parameters: .*/, 'check the filters of the page and the query parameters of its address');
}
