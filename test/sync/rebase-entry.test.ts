/**
 * The field-level three-way rebase a sync applies to each replayed revision
 * (src/model/rebase-entry.ts), and the ledger rules for fork-closing lines
 * (`merged_sha256`, src/store/verify-ledger.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/model/entry.js';
import { rebaseEntry } from '../../src/model/rebase-entry.js';
import { formatLedgerLine, parseLedger, type LedgerLine } from '../../src/store/ledger.js';
import { openFork, verifyLedger } from '../../src/store/verify-ledger.js';
import { makeEntry } from '../helpers/plain-git.js';

const base = makeEntry({ kind: 'open_question', projectId: 'demo', title: 'Which port?', fields: { rationale: 'r0', tags: ['net'] } });
const at = (revision: number, author: string, changes: Partial<Entry>): Entry => ({ ...base, ...changes, revision, author, recorded_at: `2024-05-0${revision}T00:00:00.000Z` });

describe('rebaseEntry', () => {
  it('keeps what each side changed; ours wins where both changed a field, which is reported', () => {
    const theirs = at(2, 'bob', { title: 'Which port for the daemon?', rationale: 'r2' });
    const ours = at(2, 'ana', { rationale: 'r1' });
    const r = rebaseEntry({ base, ours, theirs });
    expect(r.entry).toMatchObject({ title: 'Which port for the daemon?', rationale: 'r1', author: 'ana', recorded_at: ours.recorded_at, revision: 2 });
    expect(r.conflicts).toEqual(['rationale']);
    expect(r.fallback).toBe(false);
  });

  it('set fields both sides changed keep both sides: additions and removals, no conflict (docs/decisions/0060)', () => {
    // Both tagged; ours also dropped `net`. Both superseded the entry, by two successors: both links stay.
    const theirs = at(2, 'bob', { tags: ['net', 'daemon'], related_entry_ids: ['dec-bbbbbbbbbbbb'] });
    const ours = at(2, 'ana', { tags: ['http'], related_entry_ids: ['dec-cccccccccccc'] });
    const r = rebaseEntry({ base, ours, theirs });
    expect(r.entry).toMatchObject({ tags: ['daemon', 'http'], related_entry_ids: ['dec-bbbbbbbbbbbb', 'dec-cccccccccccc'] });
    expect(r.conflicts).toEqual([]);
    // Without a base there is nothing to tell additions from removals: ours, reported, as before.
    expect(rebaseEntry({ base: null, ours, theirs })).toMatchObject({ entry: { tags: ['http'] }, conflicts: ['related_entry_ids', 'tags'] });
  });

  it('merges payloads key by key, and status like any field', () => {
    const theirs = at(2, 'bob', { status: 'resolved', payload: { answer: '7420' } });
    const ours = at(2, 'ana', { title: 'Which port (HTTP)?' });
    expect(rebaseEntry({ base, ours, theirs }).entry).toMatchObject({ title: 'Which port (HTTP)?', status: 'resolved', payload: { answer: '7420' } });
    const both = rebaseEntry({ base, ours: at(2, 'ana', { status: 'resolved', payload: { answer: '8080' } }), theirs });
    expect(both.entry.payload).toEqual({ answer: '8080' });
    expect(both.conflicts).toEqual(['payload.answer']);
  });

  it('a status they set to superseded stays when we changed the status too: their successor names the entry (docs/decisions/0060)', () => {
    const decision = makeEntry({ kind: 'decision', projectId: 'demo', title: 'Use Redis', fields: { status: 'accepted' } });
    const on = (revision: number, author: string, changes: Partial<Entry>): Entry => ({ ...decision, ...changes, revision, author, recorded_at: `2024-05-0${revision}T00:00:00.000Z` });
    const theirs = on(2, 'bob', { status: 'superseded', related_entry_ids: ['dec-bbbbbbbbbbbb'] });
    const ours = on(2, 'ana', { status: 'deprecated', rationale: 'Too costly.' });
    const r = rebaseEntry({ base: decision, ours, theirs });
    expect(r.entry).toMatchObject({ status: 'superseded', rationale: 'Too costly.', related_entry_ids: ['dec-bbbbbbbbbbbb'], author: 'ana' });
    expect(r.conflicts).toEqual(['status']);
    // The other way round, ours superseded it: ours wins as any field does.
    expect(rebaseEntry({ base: decision, ours: theirs, theirs: ours }).entry.status).toBe('superseded');
  });

  it('the same change on both sides is no conflict; without a base every difference is one', () => {
    const same = rebaseEntry({ base, ours: at(2, 'ana', { title: 'T' }), theirs: at(2, 'bob', { title: 'T' }) });
    expect(same.conflicts).toEqual([]);
    const noBase = rebaseEntry({ base: null, ours: at(1, 'ana', { title: 'A', rationale: 'r0' }), theirs: at(1, 'bob', { title: 'B', rationale: 'r0' }) });
    expect(noBase.entry).toMatchObject({ title: 'A', author: 'ana' });
    expect(noBase.conflicts).toEqual(['title']);
  });
});

const sha = (c: string) => c.repeat(64);
const line = (revision: number, s: string, parent: string | null, merged?: string[]): LedgerLine => ({
  revision,
  file: `r000${revision}-${s.slice(0, 8)}.json`,
  sha256: s,
  parent_sha256: parent,
  ...(merged ? { merged_sha256: merged } : {}),
  recorded_at: '2024-05-01T00:00:00.000Z',
  author: 'x',
});

describe('fork-closing ledger lines (merged_sha256)', () => {
  const dir = 'projects/demo/decision/ab/dec-abcdefghjkmn';
  const r1 = line(1, sha('1'), null);
  const r2a = line(2, sha('a'), sha('1'));
  const r2b = line(2, sha('b'), sha('1'));
  const files = (lines: LedgerLine[]) => new Map(lines.map((l) => [l.file, l.sha256]));

  it('round-trips through the ledger format, keys sorted, absent when not closing a fork', () => {
    const closing = line(3, sha('3'), sha('b'), [sha('a')]);
    const text = formatLedgerLine(closing) + formatLedgerLine(r1);
    expect(parseLedger(text)).toEqual([closing, r1]);
    expect(text.split('\n')[0]).toMatch(/^\{"author":"x","file":"[^"]+","merged_sha256":\["a{64}"\],"parent_sha256":"b{64}"/);
    expect(formatLedgerLine(r1)).not.toContain('merged_sha256');
    expect(() => parseLedger(JSON.stringify({ ...r1, merged_sha256: [] }))).toThrow(/malformed/);
  });

  it('verify accepts a closing line naming the other r(n-1), and rejects any other merged sha', () => {
    const good = [r1, r2a, r2b, line(3, sha('3'), sha('b'), [sha('a')])];
    expect(verifyLedger({ dir, ledger: good, files: files(good) })).toEqual([]);
    const cases: [string, LedgerLine[]][] = [
      ['not an r2', [r1, r2a, r2b, line(3, sha('3'), sha('b'), [sha('1')])]],
      ['the parent again', [r1, r2a, r2b, line(3, sha('3'), sha('b'), [sha('b')])]],
      ['repeated', [r1, r2a, r2b, line(3, sha('3'), sha('b'), [sha('a'), sha('a')])]],
      ['on r1', [line(1, sha('1'), null, [sha('a')])]],
    ];
    for (const [name, lines] of cases) {
      const failures = verifyLedger({ dir, ledger: lines, files: files(lines) });
      expect(failures.map((f) => f.code), name).toEqual(['broken_chain']);
    }
  });

  it('openFork reports the top revision held by several files, and nothing once a later revision exists', () => {
    expect(openFork({ dir, files: files([r1, r2a, r2b]) })).toEqual({ entry_id: 'dec-abcdefghjkmn', dir, revision: 2, files: [r2a.file, r2b.file].sort() });
    expect(openFork({ dir, files: files([r1, r2a, r2b, line(3, sha('3'), sha('b'), [sha('a')])]) })).toBeNull();
    expect(openFork({ dir, files: files([r1, r2a]) })).toBeNull();
  });
});
