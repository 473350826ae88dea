/**
 * The rationale line diff (src/review/line-diff.ts): same hunks as GNU `diff -u` on plain
 * cases, and on random inputs an edit script that rebuilds both sides with the fewest changes.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { diffLines, splitLines, unifiedDiff } from '../../src/review/line-diff.js';
import { cleanupTempDirs, tempDir } from '../helpers/git.js';

afterAll(cleanupTempDirs);

/** GNU diff -u of two texts, without the two file header lines; null when equal. */
function gnuDiff(a: string, b: string): string | null {
  const dir = tempDir('brain-diff-');
  writeFileSync(join(dir, 'a'), a);
  writeFileSync(join(dir, 'b'), b);
  try {
    execFileSync('diff', ['-u', 'a', 'b'], { cwd: dir, encoding: 'utf8' });
    return null;
  } catch (err) {
    return (err as { stdout: string }).stdout.split('\n').slice(2).join('\n').replace(/\n$/, '');
  }
}

const lines = (...xs: string[]) => `${xs.join('\n')}\n`;

describe('unifiedDiff', () => {
  it('is null for equal texts and ignores a missing final newline', () => {
    expect(unifiedDiff('a\nb\n', 'a\nb\n')).toBeNull();
    expect(unifiedDiff('a\nb', 'a\nb\n')).toBeNull();
    expect(unifiedDiff('', '')).toBeNull();
  });

  it('shows a new text as all additions and a removed one as all removals', () => {
    expect(unifiedDiff('', 'one\ntwo')).toBe('@@ -0,0 +1,2 @@\n+one\n+two');
    expect(unifiedDiff('one\n', '')).toBe('@@ -1,1 +0,0 @@\n-one');
  });

  const cases: [string, string, string][] = [
    ['one change in the middle', lines('a', 'b', 'c', 'd', 'e', 'f', 'g'), lines('a', 'b', 'c', 'X', 'e', 'f', 'g')],
    ['two hunks far apart', lines(...'abcdefghijklmnopqrst'.split('')), lines(...'aBcdefghijklmnopqrSt'.split(''))],
    ['changes close enough to share a hunk', lines(...'abcdefghij'.split('')), lines(...'aBcdefgHij'.split(''))],
    ['insertion at the start and deletion at the end', lines('a', 'b', 'c', 'd'), lines('new', 'a', 'b', 'c')],
    ['pure insertion after the first line', lines('a', 'b'), lines('a', 'x', 'y', 'b')],
  ];
  for (const [name, a, b] of cases) {
    it(`matches GNU diff -u: ${name}`, () => {
      expect(unifiedDiff(a, b)).toBe(gnuDiff(a, b));
    });
  }

  it('drops CR before LF', () => {
    expect(splitLines('a\r\nb\r\n')).toEqual(['a', 'b']);
  });
});

describe('diffLines', () => {
  it('rebuilds both sides with a minimal number of changed lines (random inputs)', () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 25 });
    fc.assert(
      fc.property(text, text, (a, b) => {
        const script = diffLines(a, b);
        expect(script.filter((l) => l.op !== '+').map((l) => l.text)).toEqual(a);
        expect(script.filter((l) => l.op !== '-').map((l) => l.text)).toEqual(b);
        const kept = script.filter((l) => l.op === ' ').length;
        expect(kept).toBe(lcsLength(a, b));
      }),
      { numRuns: 300 },
    );
  });

  it('falls back to remove-all/add-all past the size limit, still correct', () => {
    const a = Array.from({ length: 2_100 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 2_100 }, (_, i) => `b${i}`);
    const script = diffLines(['same', ...a, 'end'], ['same', ...b, 'end']);
    expect(script.filter((l) => l.op === '-')).toHaveLength(2_100);
    expect(script.filter((l) => l.op === '+')).toHaveLength(2_100);
  });
});

function lcsLength(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let prev = 0;
    for (let j = 1; j <= b.length; j++) {
      const saved = row[j] as number;
      row[j] = x === b[j - 1] ? prev + 1 : Math.max(row[j] as number, row[j - 1] as number);
      prev = saved;
    }
  }
  return row[b.length] as number;
}
