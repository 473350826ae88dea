/**
 * Issue #18 "The brief": decisions are ordered by their own day (and relevance), not by their
 * last edit, and show who decided when beside the last change; decisions no longer in force
 * are listed with what replaced them when the budget allows; the recent changes do not repeat
 * what is listed above.
 */
import { describe, expect, it } from 'vitest';
import { buildBrief } from '../../src/context/build-brief.js';
import type { Entry } from '../../src/model/entry.js';
import { makeEntry, parseSections } from './make-entry.js';

const RETIRED = 'Decisions no longer in force (superseded, rejected, deprecated)';

/** An imported ADR: its own day and deciders in the payload, its last change stamped separately. */
function adr(title: string, decided: string, changed: string, overrides: Partial<Entry> = {}): Entry {
  const { payload, ...rest } = overrides;
  return makeEntry('decision', {
    title,
    recorded_at: changed,
    author: 'ci-bot',
    citations: [{ source_ref: `${title}.md`, source_kind: 'file', locator: `ADR-0${title.length}` }],
    payload: { decision_date: decided, decision_makers: `${title} author`, status_text: null, ...(payload ?? {}) },
    ...rest,
  });
}

const titles = (items: string[] | undefined): string[] => (items ?? []).map((l) => /\*\*(.*?)\*\*/.exec(l)?.[1] ?? '?');

