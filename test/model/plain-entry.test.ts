import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { plainEntry } from '../../src/model/plain-entry.js';
import { validateEntry, validateEntrySchema } from '../../src/model/validate.js';
import { deriveEntryId } from '../../src/model/entry-id.js';
import { ENTRY_KINDS, LEGAL_STATUSES, type EntryKind } from '../../src/model/kinds.js';
import { LIMITS } from '../../src/model/limits.js';
import { canonicalJson } from '../../src/store/canonical-json.js';

const PAYLOADS: Record<EntryKind, Record<string, unknown>> = {
  decision: { alternatives: ['keep SQLite', 'PostgreSQL only'], decision_outcome: 'SQLite.\n\tIndented.', status_text: 'Accepted (see #9)', decision_date: '2024-02-29', decision_date_precision: 'month', decision_makers: 'ana, bo', front_matter: 'x: 1' },
  open_question: { answer: 'Yes.' },
  blocker: { severity: 'critical', resolution: 'Vendor signed.' },
  risk: { likelihood: 'low', impact: 'high', mitigation: 'Backups.' },
  dependency: { depends_on: 'libgit2@1.7', dependency_kind: 'requires' },
  plan_revision: { summary: 'Ship the importer.', supersedes_plan_entry_id: deriveEntryId('plan_revision', 'older') },
};

/** A valid revision of `kind` as it lies on the branch (canonical JSON: sorted keys), every optional field present. */
function stored(kind: EntryKind): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    entry_id: deriveEntryId(kind, `seed-${kind}`), revision: 3, project_id: 'demo', entry_kind: kind,
    title: 'Use SQLite for the cache — ünïcode 🎉', rationale: 'Because.\nTwo lines\twith a tab.', status: LEGAL_STATUSES[kind][0],
    author: 'ana', agent: 'agent-claude', recorded_at: '2026-11-24T10:00:00.123Z', related_task_ids: ['task-1', 'JIRA-2'],
    related_entry_ids: [deriveEntryId('risk', 'r')], tags: ['cache', 'sqlite'], supersedes_entry_id: null, confidence: 0.5,
    citations: [{ source_ref: 'docs/a.md', source_kind: 'file', locator: 'L3' }, { source_ref: 'task-9', source_kind: 'task' }],
    paths: ['src/**', 'src/cache.ts'], payload: PAYLOADS[kind],
  };
  return JSON.parse(canonicalJson(entry)) as Record<string, unknown>;
}

/** What the zod path says: the entry as JSON text (key order included), or the error's code and message. */
function verdict(validate: (raw: unknown) => unknown, raw: unknown): string {
  try {
    return `ok ${JSON.stringify(validate(raw))}`;
  } catch (err) {
    return `error ${(err as { code?: string }).code} ${(err as Error).message}`;
  }
}

const TRICKY: unknown[] = [
  null, 0, -1, 0.5, 1, 1.5, 2, 1e21, Number.MAX_SAFE_INTEGER + 2, true, '', ' ', '\t', 'x', 'a\nb', 'a\tb', 'a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b',
  'a\uD800b', '\uDC00', '😀', 'dec-0123456789ab', 'risk-0123456789ab', 'DEC-0123456789AB', 'demo', 'Demo', 'agent.x', 'task', 'file', 'low', 'critical',
  'requires', 'accepted', 'resolved', 'cleared', '2026-11-24T10:00:00Z', '2026-02-30T10:00:00Z', '2026-11-24T24:00:00Z', '2026-11-24T10:00:00+01:00',
  '2026-11-24', '2023-02-29', 'x'.repeat(LIMITS.tag + 1), 'x'.repeat(LIMITS.title + 1), 'y'.repeat(LIMITS.short), [], [''], ['a'], ['a\u0000'], [' '],
  [1], Array.from({ length: LIMITS.tags + 1 }, (_, i) => `t${i}`), {}, { a: 1 }, [{ source_ref: 'x', source_kind: 'task' }],
  [{ source_ref: 'x', source_kind: 'task', extra: 1 }], [{ source_ref: ' ', source_kind: 'task' }], [{ source_kind: 'task' }],
  { candidate_id: 'cand-0123456789ab', proposed_by: { author: 'ana' }, approved_by: { author: 'bo' } },
];

