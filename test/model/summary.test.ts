/**
 * The shared one-line summary (issue #9 "Clean text"): plain text, decisions lead with the
 * outcome, the why comes from the context (not from header notes), supersession names ids,
 * ADR numbers and titles.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adrLabelOf } from '../../src/model/adr-label.js';
import { plainTextLine, summaryLine, whyOf } from '../../src/model/summary.js';
import { makeEntry } from '../context/make-entry.js';

describe('summaryLine', () => {
  it('leads a decision with its whole outcome as plain text, then the context', () => {
    const e = makeEntry('decision', {
      rationale: 'Date: 2021-11-10\n\n**Link to this ADR: https://example.com/x**\n\n## Context and Problem Statement\n\nWhich **build tool** should be used?\n\n## Decision Drivers\n\n* speed',
      payload: { decision_outcome: 'Chosen option: "[Gradle](https://gradle.org/)", because\n\n* it is lean\n* it fits\n\n### Consequences\n\n`fast`', alternatives: [] },
    });
    expect(summaryLine(e, { max: 500 })).toBe('Chosen option: "Gradle", because it is lean; it fits fast — Which build tool should be used?');
  });

  it('skips header notes when there is no context heading', () => {
    expect(whyOf('Date: 2021-11-10\n\n**Link to this ADR: https://docs.google.com/d/1/edit#**\n\n(Security-related ADRs are stored privately.)')).toBe('(Security-related ADRs are stored privately.)');
  });

  it('shows supersession with ADR numbers, titles and ids', () => {
    const old = makeEntry('decision', { title: 'Multi-cluster', status: 'superseded', citations: [{ source_ref: '021-x.md', source_kind: 'file', locator: 'ADR-0021' }] });
    const successor = makeEntry('decision', { title: 'Multi-cluster', supersedes_entry_id: old.entry_id, citations: [{ source_ref: '036-x.md', source_kind: 'file', locator: 'ADR-0036' }], payload: { decision_outcome: 'Run several clusters.', alternatives: [] } });
    const entries = new Map([old, successor].map((e) => [e.entry_id, e]));
    expect(summaryLine(old, { entries })).toBe(`Superseded by ADR-0036 "Multi-cluster" (${successor.entry_id})`);
    expect(summaryLine(successor, { entries })).toBe(`Run several clusters. supersedes ADR-0021 "Multi-cluster" (${old.entry_id})`);
    expect(adrLabelOf(old)).toBe('ADR-0021');
  });

  it('is one line without Markdown syntax and within its bound, for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.string({ maxLength: 400 }), fc.integer({ min: 10, max: 300 }), (rationale, outcome, max) => {
        const line = summaryLine(makeEntry('decision', { rationale, payload: { decision_outcome: outcome, alternatives: [] } }), { max });
        expect(line).not.toMatch(/[\n\r]/);
        expect(line.length).toBeLessThanOrEqual(max + 1);
      }),
    );
    expect(plainTextLine('## Heading\n\n- **a** [b](c)\n- <!-- x --> d\n\n```\ncode\n```')).toBe('a b; d');
  });
});
