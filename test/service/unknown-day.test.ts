/**
 * An imported decision whose day neither the file nor git told (issue #18 "Dates"): the brief
 * and the projection order it after every dated decision, and the timeline picture leaves it off
 * its time axis rather than placing it at the import's day.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildTimelineChart } from '../../src/service/timeline-chart.js';
import { withPictureReader } from '../../src/service/picture-reader.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { openTestBrain } from '../helpers/brain.js';

afterAll(cleanupTempDirs);

describe('a decision of unknown day', () => {
  it('ranks after dated decisions in the brief and is not placed on the timeline\'s time axis', async () => {
    const brain = await openTestBrain(initRepo(), { projectId: 'demo' });
    await brain.init();
    const unknown = await brain.writes.append({ kind: 'decision', fields: { title: 'Copied outside git', payload: { decision_date: null, decision_makers: null } } });
    await brain.writes.append({ kind: 'decision', fields: { title: 'Dated long ago', payload: { decision_date: '2018-03-01', decision_makers: null } } });
    const brief = await brain.context();
    expect(brief.markdown.indexOf('Dated long ago')).toBeLessThan(brief.markdown.indexOf('Copied outside git'));
    expect(brief.markdown).toMatch(/Copied outside git\*\* \(`dec-\w+` r1, accepted, day unknown, recorded \d{4}-\d{2}-\d{2}\)/);
    const chart = await withPictureReader(brain, (reader) => buildTimelineChart(reader));
    const item = chart.items.find((i) => i.entry_id === unknown.entry.entry_id);
    expect(item).toBeUndefined();
    expect(chart.items.find((i) => i.title === 'Dated long ago')).toMatchObject({ own_date: true, date: '2018-03-01T00:00:00.000Z' });
    await brain.close();
  });
});
