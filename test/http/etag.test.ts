/**
 * If-None-Match parsing and matching (RFC 9110 §8.8.3, §13.1.2) and the ETag derivation.
 */
import { describe, expect, it } from 'vitest';
import { contentEtag, notModified, parseIfNoneMatch, projectionEtag } from '../../src/http/etag.js';

describe('ETags', () => {
  it('derives a strong tag from the projected oid and the URL', () => {
    const a = projectionEtag({ oid: 'a'.repeat(40), url: '/api/projects/p/brain?limit=5' });
    expect(a).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(projectionEtag({ oid: 'a'.repeat(40), url: '/api/projects/p/brain?limit=5' })).toBe(a);
    expect(projectionEtag({ oid: 'b'.repeat(40), url: '/api/projects/p/brain?limit=5' })).not.toBe(a);
    expect(projectionEtag({ oid: 'a'.repeat(40), url: '/api/projects/p/brain?limit=6' })).not.toBe(a);
    expect(contentEtag('{}')).not.toBe(contentEtag('{ }'));
  });

  it('parses *, lists, weak tags, and ignores malformed fields', () => {
    expect(parseIfNoneMatch(undefined)).toBeNull();
    expect(parseIfNoneMatch(' * ')).toBe('*');
    expect(parseIfNoneMatch('"a"')).toEqual(['"a"']);
    expect(parseIfNoneMatch('"a", W/"b" ,"c,d"')).toEqual(['"a"', '"b"', '"c,d"']);
    for (const bad of ['a', '"a" "b"', 'W/a', '"a', '', '*, "a"']) expect(parseIfNoneMatch(bad), bad).toBeNull();
  });

  it('uses the weak comparison: W/"x" matches "x"', () => {
    expect(notModified('W/"x"', '"x"')).toBe(true);
    expect(notModified('"y", "x"', '"x"')).toBe(true);
    expect(notModified('"y"', '"x"')).toBe(false);
    expect(notModified('*', '"x"')).toBe(true);
    expect(notModified('garbage', '"x"')).toBe(false);
  });
});
