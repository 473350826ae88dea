/**
 * One list-cursor codec for a clone and the hub (issue #22, decision 0046): cursors handed out
 * before the hub's own cursor code went (src/hub/http/params.ts) still decode to the same
 * position, both codecs still write those bytes, and anything else is refused.
 */
import { describe, expect, it } from 'vitest';
import { BrainError } from '../../src/model/errors.js';
import { decodeCursor, decodeRepoCursor, encodeCursor, encodeRepoCursor, nextRepoCursor } from '../../src/service/list-cursor.js';

// Cursors as the hub's and the clone's lists handed them out before (base64url JSON of the keyset).
const HUB_CURSOR = 'WyIyMDI2LTAzLTAxVDEwOjAwOjAwLjAwMFoiLCJkZWMtMDEyMzQ1Njc4OWFiY2RlZiIsImFscGhhIl0';
const CLONE_CURSOR = 'WyIyMDI2LTAzLTAxVDEwOjAwOjAwLjAwMFoiLCJkZWMtMDEyMzQ1Njc4OWFiY2RlZiJd';
const position = { recorded_at: '2026-03-01T10:00:00.000Z', entry_id: 'dec-0123456789abcdef' };

describe('list cursors', () => {
  it('decodes cursors handed out before, and writes the same bytes', () => {
    expect(decodeRepoCursor(HUB_CURSOR)).toEqual({ ...position, repo: 'alpha' });
    expect(encodeRepoCursor({ ...position, repo: 'alpha' })).toBe(HUB_CURSOR);
    expect(decodeCursor(CLONE_CURSOR)).toEqual(position);
    expect(encodeCursor(position)).toBe(CLONE_CURSOR);
  });

  it('names the next page by its last row, and none after the last page', () => {
    const row = { repo: 'alpha', entry: { ...position } } as never;
    expect(nextRepoCursor({ rows: [row], has_more: true })).toBe(HUB_CURSOR);
    expect(nextRepoCursor({ rows: [row], has_more: false })).toBeNull();
  });

  it('refuses what no page handed out: a clone cursor on the hub, garbage', () => {
    for (const bad of [CLONE_CURSOR, 'garbage', '']) {
      const err = (() => { try { decodeRepoCursor(bad); } catch (e) { return e; } return null; })();
      expect(err).toBeInstanceOf(BrainError);
      expect((err as BrainError).code).toBe('invalid_argument');
      expect((err as BrainError).message).toBe('invalid cursor');
    }
  });
});
