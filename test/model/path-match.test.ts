/**
 * Entry paths as prefixes or globs (issue #8 part 3, model/path-match.ts): which changed files
 * an entry path covers, and which entries a list's path filter selects.
 */
import { describe, expect, it } from 'vitest';
import { assertPathFilter, entryPathCoversFile, normalizePath, pathFilterMatches } from '../../src/model/path-match.js';

describe('entryPathCoversFile', () => {
  it.each([
    ['src/payments', 'src/payments/refund.ts', true],
    ['src/payments/', 'src/payments/a/b.ts', true],
    ['./src/payments', 'src/payments/refund.ts', true],
    ['src/payments/refund.ts', 'src/payments/refund.ts', true],
    ['src/pay', 'src/payments/refund.ts', false],
    ['src/payments/refund.ts', 'src/payments/refund.tsx', false],
    ['src/payments/**', 'src/payments/a/b/c.ts', true],
    ['src/payments/**', 'src/paymentsx/a.ts', false],
    ['src/*.ts', 'src/a.ts', true],
    ['src/*.ts', 'src/a/b.ts', false],
    ['**/*.sql', 'db/migrations/001.sql', true],
    ['**/*.sql', 'db/.hidden/001.sql', true],
    ['src/{orders,payments}/**', 'src/orders/x.ts', true],
    ['', 'src/a.ts', false],
  ])('%s covers %s: %s', (entryPath, file, expected) => {
    expect(entryPathCoversFile(entryPath, file)).toBe(expected);
  });
});

describe('pathFilterMatches (list filters)', () => {
  it.each([
    ['src/payments', 'src/payments/refund.ts', true], // entry inside the filter
    ['src/payments/refund.ts', 'src/payments', true], // entry covering the filter
    ['src/payments', 'src/pay', false],
    ['src/payments/**', 'src/payments/refund.ts', true],
    ['src/payments/**', 'src/payments', true],
    ['src/payments/**', 'src', true], // an entry about src concerns src/payments/**
    ['src/payments/**', 'src/orders', false],
    ['src/payments/**', 'src/payments/**', true],
    ['src/**', 'src/payments/*.ts', true],
    ['src/orders/**', 'src/payments/*.ts', false],
    ['src/payments/refund.ts', 'src/payments/*.ts', true],
    ['src/payments/refund.ts', 'src/orders/*.ts', false],
    ['**/*.sql', 'db/schema.sql', true],
    ['**/*.sql', 'db', false],
    ['**/*.sql', 'db/*.sql', true],
    ['db/*.sql', '**/*.ts', false],
  ])('filter %s, entry path %s: %s', (filter, entryPath, expected) => {
    expect(pathFilterMatches(filter, entryPath)).toBe(expected);
  });

  it('normalizes separators and refuses a filter that names no path', () => {
    expect(normalizePath('.\\src//a/')).toBe('src/a');
    expect(() => assertPathFilter('./')).toThrow(expect.objectContaining({ code: 'invalid_argument' }));
    expect(assertPathFilter('src/**')).toBe('src/**');
  });
});
