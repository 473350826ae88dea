/**
 * The optional envelope fields of an entry that are set, as `[label, value]` pairs in display
 * order (confidence, tags, tasks, related, supersedes, paths, one pair per citation). Pure;
 * shared by the CLI's and MCP's text renderings so both show the same facts.
 */
import type { Entry } from './entry.js';

/** `[['tags', 'db, cache'], ['cites', 'file src/a.ts#L3'], …]` for the fields `entry` sets. */
export function setFieldPairs(entry: Entry): [label: string, value: string][] {
  const pairs: [string, string][] = [];
  if (entry.confidence !== null) pairs.push(['confidence', String(entry.confidence)]);
  if (entry.tags.length) pairs.push(['tags', entry.tags.join(', ')]);
  if (entry.related_task_ids.length) pairs.push(['tasks', entry.related_task_ids.join(', ')]);
  if (entry.related_entry_ids.length) pairs.push(['related', entry.related_entry_ids.join(', ')]);
  if (entry.supersedes_entry_id) pairs.push(['supersedes', entry.supersedes_entry_id]);
  if (entry.paths.length) pairs.push(['paths', entry.paths.join(', ')]);
  for (const c of entry.citations) pairs.push(['cites', `${c.source_kind} ${c.source_ref}${c.locator ? `#${c.locator}` : ''}`]);
  return pairs;
}
