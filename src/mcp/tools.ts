/**
 * The MCP tools of Project Brain (issues #3 and #7, DESIGN §6), in tools/list order:
 * - overview: brain_context (the re-entry brief: start here), brain_status, brain_projects;
 * - entry reads: brain_get, brain_list, brain_search, brain_history;
 * - candidates (issue #20): brain_propose, brain_candidates, brain_approve, brain_reject;
 * - writes: brain_append, brain_revise, brain_resolve, brain_supersede, brain_clear_blocker.
 * Every tool is a thin adapter over the service's Brain; names match `^[a-zA-Z0-9_-]{1,64}$`.
 */
import { overviewTools } from './overview-tools.js';
import { readTools } from './read-tools.js';
import type { BrainTool } from './tool-definition.js';
import { writeTools } from './write-tools.js';
import { candidateTools } from './candidate-tools.js';

export type { BrainTool, ToolOutput } from './tool-definition.js';

/** Every tool, in tools/list order. */
export function brainTools(): BrainTool[] {
  return [...overviewTools(), ...readTools(), ...candidateTools(), ...writeTools()];
}

/** The names of the tools that write anything (hidden on read-only servers, refused without their capability: access.ts). */
export function writeToolNames(): string[] {
  return brainTools().filter((t) => t.access !== 'read').map((t) => t.name);
}
