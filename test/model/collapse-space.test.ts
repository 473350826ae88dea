/**
 * Issue 21: `collapseSpace` skips the regex rewrite when a text's only whitespace is single
 * spaces; it must give exactly what the rewrite gives, for every character and any mix.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapseSpace } from '../../src/model/collapse-space.js';

const rewrite = (text: string) => text.replace(/[\s\u0000-\u001f\u007f-\u009f]+/gu, ' ').trim();

describe('collapseSpace', () => {
  it('equals the rewrite around every BMP character', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const text = `a${String.fromCharCode(code)}b c`;
      if (collapseSpace(text) !== rewrite(text)) expect([code.toString(16), collapseSpace(text)]).toEqual([code.toString(16), rewrite(text)]);
    }
  });

  it('equals the rewrite for any mix of spaces, breaks, controls and text', () => {
    const alphabet = ['a', 'é', '日', ' ', '  ', '\n', '\r\n', '\t', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u0000', '\u0085', '\u009f', '\ud83d', '\ude00', '\u200b'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 30 }).map((parts) => parts.join('')), (text) => {
        expect(collapseSpace(text)).toBe(rewrite(text));
      }),
      { numRuns: 3000 },
    );
  });
});
