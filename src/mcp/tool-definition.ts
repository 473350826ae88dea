/**
 * The common shape of the MCP tools of Project Brain (issue #3): MCP metadata, a zod input
 * schema and what the tool runs on a {@link Brain}; plus how an output becomes a tool result
 * and which MCP annotations a read or write tool carries (MCP spec: ToolAnnotations).
 */
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Brain } from '../service.js';

/** What a tool computed: structured content (a JSON object) and its short text rendering. */
export interface ToolOutput {
  structured: Record<string, unknown>;
  text: string;
}

/** One tool: its MCP metadata, its zod input schema and what it runs on a {@link Brain}. */
export interface BrainTool<S extends z.ZodObject = z.ZodObject> {
  /** `brain_*`, matching `^[a-zA-Z0-9_-]{1,64}$` (clients reject colons; DESIGN §6). */
  name: string;
  title: string;
  /** Written for an agent that has never seen the brain (issue #3). */
  description: string;
  /** `write` tools need the write capability (DESIGN §6) and are hidden on read-only servers. */
  access: 'read' | 'write';
  inputSchema: S;
  /** Errors: {@link BrainError} (mapped by errors.ts); the input was validated against `inputSchema`. */
  run(brain: Brain, args: z.output<S>): Promise<ToolOutput>;
}

/** A tool with its input type checked against its schema, erased to the common shape. */
export function defineTool<S extends z.ZodObject>(tool: BrainTool<S>): BrainTool {
  return tool as unknown as BrainTool;
}

/** MCP tool annotations for a read or write tool (writes append revisions: never destructive). */
export function annotationsOf(tool: BrainTool): ToolAnnotations {
  return tool.access === 'read'
    ? { title: tool.title, readOnlyHint: true, openWorldHint: false }
    : { title: tool.title, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
}

/** The tool result for an output: `structuredContent` plus one text block. */
export function toolResult(output: ToolOutput): CallToolResult {
  return { content: [{ type: 'text', text: output.text }], structuredContent: output.structured };
}