describe('the brief and imported decisions', () => {
  it('orders accepted decisions by the decision\'s own day, newest first, not by the last edit', () => {
    const entries = [
      adr('Old decision fixed yesterday', '2019-06-27', '2025-09-18T10:00:00Z'),
      adr('Recent decision', '2023-11-07', '2023-11-20T10:00:00Z'),
      adr('Middle decision', '2021-04-01', '2021-04-28T10:00:00Z'),
    ];
    const md = buildBrief({ projectId: 'p', entries }).markdown;
    expect(titles(parseSections(md).get('Accepted decisions')?.items)).toEqual(['Recent decision', 'Middle decision', 'Old decision fixed yesterday']);
    expect(md).toMatch(/\*\*Old decision fixed yesterday\*\* \(ADR-028 `dec-\d+` r1, accepted, decided 2019-06-27, ADR by Old decision fixed yesterday author, changed 2025-09-18 by ci-bot\)/);
  });

  it('relevance still comes first: a path match or a higher confidence outranks a newer decision', () => {
    const entries = [adr('Newest', '2024-01-01', '2024-01-02T00:00:00Z'), adr('Matches the path', '2018-01-01', '2025-01-01T00:00:00Z', { paths: ['src/store'] }), adr('Confident', '2017-01-01', '2017-01-01T00:00:00Z', { confidence: 0.95 })];
    const md = buildBrief({ projectId: 'p', entries, paths: ['src/store/ledger.ts'] }).markdown;
    expect(titles(parseSections(md).get('Accepted decisions')?.items)).toEqual(['Matches the path', 'Confident', 'Newest']);
  });

  it('lists superseded, rejected and deprecated decisions with what replaced them, when the budget allows', () => {
    const successor = adr('Multi-cluster', '2022-09-16', '2022-09-16T00:00:00Z');
    const old = adr('Single cluster', '2021-05-11', '2022-09-16T00:00:00Z', { status: 'superseded', related_entry_ids: [successor.entry_id] });
    successor.supersedes_entry_id = old.entry_id;
    successor.related_entry_ids = [old.entry_id];
    const nop = adr('nop mempool', '2023-11-07', '2023-11-07T00:00:00Z');
    const remote = adr('Remote mempool', '2023-11-03', '2023-11-13T00:00:00Z', { status: 'rejected', citations: [{ source_ref: 'Remote mempool.md', source_kind: 'file', locator: 'ADR-0110' }, { source_ref: nop.entry_id, source_kind: 'entry', locator: 'in favour of' }] });
    const entries = [successor, old, nop, remote];
    const md = buildBrief({ projectId: 'p', entries }).markdown;
    const retired = parseSections(md).get(RETIRED);
    expect(retired?.count).toBe(2);
    expect(titles(retired?.items)).toEqual(['Remote mempool', 'Single cluster']);
    // What replaced it stands in the item's tail, in place of the bare status: no excerpt cut nor short form drops it.
    expect(md).toMatch(/\*\*Remote mempool\*\* \(ADR-0110 `dec-\d+` r1, rejected, in favour of ADR-011 "nop mempool" \(dec-\d+\), decided/);
    expect(md).toMatch(/\*\*Single cluster\*\* \(ADR-014 `dec-\d+` r1, superseded by ADR-013 "Multi-cluster" \(dec-\d+\), decided/);
    expect(md).toMatch(/\*\*Multi-cluster\*\* \(ADR-013 `dec-\d+` r1, accepted, supersedes ADR-014 "Single cluster" \(dec-\d+\), decided/);
    // Each entry appears once: not again under the recent changes.
    for (const t of ['Remote mempool', 'Single cluster', 'Multi-cluster', 'nop mempool']) expect(md.split('\n').filter((l) => l.includes(`**${t}**`))).toHaveLength(1);
    // A budget that holds the decisions in force but not the rest counts what it left out.
    const budgets = Array.from({ length: 100 }, (_, i) => 100 + i * 5);
    const tight = budgets.map((budget) => buildBrief({ projectId: 'p', entries, budget })).find((b) => parseSections(b.markdown).get('Accepted decisions')?.items.length === 2 && !parseSections(b.markdown).has(RETIRED));
    expect(tight?.omitted['retired_decisions']).toBe(2);
  });

  it('the "+N more" line names only the statuses that hold decisions no longer in force', () => {
    const entries = [
      adr('In force', '2024-01-01', '2024-01-01T00:00:00Z'),
      ...Array.from({ length: 8 }, (_, i) => adr(`Rejected option ${i}`, `2023-0${i + 1}-01`, '2023-10-01T00:00:00Z', { status: 'rejected' })),
      ...Array.from({ length: 3 }, (_, i) => adr(`Deprecated way ${i}`, `2022-0${i + 1}-01`, '2023-10-01T00:00:00Z', { status: 'deprecated' })),
    ];
    const budgets = Array.from({ length: 200 }, (_, i) => 150 + i * 10);
    const cut = budgets.map((budget) => buildBrief({ projectId: 'p', entries, budget }).markdown).find((md) => /more decisions? no longer in force/.test(md));
    expect(cut).toBeDefined();
    expect(cut).toMatch(/more decisions? no longer in force: brain list --kind decision --status rejected \(also deprecated\)/);
    expect(cut).not.toContain('--status superseded');
  });

  it('an imported decision whose ADR and git told no day says "day unknown", never passing the import day off as the decision\'s', () => {
    const unknown = adr('Copied outside git', 'x', '2026-11-24T10:00:00Z', { payload: { decision_date: null, decision_makers: null } });
    const byOnly = adr('Names its deciders only', 'x', '2026-11-24T10:00:00Z', { payload: { decision_date: null, decision_makers: 'Oliver' } });
    const md = buildBrief({ projectId: 'p', entries: [unknown, byOnly] }).markdown;
    expect(md).toMatch(/\*\*Copied outside git\*\* \(ADR-018 `dec-\d+` r1, accepted, day unknown, recorded 2026-11-24\)/);
    expect(md).toMatch(/\*\*Names its deciders only\*\* \(ADR-023 `dec-\d+` r1, accepted, ADR by Oliver, day unknown, recorded 2026-11-24\)/);
    // Ranked after every dated decision, not first by the import's day.
    const dated = adr('Dated long ago', '2018-03-01', '2026-11-24T10:00:00Z');
    const order = titles(parseSections(buildBrief({ projectId: 'p', entries: [unknown, dated, byOnly] }).markdown).get('Accepted decisions')?.items);
    expect(order[0]).toBe('Dated long ago');
  });

  it('a proposal is "written" on its day, not "decided"', () => {
    const md = buildBrief({ projectId: 'p', entries: [adr('Adopt LibP2P', '2021-11-02', '2021-11-02T00:00:00Z', { status: 'proposed' })] }).markdown;
    expect(md).toMatch(/\*\*Adopt LibP2P\*\* \(ADR-012 `dec-\d+` r1, proposed, written 2021-11-02 by Adopt LibP2P author/);
  });
});
