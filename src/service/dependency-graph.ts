/**
 * What depends on what, and what is blocked by what (issue #8 part 2, the dashboard's
 * dependency view), as a graph and as nested trees with cycles flagged.
 *
 * Edges come from dependency entries D (open ones; resolved too with `includeResolved`): the
 * *subjects* of D — the entries in its `related_entry_ids`, or D itself when it names none —
 * depend on D's target, `payload.depends_on`: an entry when it is an entry id, else external
 * text (a service, a library, a task). Each edge keeps D (`via`) and its `dependency_kind`.
 * "Blocked by" lists the `blocks` edges and every active blocker with the entries and tasks it
 * names. Trees start at roots (nodes that depend on something and nothing depends on), then at
 * any node not yet shown (pure cycles); a node is expanded once per page, later occurrences
 * are `repeat`, and an edge back into the current path is `cycle`.
 */
import { dependencyEntries, entryFacts } from '../projection/sqlite/dashboard-queries.js';
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';
import type { Brain } from '../service.js';

/** A node: an entry, an id that names no current entry, a task, or external text. Keys: the entry id, `task:<id>`, `ext:<text>`. */
export type DependencyNode =
  | { type: 'entry'; key: string; entry_id: string; title: string; entry_kind: string; status: string }
  | { type: 'missing'; key: string; entry_id: string }
  | { type: 'task'; key: string; task_id: string }
  | { type: 'external'; key: string; text: string };

/** The dependency entry an edge comes from. */
export interface Via { entry_id: string; title: string; status: string; dependency_kind: string }

/** One node of a tree; `via` is the dependency entry its parent reaches it through (null at a root). */
export interface DependencyTreeNode {
  key: string;
  via: Via | null;
  state: 'expanded' | 'leaf' | 'repeat' | 'cycle';
  children: DependencyTreeNode[];
}

/** The dependency view of a project. `trees` is one page of `total_trees`. */
export interface DependencyGraph {
  nodes: Record<string, DependencyNode>;
  trees: DependencyTreeNode[];
  total_trees: number;
  /** Each cycle as node keys, first node repeated at the end; canonical rotation, sorted. */
  cycles: string[][];
  /** `subject` is blocked by `by` (through a `blocks` dependency, or an active blocker). */
  blocked: { subject: string; by: string; via: Via | null }[];
}

const ENTRY_ID = /^[a-z]+-[0-9a-z]{12,}$/;
const via = (d: Entry): Via => ({ entry_id: d.entry_id, title: d.title, status: d.status, dependency_kind: String(d.payload.dependency_kind ?? 'requires') });

/** Builds the graph and page `page` (0-based) of `pageSize` trees. Errors: `invalid_argument` for a bad page. */
export async function buildDependencyGraph(brain: Brain, args: { includeResolved?: boolean; page?: number; pageSize?: number } = {}): Promise<DependencyGraph> {
  const page = args.page ?? 0;
  const pageSize = args.pageSize ?? 50;
  if (!Number.isInteger(page) || page < 0 || page > 1_000_000) throw new BrainError('invalid_argument', 'page must be a non-negative integer');
  return brain.withCache(async () => {
    await brain.refresh();
    const db = brain.db();
    const { dependencies, blockers } = dependencyEntries(db, { projectId: await brain.projectId(), includeResolved: args.includeResolved ?? false });
    const ids = [...dependencies, ...blockers].flatMap((e) => [e.entry_id, ...e.related_entry_ids, ...(typeof e.payload.depends_on === 'string' ? [e.payload.depends_on.trim()] : [])]);
    const facts = entryFacts(db, ids.filter((id) => ENTRY_ID.test(id)));
    const nodes: Record<string, DependencyNode> = {};
    const entryNode = (id: string): string => {
      const f = facts.get(id);
      nodes[id] ??= f ? { type: 'entry', key: id, entry_id: id, title: f.title, entry_kind: f.entry_kind, status: f.status } : { type: 'missing', key: id, entry_id: id };
      return id;
    };
    const textNode = (text: string): string => {
      if (ENTRY_ID.test(text)) return entryNode(text);
      const key = `ext:${text}`;
      nodes[key] ??= { type: 'external', key, text };
      return key;
    };
    const out = new Map<string, { to: string; via: Via }[]>();
    const indegree = new Map<string, number>();
    const blocked: DependencyGraph['blocked'] = [];
    for (const d of dependencies) {
      const target = textNode(String(d.payload.depends_on ?? '').trim());
      const subjects = d.related_entry_ids.length > 0 ? d.related_entry_ids.map(entryNode) : [entryNode(d.entry_id)];
      for (const s of subjects) {
        (out.get(s) ?? out.set(s, []).get(s))?.push({ to: target, via: via(d) });
        indegree.set(target, (indegree.get(target) ?? 0) + 1);
        if (d.payload.dependency_kind === 'blocks') blocked.push({ subject: s, by: target, via: via(d) });
      }
    }
    for (const b of blockers) {
      const by = entryNode(b.entry_id);
      for (const id of b.related_entry_ids) blocked.push({ subject: entryNode(id), by, via: null });
      for (const task of b.related_task_ids) {
        nodes[`task:${task}`] ??= { type: 'task', key: `task:${task}`, task_id: task };
        blocked.push({ subject: `task:${task}`, by, via: null });
      }
    }
    const label = (key: string) => { const n = nodes[key]; return n?.type === 'entry' ? n.title.toLowerCase() : key; };
    const starts = [...out.keys()].sort((a, b) => Number((indegree.get(a) ?? 0) > 0) - Number((indegree.get(b) ?? 0) > 0) || label(a).localeCompare(label(b)) || a.localeCompare(b));
    const cycles = new Map<string, string[]>();
    const seen = new Set<string>();
    const trees: DependencyTreeNode[] = [];
    const walk = (key: string, edge: Via | null, path: string[]): DependencyTreeNode => {
      const at = path.indexOf(key);
      if (at >= 0) {
        const cycle = path.slice(at);
        const min = cycle.indexOf([...cycle].sort()[0] as string);
        const canonical = [...cycle.slice(min), ...cycle.slice(0, min)];
        cycles.set(canonical.join('\0'), [...canonical, canonical[0] as string]);
        return { key, via: edge, state: 'cycle', children: [] };
      }
      const next = out.get(key) ?? [];
      if (next.length === 0) return { key, via: edge, state: 'leaf', children: [] };
      if (seen.has(key)) return { key, via: edge, state: 'repeat', children: [] };
      seen.add(key);
      return { key, via: edge, state: 'expanded', children: next.map((e) => walk(e.to, e.via, [...path, key])) };
    };
    for (const key of starts) if (!seen.has(key)) trees.push(walk(key, null, []));
    return {
      nodes,
      trees: trees.slice(page * pageSize, (page + 1) * pageSize),
      total_trees: trees.length,
      cycles: [...cycles.values()].sort((a, b) => a.join('\0').localeCompare(b.join('\0'))),
      blocked,
    };
  });
}
