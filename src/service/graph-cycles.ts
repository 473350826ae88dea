/**
 * Cycles of a directed graph, for the dependency warning (issue #8 part 2 "cycles flagged"):
 * the strongly connected components (Tarjan, iterative), and for each one of more than one
 * node — or a node with an edge to itself — one cycle through its smallest key, found by a
 * breadth-first search inside the component. Pure and deterministic.
 */

/** One cycle per cyclic component: keys from the smallest, the first repeated at the end; sorted. */
export function findCycles(keys: readonly string[], edges: readonly { from: string; to: string }[]): string[][] {
  const out = new Map<string, string[]>();
  for (const k of keys) out.set(k, []);
  for (const e of edges) out.get(e.from)?.push(e.to);
  for (const list of out.values()) list.sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const root of [...out.keys()].sort()) {
    if (index.has(root)) continue;
    const work: { key: string; child: number }[] = [{ key: root, child: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1] as { key: string; child: number };
      const children = out.get(top.key) ?? [];
      if (top.child < children.length) {
        const w = children[top.child++] as string;
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push({ key: w, child: 0 });
        } else if (onStack.has(w)) low.set(top.key, Math.min(low.get(top.key) as number, index.get(w) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.key, Math.min(low.get(parent.key) as number, low.get(top.key) as number));
      if (low.get(top.key) === index.get(top.key)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop() as string;
          onStack.delete(w);
          component.push(w);
        } while (w !== top.key);
        components.push(component);
      }
    }
  }
  const cycles: string[][] = [];
  for (const component of components) {
    const members = new Set(component);
    const start = [...component].sort()[0] as string;
    if (component.length === 1 && !(out.get(start) ?? []).includes(start)) continue;
    cycles.push(cycleThrough(start, members, out));
  }
  return cycles.sort((a, b) => a.join('\0').localeCompare(b.join('\0')));
}

/** The shortest cycle from `start` back to itself inside `members`. */
function cycleThrough(start: string, members: ReadonlySet<string>, out: ReadonlyMap<string, string[]>): string[] {
  const parent = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i] as string;
    for (const w of out.get(at) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [at];
        while (path[0] !== start) path.unshift(parent.get(path[0] as string) as string);
        return [...path, start];
      }
      if (!parent.has(w)) {
        parent.set(w, at);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
