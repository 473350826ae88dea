/**
 * Graph labels cut to their box (svg-text.ts): at a word when one ends near the cut, never
 * inside a character, with no separator left dangling before the "…".
 */
import { describe, expect, it } from 'vitest';
import { fitText, textWidth } from '../../src/http/dashboard/svg-text.js';

describe('fitText', () => {
  it('cuts at a word and drops a dangling separator', () => {
    expect(fitText('ADR-0073 · Decision · proposed', 170, 11)).toBe('ADR-0073 · Decision…');
    expect(fitText('Use the gRPC protocol for the remote signer', 150, 12)).toBe('Use the gRPC protocol…');
  });

  it('cuts inside a word only when no word ends near, and keeps text that fits', () => {
    const cut = fitText('Supercalifragilisticexpialidocious-and-more-words', 120, 12);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.startsWith('Supercalifragilistic')).toBe(true);
    expect(textWidth(cut, 12)).toBeLessThanOrEqual(120);
    expect(fitText('Short', 120, 12)).toBe('Short');
    expect([...fitText('😀'.repeat(40), 60, 12)].every((ch) => ch === '😀' || ch === '…')).toBe(true);
  });
});
