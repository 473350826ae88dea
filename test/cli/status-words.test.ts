/**
 * An imported ADR's status in its own words (`payload.status_text`) is kept verbatim for the
 * export, and shown as plain text: `brain show` and the entry page read `Accepted`, not
 * `**Accepted**` (decision 0054).
 */
import { describe, expect, it } from 'vitest';
import { renderEntry } from '../../src/cli/render-entry.js';
import { newEntryBase } from '../../src/model/input.js';
import { statusWordsOf } from '../../src/model/summary.js';
import type { Entry } from '../../src/model/entry.js';

const decision = (status_text: unknown): Entry => ({
  ...newEntryBase({ entry_id: 'dec-0a1b2c3d4e5f', entry_kind: 'decision', project_id: 'p', author: 'Ada', recorded_at: '2026-01-02T03:04:05.000Z' }),
  title: 'Use gRPC',
  status: 'accepted',
  payload: { alternatives: [], decision_outcome: '', status_text },
});

describe('status words', () => {
  it('are shown as plain text, links as their text', () => {
    expect(statusWordsOf(decision('**Accepted**'))).toBe('Accepted');
    expect(statusWordsOf(decision('Accepted (tracked in [#9256](https://example.org/9256))'))).toBe('Accepted (tracked in #9256)');
    expect(statusWordsOf(decision('Partially\n  Accepted'))).toBe('Partially Accepted');
    expect(statusWordsOf(decision('**  **'))).toBeNull();
    expect(statusWordsOf(decision(undefined))).toBeNull();
    const shown = renderEntry(decision('**Accepted**'));
    expect(shown).toMatch(/^status text: Accepted$/m);
    expect(shown).not.toContain('**');
  });
});
