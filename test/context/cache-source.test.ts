/**
 * Issue #10: the brief built from indexed queries over the projection (src/projection/sqlite/brief-queries.ts,
 * read lazily page by page) is byte-for-byte the brief built from every current entry
 * (`buildBrief({entries})`, docs/decisions/0007) — at tiny, default and huge budgets, with and
 * without path/task boosts, with rank ties that cross page boundaries and instants that differ
 * only in fractions of a second, decisions ordered by their own day (issue #18), and decisions
 * no longer in force naming what replaced them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBrief } from '../../src/context/build-brief.js';
import { listCurrent } from '../../src/projection/sqlite/queries.js';
import type { Entry } from '../../src/model/entry.js';
import { LEGAL_STATUSES, type EntryKind } from '../../src/model/kinds.js';
import type { Brain } from '../../src/service.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { at, makeEntry, rng } from './make-entry.js';

let brain: Brain;

beforeAll(async () => {
  const dir = initRepo();
  brain = await openTestBrain(dir, { projectId: 'demo' });
  await brain.init();
  const rand = rng(7);
  const kinds: EntryKind[] = ['decision', 'decision', 'decision', 'blocker', 'risk', 'open_question', 'dependency', 'plan_revision'];
  const entries: Entry[] = [];
  for (let i = 0; i < 400; i++) {
    const kind = kinds[Math.floor(rand() * kinds.length)] as EntryKind;
    const legal = LEGAL_STATUSES[kind];
    // Half the decisions accepted: that section spans several pages of the projection's reads.
    // The others mostly no longer in force: that section spans several pages too.
    const retired = (['rejected', 'superseded', 'rejected', 'deprecated', 'rejected'] as const)[i % 5] as Entry['status'];
    const status: Entry['status'] = kind === 'decision' ? (i % 2 === 0 ? 'accepted' : retired) : i % 3 === 0 ? (legal[0] as Entry['status']) : (legal[Math.floor(rand() * legal.length)] as Entry['status']);
    // Few distinct seconds and scores: many ties; some instants differ only by a fraction.
    const second = at(Math.floor(i / 40)).replace('Z', i % 4 === 0 ? '.5Z' : 'Z');
    const payload: Record<string, unknown> = kind === 'blocker' ? { severity: ['low', 'high', 'critical'][i % 3] } : kind === 'risk' ? { likelihood: ['low', 'high'][i % 2], impact: ['medium', 'high'][i % 2] } : {};
    // Some decisions record their own day (an imported ADR): older than their last change, some tied.
    if (kind === 'decision' && i % 3 !== 0) Object.assign(payload, { decision_date: `20${10 + (i % 7)}-0${1 + (i % 9)}-1${i % 10}`, decision_makers: `maker ${i % 4}` });
    const previous = entries[entries.length - 1];
    entries.push(
      makeEntry(kind, {
        status,
        recorded_at: second,
        title: `item ${i % 5}`,
        confidence: kind === 'decision' ? [null, 0.5, 0.9][i % 3] ?? null : null,
        paths: i % 7 === 0 ? ['src/payments/refund.ts'] : i % 11 === 0 ? ['src/**'] : [],
        related_task_ids: i % 13 === 0 ? ['task-1'] : [],
        supersedes_entry_id: kind === 'decision' && previous?.entry_kind === 'decision' && i % 5 === 0 ? previous.entry_id : null,
        citations: kind === 'decision' && previous !== undefined && i % 4 === 1 ? [{ source_ref: previous.entry_id, source_kind: 'entry', locator: 'in favour of' }] : [],
        payload,
      }),
    );
  }
  await brain.store.transact({ projectId: 'demo', identity: brain.identity() }, async (tx) => {
    for (const { revision: _r, ...entry } of entries) await tx.put(entry);
    return { message: 'seed', value: null };
  });
});

afterAll(async () => {
  await brain?.close();
  cleanupTempDirs();
});

describe('the brief from the projection', () => {
  it.each([
    [{}],
    [{ budget: 60 }],
    [{ budget: 500 }],
    [{ budget: 1500 }],
    [{ budget: 100_000 }],
    [{ paths: ['src/payments'], budget: 2000 }],
    [{ paths: ['src'], taskIds: ['task-1'], budget: 4000 }],
    [{ taskIds: ['task-1', 'task-9'], budget: 100_000 }],
  ])('equals the brief of every current entry (%j)', async (args) => {
    const fromCache = await brain.context(args);
    const entries = listCurrent(brain.db(), { projectId: 'demo' }).map((r) => r.entry);
    const fromEntries = buildBrief({ projectId: 'demo', entries, tipOid: brain.projectedOid(), ...args });
    expect(fromCache).toEqual(fromEntries);
  });

  it('covers decisions ordered by their own day and the decisions no longer in force', async () => {
    const brief = await brain.context({ budget: 100_000 });
    const retired = Number(/^## Decisions no longer in force \(superseded, rejected, deprecated\): (\d+)$/m.exec(brief.markdown)?.[1]);
    expect(retired).toBeGreaterThan(64); // the rejected ones alone span more than one page of the projection's reads
    expect(brief.markdown).toMatch(/in favour of "item \d" \((?:dec|que|rsk|blk|dep|pln)-/i);
    expect(brief.markdown).toMatch(/decided 201\d-\d\d-\d\d, ADR by maker \d, changed 2024-01-01 by /);
  });
});
