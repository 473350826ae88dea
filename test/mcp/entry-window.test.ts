/** windowEntry (src/mcp/entry-window.ts): the cut never splits a surrogate pair, and the parts join back to the text. */
import { describe, expect, it } from 'vitest';
import { windowEntry, windowNote } from '../../src/mcp/entry-window.js';
import { newEntryBase } from '../../src/model/input.js';
import type { Entry } from '../../src/model/entry.js';

const entry = (rationale: string): Entry => ({ ...newEntryBase({ entry_id: 'dec-0123456789ab', entry_kind: 'decision', project_id: 'p', author: 'a', recorded_at: '2026-01-01T00:00:00.000Z' }), title: 't', revision: 1, rationale }) as Entry;

describe('windowEntry', () => {
  it('moves an odd cut off the middle of a surrogate pair; the parts join back', () => {
    const text = '😀'.repeat(3000);
    let offset: number | null = 0;
    let joined = '';
    while (offset !== null) {
      const part = windowEntry(entry(text), { offset, maxChars: 1001 });
      expect(part.entry.rationale).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
      expect(part.cuts[0]!.returned_chars).toBe(1000);
      joined += part.entry.rationale;
      offset = part.next_offset;
    }
    expect(joined).toBe(text);
  });

  it('leaves a text within maxChars alone and says nothing', () => {
    const part = windowEntry(entry('why'), { offset: 0, maxChars: 1000 });
    expect(part).toEqual({ entry: entry('why'), cuts: [], next_offset: null });
    expect(windowNote(part)).toBeNull();
  });
});
