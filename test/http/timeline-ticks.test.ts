/**
 * The timeline's axis (src/http/dashboard/timeline-chart.ts `timeTicks`): the first tick is the
 * boundary the axis starts in, so the earliest items are labelled — a corpus whose first decisions
 * are of June 2017 shows "2017", not unlabelled dots left of "2018".
 */
import { describe, expect, it } from 'vitest';
import { timeTicks } from '../../src/http/dashboard/timeline-chart.js';

const at = (iso: string) => Date.parse(iso);

describe('timeline axis ticks', () => {
  it.each([
    ['years', '2017-06-30', '2022-10-10', '2017', '2022'],
    ['months', '2021-03-17', '2021-09-02', '2021-03', '2021-09'],
    ['days', '2021-03-17T12:00:00Z', '2021-03-20T08:00:00Z', '2021-03-17', '2021-03-20'],
  ])('%s: the first tick is at or before the first item, the last within the span', (_step, from, to, first, last) => {
    const ticks = timeTicks(at(from), at(to));
    expect(ticks[0]!.t).toBeLessThanOrEqual(at(from));
    expect(ticks[0]!.label).toBe(first);
    expect(ticks.at(-1)!.label).toBe(last);
    expect(ticks.length).toBeLessThanOrEqual(10);
  });
});
