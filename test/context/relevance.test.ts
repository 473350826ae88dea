import { describe, expect, it } from 'vitest';
import { createRelevance, matchReasons, rankEntries } from '../../src/context/relevance.js';
import { confidenceScore, riskScore, severityScore } from '../../src/context/sections.js';
import { at, makeEntry } from './make-entry.js';

describe('path matching', () => {
  const match = (given: string, entryPath: string) => matchReasons(makeEntry('decision', { paths: [entryPath] }), createRelevance({ paths: [given] })).paths;

  it('matches segment prefixes in either direction', () => {
    expect(match('src/store', 'src/store/ledger.ts')).toBe(true);
    expect(match('src/store/ledger.ts', 'src/store')).toBe(true);
    expect(match('./src/store/', 'src\\store\\ledger.ts')).toBe(true);
    expect(match('src/store/ledger.ts', 'src/store/ledger.ts')).toBe(true);
  });

  it('does not match partial segments, siblings, or empty paths', () => {
    expect(match('src/st', 'src/store')).toBe(false);
    expect(match('src/store/a.ts', 'src/store/b.ts')).toBe(false);
    expect(match('', 'src')).toBe(false);
    expect(match('.', 'src')).toBe(false);
  });

  it('matches entry globs as brain list --path does (issue #19)', () => {
    expect(match('src/payments/charge.ts', 'src/payments/**')).toBe(true);
    expect(match('src/payments', 'src/payments/**')).toBe(true);
    expect(match('db/001.sql', '**/*.sql')).toBe(true);
    expect(match('src/payments/**', 'src/payments/charge.ts')).toBe(true);
    expect(match('src/orders/a.ts', 'src/payments/**')).toBe(false);
  });

  it('reports which filters an entry matches', () => {
    const rel = createRelevance({ paths: ['src/store/ledger.ts'], taskIds: ['T-1'] });
    expect(matchReasons(makeEntry('decision', { paths: ['src/store'] }), rel)).toEqual({ paths: true, task: false });
    expect(matchReasons(makeEntry('decision', { related_task_ids: ['T-1'] }), rel)).toEqual({ paths: false, task: true });
    expect(matchReasons(makeEntry('decision', { paths: ['src/cache'], related_task_ids: ['T-2'] }), rel)).toEqual({ paths: false, task: false });
  });
});

describe('rankEntries', () => {
  const ids = (entries: { entry_id: string }[]) => entries.map((e) => e.entry_id);

  it('orders decisions by match, confidence (null = 0.5), recency, then title, then entry_id', () => {
    const lowOld = makeEntry('decision', { confidence: 0.2, recorded_at: at(1) });
    const nullNew = makeEntry('decision', { confidence: null, recorded_at: at(50) });
    const halfOld = makeEntry('decision', { confidence: 0.5, recorded_at: at(2) });
    const high = makeEntry('decision', { confidence: 0.9, recorded_at: at(3) });
    const matched = makeEntry('decision', { confidence: 0.1, recorded_at: at(0), paths: ['src/cache'] });
    const tieA = makeEntry('decision', { entry_id: 'dec-aaaaaaaaaaaa', title: 'same', confidence: 0.3, recorded_at: at(9) });
    const tieB = makeEntry('decision', { entry_id: 'dec-bbbbbbbbbbbb', title: 'same', confidence: 0.3, recorded_at: at(9) });
    const rel = createRelevance({ paths: ['src/cache/db.ts'] });
    const ranked = rankEntries([tieB, lowOld, halfOld, nullNew, high, tieA, matched], confidenceScore, rel);
    expect(ids(ranked)).toEqual(ids([matched, high, nullNew, halfOld, tieA, tieB, lowOld]));
  });

  it('ranks two matched filters above one', () => {
    const rel = createRelevance({ paths: ['src'], taskIds: ['T-1'] });
    const one = makeEntry('open_question', { paths: ['src/a.ts'], recorded_at: at(100) });
    const two = makeEntry('open_question', { paths: ['src/a.ts'], related_task_ids: ['T-1'], recorded_at: at(1) });
    const none = makeEntry('open_question', { recorded_at: at(200) });
    expect(ids(rankEntries([none, one, two], () => 0, rel))).toEqual(ids([two, one, none]));
  });

  it('orders blockers by severity and risks by likelihood × impact, then recency', () => {
    const b = (severity: string, m: number) => makeEntry('blocker', { payload: { severity }, recorded_at: at(m) });
    const [low, crit, med, high, high2] = [b('low', 9), b('critical', 1), b('medium', 8), b('high', 2), b('high', 3)];
    expect(ids(rankEntries([low, med, high, crit, high2], severityScore, null))).toEqual(ids([crit, high2, high, med, low]));

    const r = (likelihood: string, impact: string, m: number) => makeEntry('risk', { payload: { likelihood, impact }, recorded_at: at(m) });
    const [hh, hm, mh, ll, mm] = [r('high', 'high', 1), r('high', 'medium', 2), r('medium', 'high', 3), r('low', 'low', 9), r('medium', 'medium', 4)];
    expect(ids(rankEntries([ll, mm, hm, hh, mh], riskScore, null))).toEqual(ids([hh, mh, hm, mm, ll]));
  });

  it('orders equal-dated titles as they read: inline Markdown and case do not move them', () => {
    const e = (title: string) => makeEntry('decision', { title, recorded_at: at(5) });
    const titles = ['`MeshGateway` as `targetRef.kind`', 'gRPC and TCP probes', 'Zone to Global policy sync', 'Adopt MADR', 'Logging standard'].map(e);
    expect(rankEntries(titles, () => 0, null).map((x) => x.title)).toEqual(['Adopt MADR', 'gRPC and TCP probes', 'Logging standard', '`MeshGateway` as `targetRef.kind`', 'Zone to Global policy sync']);
  });

  it('compares recorded_at by instant, not by text', () => {
    const frac = makeEntry('open_question', { recorded_at: '2024-01-01T00:00:00.500Z' });
    const whole = makeEntry('open_question', { recorded_at: '2024-01-01T00:00:00Z' });
    expect(ids(rankEntries([whole, frac], () => 0, null))).toEqual(ids([frac, whole]));
  });
});