type Mutation = { at: 'envelope' | 'payload' | 'citation'; key: string; op: 'set' | 'delete'; value: unknown };
const KEYS = [...Object.keys(stored('decision')), 'approval', 'extra', 'constructor', 'toString', ...new Set(Object.values(PAYLOADS).flatMap((p) => Object.keys(p))), 'source_ref', 'source_kind', 'locator'];
const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  at: fc.constantFrom('envelope' as const, 'payload' as const, 'citation' as const),
  key: fc.constantFrom(...KEYS),
  op: fc.constantFrom('set' as const, 'delete' as const),
  value: fc.oneof(fc.constantFrom(...TRICKY), fc.jsonValue({ maxDepth: 2 })),
});

function mutate(kind: EntryKind, mutations: Mutation[], protoKey: boolean): unknown {
  const raw = stored(kind);
  for (const m of mutations) {
    const citations = raw.citations;
    const target = (m.at === 'envelope' ? raw : m.at === 'payload' ? raw.payload : Array.isArray(citations) ? citations[0] : null) as Record<string, unknown> | undefined;
    if (target === null || typeof target !== 'object') continue;
    if (m.op === 'delete') delete target[m.key];
    else Object.defineProperty(target, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
  }
  // An own `__proto__` member, as JSON.parse makes it from a file that has one.
  return protoKey ? JSON.parse(JSON.stringify(raw).replace(/^\{/, '{"__proto__":{"x":1},')) : raw;
}

describe('plainEntry (issue 21: validation without zod for plain revisions)', () => {
  it('accepts a plain valid revision of every kind and status, exactly as the zod path returns it', () => {
    for (const kind of ENTRY_KINDS) {
      for (const status of LEGAL_STATUSES[kind]) {
        const raw = { ...stored(kind), status };
        const fast = plainEntry(raw);
        expect(fast, `${kind} ${status}`).not.toBeNull();
        expect(JSON.stringify(fast)).toBe(JSON.stringify(validateEntrySchema(raw)));
        expect(fast).toEqual(validateEntrySchema(raw));
      }
    }
  });

  it('never accepts what zod refuses: every field of every kind set to each tricky value, or deleted', () => {
    let accepted = 0;
    for (const kind of ENTRY_KINDS) {
      for (const at of ['envelope', 'payload', 'citation'] as const) {
        for (const key of KEYS) {
          for (const m of [{ op: 'delete' as const, value: null }, ...TRICKY.map((value) => ({ op: 'set' as const, value }))]) {
            const raw = mutate(kind, [{ at, key, ...m }], false);
            const fast = plainEntry(raw);
            if (fast === null) continue;
            accepted++;
            expect(`ok ${JSON.stringify(fast)}`, `${kind} ${at}.${key} ${m.op} ${JSON.stringify(m.value)}`).toBe(verdict(validateEntrySchema, raw));
          }
        }
      }
    }
    expect(accepted).toBeGreaterThan(1000);
  });

  it('never accepts what zod refuses, and returns what zod returns (key order too); validateEntry answers as the zod path', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.constantFrom(...ENTRY_KINDS), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), fc.boolean(), (kind, mutations, protoKey) => {
        const raw = mutate(kind, mutations, protoKey);
        const fast = plainEntry(raw);
        const slow = verdict(validateEntrySchema, raw);
        if (fast !== null) {
          accepted++;
          expect(`ok ${JSON.stringify(fast)}`).toBe(slow);
        } else if (slow.startsWith('error')) refused++;
        expect(verdict(validateEntry, raw)).toBe(slow);
      }),
      { numRuns: 1000, seed: 21 },
    );
    // Both sides of the property were exercised.
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it('leaves anything that is not a plain JSON object to zod', () => {
    expect(plainEntry(null)).toBeNull();
    expect(plainEntry([stored('risk')])).toBeNull();
    expect(plainEntry('x')).toBeNull();
    expect(plainEntry(Object.assign(Object.create({ inherited: 1 }), stored('risk')))).toBeNull();
    expect(plainEntry({ ...stored('risk'), payload: Object.assign(Object.create(null), PAYLOADS.risk) })).toBeNull();
  });
});
