/**
 * brain_get's text (mcp/render.ts): every payload field with a value, none without one — a
 * `decision_makers: null` or an empty outcome is noise to an agent (decision 0054); the
 * structured content keeps every field.
 */
import { describe, expect, it } from 'vitest';
import { renderEntryText } from '../../src/mcp/render.js';
import { newEntryBase } from '../../src/model/input.js';
import type { Entry } from '../../src/model/entry.js';

describe('brain_get text', () => {
  it('lists the payload fields that have a value and leaves out null and blank ones', () => {
    const entry: Entry = {
      ...newEntryBase({ entry_id: 'dec-0a1b2c3d4e5f', entry_kind: 'decision', project_id: 'p', author: 'Ada', recorded_at: '2026-01-02T03:04:05.000Z' }),
      title: 'Use gRPC',
      status: 'accepted',
      payload: { alternatives: [], decision_outcome: ' ', decision_makers: null, decision_date: '2024-04-30', status_text: 'Accepted' },
    };
    const lines = renderEntryText(entry).split('\n');
    expect(lines).toContain('alternatives: (none)');
    expect(lines).toContain('decision_date: 2024-04-30');
    expect(lines).toContain('status_text: Accepted');
    expect(lines.some((l) => l.startsWith('decision_makers:') || l.startsWith('decision_outcome:'))).toBe(false);
  });
});
