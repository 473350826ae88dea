/**
 * The MCP surface's one mapping from failures to MCP results (DESIGN §10: one place per
 * surface; MCP spec 2025-06-18 / 2025-11-25, tools "Error Handling"; docs/decisions/0009).
 *
 * - **Protocol error** (JSON-RPC error, thrown {@link McpError}) only when the request cannot be
 *   run at all: an unknown (or hidden) tool → `-32602`; a bug (anything that is not a
 *   {@link BrainError}) → `-32603 InternalError`. `error.data` is `{code, message, hint?, data?}`;
 *   nothing was written.
 * - **Arguments that do not match the tool's zod input schema** (the inputSchema published in
 *   tools/list) are a tool execution error `invalid_argument` with the zod message and a hint
 *   (MCP spec 2025-11-25, SEP-1303 "Input Validation Errors as Tool Execution Errors": the model
 *   sees the message and corrects the call; a JSON-RPC error stops at the client). Until
 *   docs/decisions/0097 they were `-32602`.
 * - **Tool execution error** (`isError: true` result) for every {@link BrainError} the service
 *   throws for a well-formed call — validation (`invalid_entry`, `illegal_status`,
 *   `invalid_argument`, `ambiguous_id`, `secret_detected`: a credential in a field), state
 *   (`not_found`, `revision_conflict`, which names the current revision in `message` and
 *   `data.current_revision`), capability (`unauthorized`, `forbidden`: src/mcp/access.ts; a
 *   self-approval) and
 *   operational codes (`not_initialized`, `lock_timeout`, `git_error`, …). `structuredContent` is
 *   `{error: {code, message, hint?, data?}}` (output-schemas.ts `ToolErrorOutput`), the text is
 *   `code: message` + `hint: …`. Clients hand these to the model, which can correct itself
 *   (fix the status, re-read and retry with the right expected_revision, pick another id).
 */
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { BrainError } from '../model/errors.js';
import { formatIssues } from '../model/validate.js';
import { neutralizeDeep } from './summaries.js';

/** The body of a tool execution error (`structuredContent.error`) and of `McpError.data`. */
export interface ToolErrorBody {
  code: string;
  message: string;
  hint?: string;
  data?: Record<string, unknown>;
}

/** An McpError whose wire message is `message` itself (the SDK would prefix `MCP error N:`, twice). */
function mcpError(code: ErrorCode, message: string, data?: ToolErrorBody): McpError {
  const error = new McpError(code, message, data);
  error.message = message;
  return error;
}

/**
 * The service's hints, said in tool terms where they name CLI commands an agent would call
 * instead of a tool (CAS, not found, lifecycle); hints about starting the server stay as they are.
 */
function mcpHint(err: BrainError): string | undefined {
  const id = typeof err.data['entry_id'] === 'string' ? err.data['entry_id'] : undefined;
  if (err.code === 'revision_conflict' && id) {
    const current = err.data['current_revision'];
    return `call brain_get {"entry_id": "${id}"} to read revision ${String(current)}, then retry with "expected_revision": ${String(current)}`;
  }
  const candidateId = typeof err.data['candidate_id'] === 'string' ? err.data['candidate_id'] : undefined;
  if (err.code === 'not_found' && candidateId && id) {
    const written = err.data['written_entry_id'];
    const read = `brain_candidates {"candidate_id": "${candidateId}"}`;
    return typeof written === 'string' ? `call brain_get {"entry_id": "${written}"}: the entry its approval wrote (the candidate: ${read})` : `read it with ${read}${err.data['candidate_status'] === 'pending' ? '; it becomes an entry when a person approves it' : ''}`;
  }
  if (err.code === 'not_found') {
    return id && err.data['revision'] !== undefined
      ? `see the revisions that exist with brain_history {"entry_id": "${id}"}`
      : 'find entry ids with brain_list or brain_search (any unique id prefix works)';
  }
  // Hints about how to start the server (`brain init`, `--branch`, `--project`) stay as they are.
  return err.hint
    ?.replace(/^revise it with/, 'call brain_revise with')
    .replace(/--status (\w+)/g, 'status "$1"')
    .replace(/use revise or supersede/, 'use brain_revise or brain_supersede');
}

