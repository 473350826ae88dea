import { describe, expect, it } from 'vitest';
import { plural } from '../../src/model/plural.js';

describe('plural', () => {
  it('writes one noun for one and the plural form for any other count', () => {
    expect(plural(1, 'madr file')).toBe('1 madr file');
    expect(plural(0, 'commit')).toBe('0 commits');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
  });
});
