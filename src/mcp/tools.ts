/**
 * The MCP tools of Project Brain (issues #3 and #7, DESIGN §6), in tools/list order:
 * - overview: brain_context (the re-entry brief: start here), brain_status, brain_projects;
 * - entry reads: brain_get, brain_list, brain_search, brain_history;
 * - writes: brain_append, brain_revise, brain_resolve, brain_supersede, brain_clear_blocker.
 * Every tool is a thin adapter over the service's Brain; names match `^[a-zA-Z0-9_-]{1,64}$`.
 */
import { overviewTools } from './overview-tools.js';
import { readTools } from './read-tools.js';
import type { BrainTool } from './tool-definition.js';
import { writeTools } from './write-tools.js';

export type { BrainTool, ToolOutput } from './tool-definition.js';

/** Every tool, in tools/list order. */
export function brainTools(): BrainTool[] {
  return [...overviewTools(), ...readTools(), ...writeTools()];
}

/** The names of the write tools (hidden on read-only servers, refused without the capability). */
export function writeToolNames(): string[] {
  return writeTools().map((t) => t.name);
}
