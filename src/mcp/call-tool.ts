/**
 * How one `tools/call` runs (MCP spec, tools/call): find the tool, check the write capability
 * (DESIGN §6), validate the arguments against the tool's zod input schema, run it on the Brain,
 * check its structured content against the tool's output schema, and map any failure through
 * errors.ts. This replaces the SDK's own tools/call handler, which would turn arguments that do
 * not match the input schema into an `isError` result; issue #3 asks for the MCP
 * invalid-params error instead (`-32602`, JSON-RPC level). Refusals of well-formed calls are
 * `isError` results (issue #7, docs/decisions/0009).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Brain } from '../service.js';
import { formatIssues } from '../model/validate.js';
import { invalidArguments, mapToolError, unauthorizedResult, unknownTool } from './errors.js';
import { toolResult, type BrainTool, type ToolOutput } from './tool-definition.js';

/**
 * The write capability of a server (DESIGN §6): `enabled` (stdio, or HTTP with a valid bearer
 * token); `unauthorized` (HTTP without one: write tools are listed but every call fails with
 * `unauthorized` and writes nothing); `hidden` (stdio `--read-only`: write tools are not listed
 * and calling one is an unknown tool).
 */
export type WriteAccess = 'enabled' | 'unauthorized' | 'hidden';

/** What a call runs against: the Brain (owned by the caller), the offered tools, the capability, and the agent writes are made by. */
export interface CallContext {
  brain: Brain;
  tools: ReadonlyMap<string, BrainTool>;
  writes: WriteAccess;
  /** The agent name write tools record (asked per call: over stdio it is known once the client has initialized). */
  agent: () => string;
}

/**
 * The output, after checking it against the tool's outputSchema (the SDK's McpServer does the
 * same for its own handler). A mismatch is a bug in the tool: an Error, mapped to `-32603`.
 */
function checkedOutput(tool: BrainTool, output: ToolOutput): ToolOutput {
  const checked = tool.outputSchema.safeParse(output.structured);
  if (!checked.success) throw new Error(`${tool.name} produced structuredContent that does not match its outputSchema: ${formatIssues(checked.error.issues)}`);
  return output;
}

/**
 * Runs `tool` with raw `args`. Returns the tool result, or an `isError` result for
 * `unauthorized` and every BrainError of the service (validation, `not_found`,
 * `revision_conflict`, operational codes); throws McpError `-32602` for arguments that do not
 * match the input schema, `-32603` for bugs. The capability is checked before the arguments,
 * so an unauthorized caller learns nothing from validation messages.
 */
export async function invokeTool(context: CallContext, tool: BrainTool, args: unknown): Promise<CallToolResult> {
  if (tool.access === 'write' && context.writes !== 'enabled') return unauthorizedResult(tool.name);
  const parsed = tool.inputSchema.safeParse(args ?? {});
  if (!parsed.success) throw invalidArguments(tool.name, parsed.error);
  try {
    return toolResult(checkedOutput(tool, await tool.run(context.brain, parsed.data, { agent: context.agent() })));
  } catch (err) {
    return mapToolError(err);
  }
}

/** `tools/call` by name; an unknown (or hidden) tool is `-32602 Tool <name> not found`. */
export function callTool(context: CallContext, params: { name: string; arguments?: Record<string, unknown> | undefined }): Promise<CallToolResult> {
  const tool = context.tools.get(params.name);
  if (!tool) return Promise.reject(unknownTool(params.name));
  return invokeTool(context, tool, params.arguments);
}
