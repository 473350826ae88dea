/**
 * The optional envelope fields of an entry that are set, as `[label, value]` pairs in display
 * order (confidence, tags, tasks, related, supersedes, paths, one pair per citation), and who
 * wrote a revision. Pure; shared by the CLI's, MCP's and review's text renderings so all show
 * the same facts.
 */
import type { Entry } from './entry.js';
import { describeApprover } from './candidate-id.js';

/**
 * Who wrote a revision, for people (docs/decisions/0032): `Alice Example` when she wrote it,
 * `claude-code for Alice Example` when an agent wrote it on her behalf.
 */
export function writtenBy(entry: Pick<Entry, 'author' | 'agent'>): string {
  return entry.agent === undefined ? entry.author : `${entry.agent} for ${entry.author}`;
}

/** The writer fields of a revision (an entry's or a candidate's): `{author, agent?}`, `agent` only when an agent wrote it. */
export function writerOf(revision: { author: string; agent?: string | undefined }): { author: string; agent?: string } {
  return { author: revision.author, ...(revision.agent !== undefined ? { agent: revision.agent } : {}) };
}

/** `[['tags', 'db, cache'], ['cites', 'file src/a.ts#L3'], …]` for the fields `entry` sets; `approval` names the candidate, its proposer and approver (docs/decisions/0042). */
export function setFieldPairs(entry: Entry): [label: string, value: string][] {
  const pairs: [string, string][] = [];
  if (entry.confidence !== null) pairs.push(['confidence', String(entry.confidence)]);
  if (entry.tags.length) pairs.push(['tags', entry.tags.join(', ')]);
  if (entry.related_task_ids.length) pairs.push(['tasks', entry.related_task_ids.join(', ')]);
  if (entry.related_entry_ids.length) pairs.push(['related', entry.related_entry_ids.join(', ')]);
  if (entry.supersedes_entry_id) pairs.push(['supersedes', entry.supersedes_entry_id]);
  if (entry.paths.length) pairs.push(['paths', entry.paths.join(', ')]);
  for (const c of entry.citations) pairs.push(['cites', `${c.source_kind} ${c.source_ref}${c.locator ? `#${c.locator}` : ''}`]);
  if (entry.approval) pairs.push(['approval', `${entry.approval.candidate_id}, proposed by ${describeApprover(entry.approval.proposed_by)}, approved by ${describeApprover(entry.approval.approved_by)}`]);
  return pairs;
}
