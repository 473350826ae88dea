/**
 * The common shape of the MCP tools of Project Brain (issues #3, #7): MCP metadata, zod input
 * and output schemas and what the tool runs — a read tool on a {@link ReadScope} (a clone's or
 * the hub's: issue #22), any other on a clone's {@link Brain}; how a tool is described in
 * tools/list (JSON Schemas); how an output becomes a tool result; and which MCP annotations a
 * read or write tool carries (MCP spec: Tool, ToolAnnotations, "Output Schema").
 */
import type { CallToolResult, Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Brain } from '../service.js';
import type { Capability } from '../model/capabilities.js';
import type { ReadScope } from '../service/read-scope.js';
import { ToolErrorOutput } from './output-schemas.js';

/** What a tool computed: structured content (a JSON object matching its outputSchema) and its short text rendering. */
export interface ToolOutput<T = Record<string, unknown>> {
  structured: T;
  text: string;
}

/** What a call knows besides its arguments: the agent its writes are attributed to (docs/decisions/0032). */
export interface ToolCall {
  agent: string;
}

/** What every tool declares: its MCP metadata and its zod input and output schemas. */
interface ToolShape<S extends z.ZodObject, O extends z.ZodObject> {
  /** `brain_*`, matching `^[a-zA-Z0-9_-]{1,64}$` (clients reject colons; DESIGN §6). */
  name: string;
  title: string;
  /** Written for an agent that has never seen the brain (issue #3). */
  description: string;
  /** The capability a call needs (access.ts): `read` tools need none; the others are hidden on read-only servers. */
  access: Capability;
  inputSchema: S;
  /** The shape of `structuredContent` on success (src/mcp/output-schemas.ts). */
  outputSchema: O;
}

/** A tool that runs on a clone's {@link Brain}: the writes, proposals and approvals (a hub serves none). */
export interface BrainTool<S extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> extends ToolShape<S, O> {
  /** Errors: {@link BrainError} (mapped by errors.ts); the input was validated against `inputSchema`. Write tools write as `call.agent`. */
  run(brain: Brain, args: z.output<S>, call: ToolCall): Promise<ToolOutput<z.input<O>>>;
}

/** A read tool: runs on any {@link ReadScope}, a clone's or the hub's (read-tools.ts). */
export interface ReadTool<S extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> extends ToolShape<S, O> {
  access: 'read';
  /** Errors: {@link BrainError} (mapped by errors.ts); the input was validated against `inputSchema`. */
  read(reader: ReadScope, args: z.output<S>): Promise<ToolOutput<z.input<O>>>;
}

/** Any tool a server offers. */
export type McpTool = BrainTool | ReadTool;

/** A tool with its input and output types checked against its schemas, erased to the common shape. */
export function defineTool<S extends z.ZodObject, O extends z.ZodObject>(tool: BrainTool<S, O>): BrainTool {
  return tool as unknown as BrainTool;
}

/**
 * A read tool written once for both kinds of reader (issue #22): the clone's schemas, and the
 * ones over repositories (repo-tool-schemas.ts: `repo`, `project`, `repo` on every row). `read`
 * gets the arguments of either (the hub's fields absent on a clone).
 */
export interface ReadToolSpec<C extends z.ZodObject, R extends z.ZodObject> {
  name: string;
  title: string;
  /** Per reader: `spans` true over repositories. */
  description: (spans: boolean) => string;
  clone: { input: C; output: z.ZodObject };
  repos: { input: R; output: z.ZodObject };
  read(reader: ReadScope, args: z.output<C> & Partial<z.output<R>>): Promise<ToolOutput>;
}

/** The two tools of a {@link ReadToolSpec}: over a clone and over repositories (built once: describeTool memoizes per tool). */
export interface ReadToolPair {
  clone: ReadTool;
  repos: ReadTool;
}

/** See {@link ReadToolSpec}. */
export function defineReadTool<C extends z.ZodObject, R extends z.ZodObject>(spec: ReadToolSpec<C, R>): ReadToolPair {
  const tool = (spans: boolean, schemas: { input: z.ZodObject; output: z.ZodObject }): ReadTool =>
    ({ name: spec.name, title: spec.title, access: 'read', description: spec.description(spans), inputSchema: schemas.input, outputSchema: schemas.output, read: spec.read as ReadTool['read'] });
  return { clone: tool(false, spec.clone), repos: tool(true, spec.repos) };
}

/** MCP tool annotations for a read tool, or a tool that writes (proposals, entries, decisions append revisions: never destructive). */
export function annotationsOf(tool: McpTool): ToolAnnotations {
  return tool.access === 'read'
    ? { title: tool.title, readOnlyHint: true, openWorldHint: false }
    : { title: tool.title, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
}

/** JSON Schema (draft-07, as the SDK publishes zod schemas) of a zod schema, as accepted (`input`) or as produced (`output`). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, { io, target: 'draft-7' }) as Record<string, unknown>;
}

const described = new WeakMap<McpTool, Tool>();

/**
 * The tools/list entry of `tool` (memoized: the daemon builds a server per request). The
 * `outputSchema` is `{type: "object", anyOf: [<success shape>, <ToolErrorOutput>]}`: the
 * structured content of every result — success or `isError` refusal — satisfies it, so a client
 * that validates error results too (SDK 1.x `Client.callTool` does) still delivers refusals.
 */
export function describeTool(tool: McpTool): Tool {
  let entry = described.get(tool);
  if (!entry) {
    const output = jsonSchema(z.union([tool.outputSchema, ToolErrorOutput]), 'output');
    entry = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: jsonSchema(tool.inputSchema, 'input') as Tool['inputSchema'],
      outputSchema: { ...output, type: 'object' } as Tool['outputSchema'],
      annotations: annotationsOf(tool),
    };
    described.set(tool, entry);
  }
  return entry;
}

/** The tool result for an output: `structuredContent` plus one text block. */
export function toolResult(output: ToolOutput): CallToolResult {
  return { content: [{ type: 'text', text: output.text }], structuredContent: output.structured };
}
