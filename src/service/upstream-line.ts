/**
 * How the docs branch stands against its upstream in one line (issue #19), as `brain status`,
 * the brief's header and MCP `brain_status` print it. Types only besides this: loads nothing
 * (the CLI registers its commands without loading git code; issue #10 cold start).
 */
import type { UpstreamStatus } from './upstream-status.js';

/** The summary and, when needed, the fix: `2 commits ahead of origin/brain: … (…); run \`brain sync origin\``. */
export function upstreamLine(u: Pick<UpstreamStatus, 'summary' | 'fix'>): string {
  return u.fix ? `${u.summary}; run \`${u.fix}\`` : u.summary;
}
