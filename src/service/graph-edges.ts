/**
 * The edges of a project's graph (issue #22), from what entries record. Every edge reads as
 * a sentence from its tail to its head, and its head is what comes first — the prerequisite,
 * the blocker, the older decision:
 *
 * - A dependency entry D with `depends_on` X: D's *subjects* — the entries in its
 *   `related_entry_ids`, or D itself when it names none — depend on X (an entry when X is an
 *   entry id, else external text). `dependency_kind: requires` → `S needs X`;
 *   `blocks` → `S is blocked by X` (S cannot go on until X is done); `relates_to` →
 *   `S relates to X` (no order). The edge is recorded *via* D.
 * - An active blocker B that names entries or tasks (`related_entry_ids`, `related_task_ids`):
 *   `S is blocked by B`, via B.
 * - An entry N with `supersedes_entry_id` O (or a plan revision with
 *   `payload.supersedes_plan_entry_id` O): `N supersedes O`, via N.
 *
 * Pure: records in, nodes and edges out, in a stable order.
 */
import type { EntryFacts, LinkRecord } from './picture-reader.js';

/** An edge's relation. */
export type GraphRelation = 'needs' | 'blocked_by' | 'relates_to' | 'supersedes';

/** Every relation, in the order filters and legends list them. */
export const GRAPH_RELATIONS: readonly GraphRelation[] = ['needs', 'blocked_by', 'relates_to', 'supersedes'];

/** The words of a relation, as read from tail to head ("A is blocked by B"). */
export const RELATION_WORDS: Readonly<Record<GraphRelation, string>> = { needs: 'needs', blocked_by: 'is blocked by', relates_to: 'relates to', supersedes: 'supersedes' };

/**
 * A node: an entry, an id that names no current entry, a task, or external text. Keys: the
 * entry id, `task:<id>`, `ext:<text>`. An entry's `tag` tells it from same-titled ones on the
 * page (entry-graph.ts sets it on the nodes a page draws): its ADR label, else a short id.
 */
export type GraphNode =
  | { type: 'entry'; key: string; entry_id: string; title: string; entry_kind: string; status: string; tag?: string }
  | { type: 'missing'; key: string; entry_id: string }
  | { type: 'task'; key: string; task_id: string }
  | { type: 'external'; key: string; text: string };

/** An edge: `from` <relation> `to`, recorded by the entry `via`. */
export interface GraphEdge {
  from: string;
  to: string;
  relation: GraphRelation;
  via: EntryFacts;
}

const ENTRY_ID = /^[a-z]+-[0-9a-z]{12,}$/;
const KIND_RELATION: Record<string, GraphRelation> = { requires: 'needs', blocks: 'blocked_by', relates_to: 'relates_to' };

/** The entry ids `records` point at (to fetch their facts). */
export function pointedIds(records: readonly LinkRecord[]): string[] {
  const ids = records.flatMap((r) => [r.entry_id, ...r.related_entry_ids, r.depends_on ?? '', r.supersedes_entry_id ?? '', r.supersedes_plan_entry_id ?? '']);
  return [...new Set(ids.filter((id) => ENTRY_ID.test(id)))];
}

/** The nodes and edges `records` give; `facts` holds the current entries among {@link pointedIds}. */
export function graphEdges(records: readonly LinkRecord[], facts: ReadonlyMap<string, EntryFacts>): { nodes: Map<string, GraphNode>; edges: GraphEdge[] } {
  const nodes = new Map<string, GraphNode>();
  const entry = (id: string): string => {
    if (!nodes.has(id)) {
      const f = facts.get(id);
      nodes.set(id, f ? { type: 'entry', key: id, entry_id: id, title: f.title, entry_kind: f.entry_kind, status: f.status } : { type: 'missing', key: id, entry_id: id });
    }
    return id;
  };
  const target = (text: string): string => {
    if (ENTRY_ID.test(text)) return entry(text);
    const key = `ext:${text}`;
    if (!nodes.has(key)) nodes.set(key, { type: 'external', key, text });
    return key;
  };
  const task = (id: string): string => {
    const key = `task:${id}`;
    if (!nodes.has(key)) nodes.set(key, { type: 'task', key, task_id: id });
    return key;
  };
  const seen = new Set<string>();
  const edges: GraphEdge[] = [];
  const add = (from: string, to: string, relation: GraphRelation, via: EntryFacts) => {
    const id = `${from}\0${to}\0${relation}\0${via.entry_id}`;
    if (seen.has(id)) return;
    seen.add(id);
    edges.push({ from, to, relation, via });
  };
  for (const r of [...records].sort((a, b) => (a.entry_id < b.entry_id ? -1 : a.entry_id > b.entry_id ? 1 : 0))) {
    const via: EntryFacts = { entry_id: r.entry_id, title: r.title, entry_kind: r.entry_kind, status: r.status };
    if (r.entry_kind === 'dependency' && r.depends_on !== null) {
      const to = target(r.depends_on);
      const subjects = r.related_entry_ids.length > 0 ? r.related_entry_ids : [r.entry_id];
      for (const s of subjects) add(entry(s), to, KIND_RELATION[r.dependency_kind ?? 'requires'] ?? 'needs', via);
    }
    if (r.entry_kind === 'blocker') {
      for (const s of r.related_entry_ids) add(entry(s), entry(r.entry_id), 'blocked_by', via);
      for (const t of r.related_task_ids) add(task(t), entry(r.entry_id), 'blocked_by', via);
    }
    for (const old of new Set([r.supersedes_entry_id, r.supersedes_plan_entry_id])) {
      if (old !== null && old !== r.entry_id) add(entry(r.entry_id), target(old), 'supersedes', via);
    }
  }
  return { nodes, edges };
}
