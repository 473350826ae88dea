/**
 * In-memory Entry factory for the context tests: valid-looking revisions without a store.
 * Ids are deterministic: kind prefix + a 12-char zero-padded counter (or the given `n`).
 */
import type { Entry } from '../../src/model/entry.js';
import { KIND_PREFIX, type EntryKind } from '../../src/model/kinds.js';
import { defaultPayload } from '../../src/model/input.js';
import { DEFAULT_STATUS } from '../../src/model/kinds.js';

let counter = 0;

/** An id like `dec-000000000042`. */
export function idFor(kind: EntryKind, n: number): string {
  return `${KIND_PREFIX[kind]}-${String(n).padStart(12, '0')}`;
}

/** `2024-01-01T00:00:00Z` + `minutes`. */
export function at(minutes: number): string {
  return new Date(Date.UTC(2024, 0, 1) + minutes * 60_000).toISOString().replace('.000Z', 'Z');
}

/** A revision of kind `kind`; anything can be overridden, `payload` is merged over the kind's default. */
export function makeEntry(kind: EntryKind, overrides: Partial<Entry> = {}): Entry {
  counter += 1;
  const { payload, ...rest } = overrides;
  return {
    entry_id: idFor(kind, counter),
    revision: 1,
    project_id: 'demo',
    entry_kind: kind,
    title: `${kind} ${counter}`,
    rationale: '',
    status: DEFAULT_STATUS[kind],
    author: 'tester',
    recorded_at: at(counter),
    related_task_ids: [],
    related_entry_ids: [],
    tags: [],
    supersedes_entry_id: null,
    confidence: null,
    citations: [],
    paths: [],
    ...rest,
    payload: { ...defaultPayload(kind), ...(kind === 'dependency' ? { depends_on: 'lib' } : {}), ...(payload ?? {}) },
  };
}

/** A seeded PRNG (mulberry32) so "random" inputs are reproducible. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates shuffle with `rand`, returning a new array. */
export function shuffle<T>(items: readonly T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Items of each `## ` section of a brief: heading → item lines and the "+N more" count. */
export function parseSections(markdown: string): Map<string, { count: number; items: string[]; more: number }> {
  const out = new Map<string, { count: number; items: string[]; more: number }>();
  let current: { count: number; items: string[]; more: number } | undefined;
  for (const line of markdown.split('\n')) {
    const h = /^## (.*): (\d+)$/.exec(line);
    if (h) {
      current = { count: Number(h[2]), items: [], more: 0 };
      out.set(h[1] as string, current);
    } else if (current && line.startsWith('- ')) current.items.push(line);
    else if (current && line.startsWith('+')) current.more = Number(/^\+(\d+) more /.exec(line)?.[1]);
  }
  return out;
}
