/**
 * The dashboard's rendered-page cache (page-cache.ts): pages by ETag, least recently used
 * dropped beyond the size budget.
 */
import { describe, expect, it } from 'vitest';
import { createPageCache } from '../../src/http/dashboard/page-cache.js';

describe('createPageCache', () => {
  it('keeps pages by ETag and drops the least recently used beyond the budget', () => {
    const cache = createPageCache({ maxBytes: 10 });
    cache.set('"a"', 'aaaa');
    cache.set('"b"', 'bbbb');
    expect(cache.get('"a"')).toBe('aaaa'); // a is now the most recent
    cache.set('"c"', 'cccc'); // 12 > 10: b goes
    expect(cache.get('"b"')).toBeUndefined();
    expect(cache.get('"a"')).toBe('aaaa');
    expect(cache.get('"c"')).toBe('cccc');
    cache.set('"huge"', 'x'.repeat(11)); // larger than the budget: not kept, nothing evicted
    expect(cache.get('"huge"')).toBeUndefined();
    expect(cache.get('"a"')).toBe('aaaa');
  });
});
