/** The file name of an exported decision that was not imported (src/exporters/adr/adr-file-name.ts): accents keep their letters. */
import { describe, expect, it } from 'vitest';
import { adrFileName } from '../../src/exporters/adr/adr-file-name.js';

describe('adrFileName', () => {
  it('slugs accented letters to their base letter, drops what has none, keeps the corpus naming', () => {
    expect(adrFileName(70, 'Ünïcödé 决定 🚀 über')).toBe('0070-unicode-uber.md');
    expect(adrFileName(3, 'Café crème & naïve résumé')).toBe('0003-cafe-creme-naive-resume.md');
    expect(adrFileName(7, 'Ångström', { prefix: 'adr-', width: 3, separator: '-' })).toBe('adr-007-angstrom.md');
    expect(adrFileName(1, '决定 🚀')).toBe('0001-decision.md');
  });

  it('transliterates the Latin letters that have no base form instead of cutting the word there (decision 0050)', () => {
    expect(adrFileName(4, 'Straße für Ærø, Œuvre, Þing, Đakovo, Łódź')).toBe('0004-strasse-fur-aero-oeuvre-thing-dakovo-lodz.md');
    expect(adrFileName(5, 'GROẞE Øre', { prefix: '', width: 3, separator: '_' })).toBe('005_grosse_ore.md');
    // Other scripts are dropped as before: the names earlier exports gave stay.
    expect(adrFileName(6, 'Решение über 决定')).toBe('0006-uber.md');
  });
});
