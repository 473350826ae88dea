/**
 * When an imported decision was made, as every surface shows it (issue #18 "Dates and authors"):
 * an ADR that states no day, copied outside git, says "day unknown" rather than the import's
 * day, and a day the importer stamped as 00:00 UTC is shown as a day, not as "00:00 UTC".
 */
import { describe, expect, it } from 'vitest';
import { decisionOrigin, recordedDayOnly } from '../../src/model/decision-origin.js';
import { decidedNote, recordedTag, updatedCell } from '../../src/http/dashboard/parts.js';
import { renderEntry } from '../../src/cli/render-entry.js';
import { makeEntry } from '../context/make-entry.js';

const imported = (decision_date: string | null, recorded_at: string) =>
  makeEntry('decision', { recorded_at, payload: { decision_date, decision_makers: null, status_text: null } });

describe('decision origin', () => {
  it('an imported decision with no day and no makers still has an origin: day unknown', () => {
    expect(decisionOrigin(imported(null, '2026-11-24T10:11:12.000Z'))).toEqual({ date: null, day: null, by: null });
    expect(decisionOrigin(makeEntry('decision', { recorded_at: '2026-11-24T10:11:12.000Z' }))).toBeNull(); // written with brain add: its recorded day is its day
    expect(decisionOrigin(makeEntry('risk', { payload: { decision_date: '2020-01-01' } }))).toBeNull();
  });

  it('a recorded_at the importer stamped from the ADR day is a day, not an instant', () => {
    const dayOnly = imported('2019-06-27', '2019-06-27T00:00:00.000Z');
    expect(recordedDayOnly(dayOnly)).toBe(true);
    expect(recordedDayOnly(imported('2019-06-27', '2019-06-28T00:00:00.000Z'))).toBe(false);
    expect(recordedDayOnly(makeEntry('decision', { recorded_at: '2019-06-27T00:00:00.000Z' }))).toBe(false);
    expect(String(recordedTag(dayOnly))).toContain('>2019-06-27</time>');
    expect(String(recordedTag(dayOnly, { timeOnly: true }))).toBe('');
    const observed = imported('2019-06-27', '2025-09-18T16:39:40.000Z');
    expect(String(recordedTag(observed, { timeOnly: true }))).toMatch(/>16:39<\/time> UTC$/);
    expect(String(recordedTag(observed))).toContain('2025-09-18 16:39 UTC');
    // The lists' Updated cell says the day once when the import stamped it, both days otherwise.
    expect(String(updatedCell(dayOnly)).match(/2019-06-27/g)).toHaveLength(2); // datetime attribute + text, in the decided line only
    expect(String(updatedCell(dayOnly))).toMatch(/^<div class="meta">decided <time/);
    expect(String(updatedCell(observed))).toMatch(/^<time datetime="2025-09-18T16:39:40.000Z"[^>]*>2025-09-18<\/time><div class="meta">decided <time datetime="2019-06-27">/);
  });

  it('a proposal is "written", not "decided"; the person is the ADR\'s (deciders it names, else who first committed it), never "decided by"', () => {
    const proposal = makeEntry('decision', { status: 'proposed', recorded_at: '2019-01-23T00:00:00.000Z', payload: { decision_date: '2019-01-23', decision_makers: 'Nina', status_text: 'Pending' } });
    const accepted = makeEntry('decision', { status: 'accepted', recorded_at: '2019-01-23T00:00:00.000Z', payload: { decision_date: '2019-01-23', decision_makers: 'Nina', status_text: 'Accepted' } });
    expect(renderEntry(proposal)).toContain('written:     2019-01-23 (by Nina)');
    expect(renderEntry(proposal)).not.toContain('decided');
    expect(renderEntry(accepted)).toContain('decided:     2019-01-23 (ADR by Nina)');
    expect(String(decidedNote(proposal))).toBe('<div class="meta">written <time datetime="2019-01-23">2019-01-23</time> · by Nina</div>');
    expect(String(decidedNote(accepted))).toBe('<div class="meta">decided <time datetime="2019-01-23">2019-01-23</time> · ADR by Nina</div>');
    // The board's row shows its author beside the cell: the same people are not named twice (decision 0054, round six).
    expect(String(updatedCell({ ...accepted, author: 'Nina' }))).toBe('<div class="meta">decided <time datetime="2019-01-23">2019-01-23</time></div>');
    expect(String(updatedCell({ ...accepted, author: 'ci-bot' }))).toContain(' · ADR by Nina</div>');
  });
});
