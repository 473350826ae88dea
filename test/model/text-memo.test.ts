import { describe, expect, it } from 'vitest';
import { memoizeText, TEXT_MEMO_CHARS } from '../../src/model/text-memo.js';
import { plainTextLine, whyOf } from '../../src/model/summary.js';

/** A pure text function that counts its calls. */
function counted(): { fn: (text: string) => string; calls: () => number } {
  let calls = 0;
  return { fn: (text) => { calls++; return text.toUpperCase(); }, calls: () => calls };
}

describe('memoizeText', () => {
  it('computes a text once, then answers from memory with the same result', () => {
    const { fn, calls } = counted();
    const memo = memoizeText(fn);
    expect(memo('## Context\n\nwhy')).toBe('## CONTEXT\n\nWHY');
    expect(memo('## Context\n\nwhy')).toBe('## CONTEXT\n\nWHY');
    expect(memo('other')).toBe('OTHER');
    expect(calls()).toBe(2);
  });

  it('does not keep a text longer than a sixteenth of its budget', () => {
    const { fn, calls } = counted();
    const memo = memoizeText(fn);
    const long = 'x'.repeat(TEXT_MEMO_CHARS / 16 + 1);
    memo(long);
    memo(long);
    expect(calls()).toBe(2);
  });

  it('drops the least recently used texts once its budget is full', () => {
    const { fn, calls } = counted();
    const memo = memoizeText(fn);
    const size = TEXT_MEMO_CHARS / 32;
    const texts = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(size, '.'));
    for (const t of texts) memo(t);
    expect(calls()).toBe(20);
    memo(texts[19]!); // still held
    expect(calls()).toBe(20);
    memo(texts[0]!); // dropped: 20 texts of 2 × 1/32 of the budget do not fit
    expect(calls()).toBe(21);
  });
});

describe('the memoized Markdown readings of summary.ts', () => {
  it('give the same why and plain line on every call, for each of many rationales', () => {
    const rationales = Array.from({ length: 50 }, (_, i) => `# ADR ${i}\n\nDate: 2024-01-0${i % 9 + 1}\n\n## Context\n\nWe need **thing ${i}** because [links](x) break.\n\n## Decision\n\n- use ${i}`);
    const first = rationales.map((r) => [whyOf(r), plainTextLine(r)]);
    expect(first[3]).toEqual(['We need thing 3 because links break.', expect.stringContaining('We need thing 3 because links break.')]);
    expect(rationales.map((r) => [whyOf(r), plainTextLine(r)])).toEqual(first);
  });
});
