/**
 * Titles in the CLI's tables (`list`, `search`, `history`) are cut at a word with `…` when one
 * ends near the column's width, never inside a word or a surrogate pair.
 */
import { describe, expect, it } from 'vitest';
import { renderHistory, renderList, renderSearch } from '../../src/cli/render.js';
import { newEntryBase } from '../../src/model/input.js';
import type { Entry } from '../../src/model/entry.js';

const title = 'Use a dedicated panel (OO Panel) to decide which LibreOffice Integration options are shown to the user at startup';
const entry: Entry = { ...newEntryBase({ entry_id: 'dec-0a1b2c3d4e5f', entry_kind: 'decision', project_id: 'p', author: 'Ada', recorded_at: '2026-01-02T03:04:05.000Z' }), title };
const lastCell = (table: string) => (table.split('\n')[1] as string).split('  ').pop() as string;

describe('table titles', () => {
  it('are cut at a word boundary, with an ellipsis, within the column', () => {
    for (const [cell, max] of [
      [lastCell(renderList([{ entry, forked: false, revision_count: 1 } as never])), 80],
      [lastCell(renderSearch({ hits: [{ entry, relevance_score: 1 }], corrections: [] })), 70],
      [lastCell(renderHistory([{ entry, sha256: 'a'.repeat(64) }])), 60],
    ] as const) {
      expect(cell.length).toBeLessThanOrEqual(max);
      expect(cell.endsWith('…')).toBe(true);
      expect(title.startsWith(cell.slice(0, -1))).toBe(true);
      expect(title.charAt(cell.length - 1)).toBe(' ');
    }
  });

  it('never split an astral character', () => {
    const emoji = { ...entry, title: `${'x'.repeat(58)}😀😀😀` };
    const cell = lastCell(renderHistory([{ entry: emoji, sha256: 'a'.repeat(64) }]));
    expect(cell).toBe(`${'x'.repeat(58)}…`);
  });
});

describe('brain show', () => {
  it('keeps a multi-line payload value indented under its key and labels the rationale after it', async () => {
    const { renderEntry } = await import('../../src/cli/render-entry.js');
    const adr: Entry = { ...entry, rationale: '## Context\n\nWhy.', payload: { decision_outcome: 'First paragraph.\n\n1. A step.\n1. Another.' } };
    const out = renderEntry(adr).split('\n');
    const at = out.indexOf('  decision_outcome: First paragraph.');
    expect(out.slice(at, at + 6)).toEqual(['  decision_outcome: First paragraph.', '', '    1. A step.', '    1. Another.', 'rationale:', '']);
    expect(out.at(-1)).toBe('Why.');
  });
});

describe('brain list columns', () => {
  it('show the DECIDED day as a day, never the deciders, and size each column to its content (decision 0050)', () => {
    const makers = 'Oliver Kopp, Tobias Diez, Carl Christian Snethlage, Christoph Schwentker, Koji Hasegawa';
    const adr = (day: string | null): Entry => ({ ...entry, author: makers, payload: { decision_date: day, decision_makers: makers } });
    const rows = [adr('2019-06-27'), adr(null), entry].map((e) => ({ entry: e, forked: false, revision_count: 1 }) as never);
    const lines = renderList(rows).split('\n');
    expect(lines[0]).toMatch(/^ID {16}KIND {6}STATUS {4}REV {2}DECIDED {5}CHANGED {26}TITLE$/);
    expect(lines[1]).toMatch(/ r1 {3}2019-06-27  2026-01-02 Oliver Kopp, Tobias… {2}Use a dedicated/);
    expect(lines[2]).toMatch(/ r1 {3}unknown {5}2026-01-02 /);
    expect(lines[3]).toMatch(/ r1 {3} {12}2026-01-02 Ada {19}Use a dedicated/);
    // A proposal is not decided yet: its day is when it was written, as on every other surface.
    const proposal = { entry: { ...adr('2026-07-10'), status: 'proposed' }, forked: false, revision_count: 1 } as never;
    expect(renderList([proposal]).split('\n')[1]).toMatch(/ proposed {2}r1 {3}written 2026-07-10 {2}2026-01-02 /);
  });
});


describe('brain show, one line per field', () => {
  it('prints a title holding a line or paragraph separator (U+2028, U+2029) on its one line, as list does', async () => {
    const { renderEntry } = await import('../../src/cli/render-entry.js');
    const out = renderEntry({ ...entry, title: 'Line\u2028break\u2029here' }).split('\n');
    expect(out[1]).toBe('title:       Line break here');
    expect(lastCell(renderList([{ entry: { ...entry, title: 'Line\u2028break\u2029here' }, forked: false, revision_count: 1 } as never]))).toBe('Line break here');
  });
});

describe("the list's DECIDED column (decision 0105)", () => {
  it('says the day, `written <day>` for a proposal, and `unknown` alone when no day is known', () => {
    const row = (status: string, payload: Record<string, unknown>) => ({ entry: { ...entry, title: 'T', status, payload: { alternatives: [], decision_outcome: '', ...payload } }, forked: false, revision_count: 1 }) as never;
    const cells = renderList([
      row('accepted', { decision_date: '2021-03-04', decision_makers: null }),
      row('proposed', { decision_date: '2021-03-05', decision_makers: null }),
      row('proposed', { decision_date: null, decision_makers: 'Ada' }),
      row('accepted', { decision_date: null, decision_makers: null }),
      row('accepted', {}),
    ])
      .split('\n')
      .slice(1)
      .map((line) => line.split(/\s{2,}/)[4]);
    // An entry with no origin leaves its cell empty, so the split finds the CHANGED cell there.
    expect(cells).toEqual(['2021-03-04', 'written 2021-03-05', 'unknown', 'unknown', '2026-01-02 Ada']);
  });
});
