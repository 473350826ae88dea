/**
 * The MCP surface's one mapping from failures to MCP results (DESIGN §10: one place per
 * surface). Two shapes, chosen by what an agent can do about the failure:
 *
 * - **Protocol error** (JSON-RPC error, thrown {@link McpError}): the request itself is wrong
 *   and the agent must change its arguments — invalid arguments (zod), the validation codes
 *   `invalid_entry`, `illegal_status`, `invalid_argument`, `ambiguous_id` → `-32602
 *   InvalidParams` (issue #3); an unknown tool → `-32602`; a bug → `-32603 InternalError`.
 *   `error.data` is `{code, message, hint?, data?}`; nothing was written.
 * - **Tool execution error** (`isError: true` result, MCP spec "Tool Execution Errors"): the
 *   request was well-formed but the state of the brain or the connection says no —
 *   `not_found`, `revision_conflict` (names the current revision in `message` and in
 *   `data.current_revision`), `unauthorized` (no write capability), and operational codes
 *   (`not_initialized`, `lock_timeout`, `git_error`, …). `structuredContent` is
 *   `{error: {code, message, hint?, data?}}`, the text is `code: message` + `hint:`. Agents read
 *   these in their context and can act (re-read and retry, pick another id, stop writing).
 */
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { BrainError, VALIDATION_CODES } from '../model/errors.js';
import { formatIssues } from '../model/validate.js';

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

function bodyOf(err: BrainError): ToolErrorBody {
  const hint = mcpHint(err);
  return { code: err.code, message: err.message, ...(hint ? { hint } : {}), ...(Object.keys(err.data).length ? { data: err.data } : {}) };
}

/** An `isError: true` tool result carrying `{error: body}` and a two-line text rendering. */
export function toolErrorResult(body: ToolErrorBody): CallToolResult {
  const text = `${body.code}: ${body.message}${body.hint ? `\nhint: ${body.hint}` : ''}`;
  return { isError: true, content: [{ type: 'text', text }], structuredContent: { error: body } };
}

/**
 * What a tool call that threw `err` answers: returns an `isError` result for state and
 * operational failures, throws {@link McpError} for validation codes (`-32602`) and for
 * anything that is not a {@link BrainError} (`-32603`, a bug).
 */
export function mapToolError(err: unknown): CallToolResult {
  if (err instanceof McpError) throw err;
  if (!(err instanceof BrainError)) {
    const message = err instanceof Error ? err.message : String(err);
    throw mcpError(ErrorCode.InternalError, `internal error: ${message}`, { code: 'internal', message, hint: 'this is a bug in brain; please report it' });
  }
  const body = bodyOf(err);
  if (VALIDATION_CODES.has(err.code)) {
    throw mcpError(ErrorCode.InvalidParams, `${body.message}${body.hint ? ` (hint: ${body.hint})` : ''}`, body);
  }
  return toolErrorResult(body);
}

/** `-32602` for arguments that fail the tool's zod input schema: `Invalid arguments for <tool>: <path>: <zod message>; …`. */
export function invalidArguments(tool: string, error: z.ZodError): McpError {
  const message = `Invalid arguments for ${tool}: ${formatIssues(error.issues)}`;
  return mcpError(ErrorCode.InvalidParams, message, { code: 'invalid_argument', message, hint: 'see the tool inputSchema (tools/list)' });
}

/** `-32602` for a tool name this server does not offer (as the SDK answers). */
export function unknownTool(name: string): McpError {
  return mcpError(ErrorCode.InvalidParams, `Tool ${name} not found`, { code: 'unknown_tool', message: `no tool ${name} on this server`, hint: 'see tools/list' });
}

/**
 * The result of a write tool on a connection without the write capability (DESIGN §6: over
 * HTTP, a bearer token from `.git/brain/token`). Nothing was written.
 */
export function unauthorizedResult(tool: string): CallToolResult {
  return toolErrorResult({
    code: 'unauthorized',
    message: `${tool} needs the write capability, which this connection does not have; nothing was written`,
    hint: 'over HTTP send "Authorization: Bearer <token>" with the token from .git/brain/token (mode 0600); or use `brain mcp` over stdio',
    data: { tool },
  });
}
