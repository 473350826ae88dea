/**
 * How one `tools/call` runs (MCP spec, tools/call): find the tool, check the connection's
 * capability for it (access.ts; DESIGN §6, issue #20), validate the arguments against the
 * tool's zod input schema, run it (a read tool on the connection's reader, a clone's or the
 * hub's; any other on the Brain), check its structured content against the tool's output
 * schema, and map any failure through errors.ts (or the context's `mapError`). Arguments that
 * do not match the input schema are an `isError` result `invalid_argument` (MCP spec
 * 2025-11-25, SEP-1303; docs/decisions/0097 — issue #3 had asked for `-32602`), as are refusals
 * of well-formed calls (issue #7, docs/decisions/0009); an unknown tool is `-32602`.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Brain } from '../service.js';
import type { ReadScope } from '../service/read-scope.js';
import { formatIssues } from '../model/validate.js';
import { invalidArguments, mapToolError, unknownTool } from './errors.js';
import { refusal, type McpAccess } from './access.js';
import { toolResult, type McpTool, type ToolOutput } from './tool-definition.js';

/**
 * What a call runs against: the reader of read tools; the clone's Brain and the agent its
 * writes are made by, for the other tools (null on the hub, which offers reads only; both owned
 * by the caller); the tools that exist on the connection, its access, and how a failure becomes
 * a result (default errors.ts `mapToolError`; the hub says its hints in tool terms).
 */
export interface CallContext {
  reader: ReadScope;
  writer: {
    brain: Brain;
    /** The agent name write tools record (asked per call: over stdio it is known once the client has initialized). */
    agent: () => string;
  } | null;
  tools: ReadonlyMap<string, McpTool>;
  access: McpAccess;
  mapError?: (err: unknown) => CallToolResult;
  /**
   * What a read's answer must say beside it, or null: a clone's branch that could not be
   * fast-forwarded to its upstream (docs/decisions/0092), so an agent is never handed an old
   * answer silently. Put before the text as `NOTICE: …` (our words, outside any `<brain-state>`).
   */
  notice?: () => string | null;
}

/** Runs a validated call: a read tool on the reader, any other on the Brain. */
function run(context: CallContext, tool: McpTool, args: never): Promise<ToolOutput> {
  if ('read' in tool) return tool.read(context.reader, args);
  if (context.writer === null) throw new Error(`${tool.name} needs a clone's Brain, and this server has none`);
  return tool.run(context.writer.brain, args, { agent: context.writer.agent() });
}

/**
 * The output, after checking it against the tool's outputSchema (the SDK's McpServer does the
 * same for its own handler). A mismatch is a bug in the tool: an Error, mapped to `-32603`.
 */
function checkedOutput(tool: McpTool, output: ToolOutput): ToolOutput {
  const checked = tool.outputSchema.safeParse(output.structured);
  if (!checked.success) throw new Error(`${tool.name} produced structuredContent that does not match its outputSchema: ${formatIssues(checked.error.issues)}`);
  return output;
}

/**
 * Runs `tool` with raw `args`. Returns the tool result, or an `isError` result for
 * `unauthorized`/`forbidden` (access.ts) and every BrainError of the service (validation,
 * `not_found`, `revision_conflict`, `forbidden` self-approval, operational codes) and for
 * arguments that do not match the input schema (`invalid_argument`, SEP-1303); throws McpError
 * `-32603` for bugs. The
 * capability is checked before the arguments, so an unauthorized caller learns nothing from
 * validation messages.
 */
export async function invokeTool(context: CallContext, tool: McpTool, args: unknown): Promise<CallToolResult> {
  const refused = refusal(tool, context.access);
  if (refused !== null) return refused;
  const parsed = tool.inputSchema.safeParse(args ?? {});
  if (!parsed.success) return invalidArguments(tool.name, parsed.error);
  try {
    const output = checkedOutput(tool, await run(context, tool, parsed.data as never));
    const notice = 'read' in tool ? (context.notice?.() ?? null) : null;
    return toolResult(notice === null ? output : { ...output, text: `NOTICE: ${notice}\n${output.text}` });
  } catch (err) {
    return (context.mapError ?? mapToolError)(err);
  }
}

/** `tools/call` by name; an unknown (or hidden) tool is `-32602 Tool <name> not found`. */
export function callTool(context: CallContext, params: { name: string; arguments?: Record<string, unknown> | undefined }): Promise<CallToolResult> {
  const tool = context.tools.get(params.name);
  if (!tool) return Promise.reject(unknownTool(params.name));
  return invokeTool(context, tool, params.arguments);
}
