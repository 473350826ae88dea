/**
 * The MCP tools of Project Brain (issues #3, #7, #22, DESIGN §6), in tools/list order:
 * - overview: brain_context (the re-entry brief: start here), brain_status, brain_projects;
 * - entry reads: brain_get, brain_list, brain_search, brain_history;
 * - candidates (issue #20): brain_propose, brain_candidates, brain_approve, brain_reject;
 * - writes: brain_append, brain_revise, brain_resolve, brain_supersede, brain_clear_blocker.
 * The reads are written once over the read contract (src/service/read-scope.ts): a clone
 * serves every tool ({@link brainTools}), the hub the reads over repositories
 * ({@link repoReadTools}). Names match `^[a-zA-Z0-9_-]{1,64}$`.
 */
import { candidatesTool } from './candidate-read-tool.js';
import { approvalTools, proposeTool } from './candidate-tools.js';
import { overviewTools } from './overview-tools.js';
import { entryReadTools } from './read-tools.js';
import type { McpTool, ReadTool } from './tool-definition.js';
import { writeTools } from './write-tools.js';

export type { BrainTool, McpTool, ReadTool, ToolOutput } from './tool-definition.js';

/** Every tool of a clone, in tools/list order. */
export function brainTools(): McpTool[] {
  return [...overviewTools, ...entryReadTools].map((t) => t.clone as McpTool).concat(proposeTool, candidatesTool.clone, ...approvalTools, ...writeTools());
}

/** The read tools over repositories (the hub's MCP), in tools/list order. */
export function repoReadTools(): ReadTool[] {
  return [...overviewTools, ...entryReadTools, candidatesTool].map((t) => t.repos);
}

/** The names of the tools that write anything (hidden on read-only servers, refused without their capability: access.ts). */
export function writeToolNames(): string[] {
  return brainTools().filter((t) => t.access !== 'read').map((t) => t.name);
}
