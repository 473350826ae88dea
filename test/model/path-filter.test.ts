/**
 * The path filter of lists and the dashboard (issue #8 part 2): which entry `paths` concern a
 * path, a directory or a glob — segment prefixes either way, globs either way, never a bare
 * string prefix.
 */
import { describe, expect, it } from 'vitest';
import { assertPathFilter, pathFilterMatches } from '../../src/model/path-match.js';

const ENTRY_PATHS = ['src', 'src/cache/', 'src/cache/schema.ts', 'src/payments/**', 'src/pay', './docs/adr', 'test/**/*.test.ts', 'README.md'];
const match = (filter: string) => {
  const checked = assertPathFilter(filter);
  return ENTRY_PATHS.filter((path) => pathFilterMatches(checked, path));
};

describe('pathFilterMatches', () => {
  it('matches a file to the entries about it and about the directories holding it', () => {
    expect(match('src/cache/schema.ts')).toEqual(['src', 'src/cache/', 'src/cache/schema.ts']);
    expect(match('./src/payments/api.ts')).toEqual(['src', 'src/payments/**']);
  });

  it('matches a directory to the entries about anything inside it, by whole segments', () => {
    expect(match('src/cache/')).toEqual(['src', 'src/cache/', 'src/cache/schema.ts']);
    expect(match('src/pay')).toEqual(['src', 'src/pay']);
    expect(match('docs')).toEqual(['./docs/adr']);
  });

  it('matches a glob to the paths it matches and the directories holding its base', () => {
    expect(match('src/**/*.ts')).toEqual(['src', 'src/cache/schema.ts']);
    expect(match('src/payments/**')).toEqual(['src', 'src/payments/**']);
    expect(match('test/http/rest.test.ts')).toEqual(['test/**/*.test.ts']);
    expect(match('*.md')).toEqual(['README.md']);
  });

  it('refuses a blank filter', () => {
    expect(() => match('  ')).toThrowError(expect.objectContaining({ code: 'invalid_argument' }));
    expect(() => match('./')).toThrowError(expect.objectContaining({ code: 'invalid_argument' }));
  });
});
