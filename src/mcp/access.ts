/**
 * What one MCP connection may do (DESIGN §6; issue #20 "Who may do what"; docs/decisions/
 * 0042): its capabilities — a daemon token's over HTTP, `brain mcp --capabilities` over stdio
 * — or none at all (the HTTP guest, without a token), and whether it is `--read-only`.
 *
 * - **Listed** (tools/list): read tools always; `propose` and `write` tools when the connection
 *   has the capability — and for the guest, so a client learns that a token unlocks them;
 *   `approve` tools (brain_approve, brain_reject) only with the approve capability. A
 *   `--read-only` connection lists read tools only, and any other is an unknown tool there.
 * - **Called** without the capability: `unauthorized` for the guest (send a token),
 *   `forbidden` for a token or process that lacks it (naming the capability). Nothing runs.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Capability } from '../model/capabilities.js';
import { toolErrorResult } from './errors.js';
import type { McpTool } from './tool-definition.js';

/** A connection's capabilities (null: the guest, no token) and whether it is read-only. */
export interface McpAccess {
  capabilities: readonly Capability[] | null;
  readOnly: boolean;
}

/** Whether `tool` exists on the connection at all (a read-only one has read tools only). */
export function available(tool: McpTool, access: McpAccess): boolean {
  return tool.access === 'read' || !access.readOnly;
}

/** Whether tools/list shows `tool` (see the module doc). */
export function listed(tool: McpTool, access: McpAccess): boolean {
  if (!available(tool, access)) return false;
  if (tool.access === 'read') return true;
  if (access.capabilities === null) return tool.access !== 'approve';
  return access.capabilities.includes(tool.access);
}

/** Null when the connection may call `tool`, else the `isError` result refusing it (nothing runs). */
export function refusal(tool: McpTool, access: McpAccess): CallToolResult | null {
  if (tool.access === 'read') return null;
  if (access.capabilities === null) {
    return toolErrorResult({
      code: 'unauthorized',
      message: `${tool.name} needs the ${tool.access} capability, and this connection has no token; nothing was written`,
      hint: 'send "Authorization: Bearer <token>" with a daemon token (`brain daemon token create --name <agent>`) that has it; or use `brain mcp` over stdio',
      data: { tool: tool.name, capability: tool.access },
    });
  }
  if (access.capabilities.includes(tool.access)) return null;
  return toolErrorResult({
    code: 'forbidden',
    message: `${tool.name} needs the ${tool.access} capability; this connection has ${access.capabilities.join(', ')}; nothing was written`,
    hint: tool.access === 'write' ? 'record it as a candidate with brain_propose instead: a person approves it' : `ask for a token (or a brain mcp --capabilities) with ${tool.access}`,
    data: { tool: tool.name, capability: tool.access, capabilities: [...access.capabilities] },
  });
}