/**
 * The error body of `err`, neutralized (DESIGN §7): messages and hints may quote entry text — a
 * candidate's title in an approval's hint (decision 0067), an id or label asked for — and reach
 * the model like any tool result, so no `<brain-state>` look-alike survives in them.
 */
function bodyOf(err: BrainError): ToolErrorBody {
  const hint = mcpHint(err);
  return neutralizeDeep({ code: err.code, message: err.message, ...(hint ? { hint } : {}), ...(Object.keys(err.data).length ? { data: err.data } : {}) });
}

/** An `isError: true` tool result carrying `{error: body}` and a two-line text rendering. */
export function toolErrorResult(body: ToolErrorBody): CallToolResult {
  const text = `${body.code}: ${body.message}${body.hint ? `\nhint: ${body.hint}` : ''}`;
  return { isError: true, content: [{ type: 'text', text }], structuredContent: { error: body } };
}

/**
 * What a tool call that threw `err` answers: an `isError` result for every {@link BrainError}
 * (whatever its code); throws an {@link McpError} as is, and `-32603` for anything else (a bug).
 */
export function mapToolError(err: unknown): CallToolResult {
  if (err instanceof McpError) throw err;
  if (err instanceof BrainError) return toolErrorResult(bodyOf(err));
  const message = err instanceof Error ? err.message : String(err);
  throw mcpError(ErrorCode.InternalError, `internal error: ${message}`, { code: 'internal', message, hint: 'this is a bug in brain; please report it' });
}

/**
 * The `isError` result for arguments that fail the tool's zod input schema (SEP-1303, above):
 * `invalid_argument`, `Invalid arguments for <tool>: <path>: <zod message>; …`, and a hint.
 */
export function invalidArguments(tool: string, error: z.ZodError): CallToolResult {
  const message = `Invalid arguments for ${tool}: ${formatIssues(error.issues)}`;
  return toolErrorResult(neutralizeDeep({ code: 'invalid_argument', message, hint: invalidArgumentsHint(error) }));
}

/**
 * The hint of {@link invalidArguments}: the inputSchema; for a missing `repo` on the hub, where
 * the repository names are; or — for a `project` or `repo` argument,
 * which a clone's tools do not take (they read and write the one project the server was started
 * for; the hub's take both) — where the other projects are and how to reach one
 * (docs/decisions/0054).
 */
function invalidArgumentsHint(error: z.ZodError): string {
  if (error.issues.some((issue) => issue.path[0] === 'repo' && issue.code === 'invalid_type')) {
    return 'on the hub, repo names the repository holding the entry: every brain_search and brain_list row starts with it, brain_projects lists them';
  }
  const scoped = error.issues.some((issue) => issue.code === 'unrecognized_keys' && issue.keys.some((key) => key === 'project' || key === 'repo'));
  const tooLong = error.issues.find((issue) => issue.code === 'too_big' && issue.origin === 'string');
  if (!scoped && tooLong) return `${tooLong.path.join('.') || 'a text'} holds at most ${String((tooLong as { maximum: number | bigint }).maximum)} characters: shorten it, or put the long text in a file of the repository and cite it (citations: {source_kind: "file", source_ref: "<path>"})`;
  if (!scoped) return 'see the tool inputSchema (tools/list)';
  return 'this server reads and writes one project, the project_id brain_projects names beside the others; leave project out, or have the user start a server for another project: brain mcp --project <project_id>';
}

/** `-32602` for a tool name this server does not offer (as the SDK answers). */
export function unknownTool(name: string): McpError {
  return mcpError(ErrorCode.InvalidParams, `Tool ${name} not found`, { code: 'unknown_tool', message: `no tool ${name} on this server`, hint: 'see tools/list' });
}
