import { describe, expect, it } from 'vitest';
import { validateEntry } from '../../src/model/validate.js';
import { buildEntry, checkTypedText, newEntryBase, sameContent } from '../../src/model/input.js';
import { LIMITS } from '../../src/model/limits.js';
import { deriveEntryId, newEntryId, ENTRY_ID_PATTERN } from '../../src/model/entry-id.js';
import { parseEntryKind, kindOfEntryId, LEGAL_STATUSES, ENTRY_KINDS } from '../../src/model/kinds.js';
import { resolveChanges, supersedeChanges, clearBlockerChanges } from '../../src/model/lifecycle.js';
import { BrainError } from '../../src/model/errors.js';
import type { Entry } from '../../src/model/entry.js';

const NOW = '2026-11-21T10:00:00.000Z';

function base(kind: (typeof ENTRY_KINDS)[number] = 'decision'): Entry {
  return newEntryBase({ entry_id: newEntryId(kind), entry_kind: kind, project_id: 'demo', author: 'ana', recorded_at: NOW });
}

function expectCode(fn: () => unknown, code: string, message?: RegExp): BrainError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(BrainError);
    expect((err as BrainError).code).toBe(code);
    if (message) expect((err as BrainError).message).toMatch(message);
    return err as BrainError;
  }
  throw new Error(`expected ${code}`);
}

describe('entry ids', () => {
  it('are kind prefix + 12 Crockford base32 chars, unique, and derivable', () => {
    const ids = new Set(Array.from({ length: 20_000 }, () => newEntryId('decision')));
    expect(ids.size).toBe(20_000);
    for (const id of [...ids].slice(0, 100)) expect(id).toMatch(/^dec-[0-9a-hjkmnp-tv-z]{12}$/);
    expect(deriveEntryId('risk', 'seed')).toBe(deriveEntryId('risk', 'seed'));
    expect(deriveEntryId('risk', 'seed')).not.toBe(deriveEntryId('risk', 'seed2'));
    expect(deriveEntryId('risk', 'seed')).toMatch(ENTRY_ID_PATTERN);
    expect(kindOfEntryId('que-0123456789ab')).toBe('open_question');
    expectCode(() => kindOfEntryId('zzz-0123456789ab'), 'invalid_argument');
  });
});

describe('validateEntry', () => {
  it('accepts a built entry of every kind with its default status', () => {
    for (const kind of ENTRY_KINDS) {
      const fields = kind === 'dependency' ? { title: 'x', payload: { depends_on: 'libfoo' } } : { title: 'x' };
      const entry = buildEntry(base(kind), fields, { revision: 1, author: 'ana', recorded_at: NOW });
      expect(entry.entry_kind).toBe(kind);
      expect(LEGAL_STATUSES[kind]).toContain(entry.status);
    }
  });

  it('rejects an illegal status for the kind, naming the legal ones', () => {
    const err = expectCode(() => buildEntry(base('risk'), { title: 't', status: 'resolved' }, { revision: 1, author: 'a', recorded_at: NOW }), 'illegal_status');
    expect(err.message).toBe('a risk cannot be resolved; legal: active, mitigated, retired');
    expectCode(() => buildEntry(base('decision'), { title: 't', status: 'open' }, { revision: 1, author: 'a', recorded_at: NOW }), 'illegal_status', /a decision cannot be open; legal: proposed, accepted, rejected, deprecated, superseded/);
    expectCode(() => buildEntry(base('decision'), { title: 't', status: 'bogus' }, { revision: 1, author: 'a', recorded_at: NOW }), 'illegal_status');
  });

  it('names the missing fields of a stray file in one clause and counts issues past the sixth', () => {
    const stray = expectCode(() => validateEntry({ x: 1 }), 'invalid_entry');
    expect(stray.message).toMatch(/^invalid entry: missing: (\w+, ){10,}\w+; Unrecognized key: "x"$/);
    expect(stray.message).toContain('entry_id, revision, project_id, entry_kind, title');
    expect(stray.message).not.toContain('received undefined');
    const many = Object.fromEntries(['entry_id', 'entry_kind', 'title', 'status', 'author', 'recorded_at', 'revision', 'rationale'].map((k) => [k, []]));
    const bad = expectCode(() => validateEntry(many), 'invalid_entry');
    expect(bad.message).toMatch(/; … and \d+ more$/);
    expect(bad.message.split('; ')).toHaveLength(6 + 1 + (bad.message.includes('missing:') ? 1 : 0));
  });

  it('rejects unknown kinds with the list of legal kinds', () => {
    const err = expectCode(() => parseEntryKind('epic'), 'invalid_argument', /unknown entry kind "epic"/);
    expect(err.hint).toContain('open_question');
    expect(parseEntryKind('open-question')).toBe('open_question');
  });

  it('enforces bounds: title 1–200 non-blank, a stored rationale ≤ 1 000 000, counts', () => {
    const mk = (fields: object) => () => buildEntry(base(), fields, { revision: 1, author: 'a', recorded_at: NOW });
    expectCode(mk({ title: 'x'.repeat(201) }), 'invalid_entry', /title: must be at most 200 characters/);
    expect(() => mk({ title: 'x'.repeat(200) })()).not.toThrow();
    expectCode(mk({ title: '   ' }), 'invalid_entry', /title: must not be blank/);
    expectCode(mk({ title: '' }), 'invalid_entry', /title/);
    expect(() => mk({ title: 't', rationale: 'r'.repeat(20_001) })()).not.toThrow();
    expectCode(mk({ title: 't', rationale: 'r'.repeat(LIMITS.body + 1) }), 'invalid_entry', /rationale/);
    expectCode(mk({ title: 't', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }), 'invalid_entry', /tags/);
    expectCode(mk({ title: 't', tags: [' '] }), 'invalid_entry', /tags\.0/);
    expectCode(mk({ title: 't', confidence: 1.5 }), 'invalid_entry', /confidence/);
    expectCode(mk({ title: 't', payload: { alternatives: 'not a list' } }), 'invalid_entry', /payload\.alternatives/);
    expectCode(mk({ title: 't', payload: { surprise: 1 } }), 'invalid_entry', /payload/);
  });

  it('bounds typed text at 20 000 characters: rationale, payload text, each alternative', () => {
    expect(() => checkTypedText({ rationale: 'r'.repeat(20_000), payload: { decision_outcome: 'o'.repeat(20_000) } })).not.toThrow();
    expectCode(() => checkTypedText({ rationale: 'r'.repeat(20_001) }), 'invalid_entry', /rationale: must be at most 20000 characters/);
    expectCode(() => checkTypedText({ payload: { answer: 'a'.repeat(20_001) } }), 'invalid_entry', /payload\.answer/);
    expectCode(() => checkTypedText({ payload: { alternatives: ['x', 'y'.repeat(20_001)] } }), 'invalid_entry', /payload\.alternatives/);
  });

  it('drops a decision\'s source status words when its status changes, unless the change sets them', () => {
    const imported = buildEntry(base(), { title: 't', status: 'accepted', payload: { status_text: 'Implemented (moved to x)' } }, { revision: 1, author: 'a', recorded_at: NOW });
    const same = buildEntry(imported, { title: 'u' }, { revision: 2, author: 'a', recorded_at: NOW });
    expect(same.payload['status_text']).toBe('Implemented (moved to x)');
    const changed = buildEntry(imported, { status: 'deprecated' }, { revision: 2, author: 'a', recorded_at: NOW });
    expect('status_text' in changed.payload).toBe(false);
    const reimported = buildEntry(imported, { status: 'deprecated', payload: { status_text: 'Deprecated' } }, { revision: 2, author: 'a', recorded_at: NOW });
    expect(reimported.payload['status_text']).toBe('Deprecated');
  });

  it('rejects naive timestamps, bad ids, a kind/prefix mismatch and unknown fields', () => {
    const good = buildEntry(base(), { title: 't' }, { revision: 1, author: 'a', recorded_at: NOW });
    expectCode(() => validateEntry({ ...good, recorded_at: '2026-11-21T10:00:00' }), 'invalid_entry', /recorded_at/);
    expectCode(() => validateEntry({ ...good, recorded_at: '2026-11-21T10:00:00+02:00' }), 'invalid_entry', /recorded_at/);
    expectCode(() => validateEntry({ ...good, entry_id: 'dec-short' }), 'invalid_entry', /entry_id/);
    expectCode(() => validateEntry({ ...good, entry_id: 'rsk-0123456789ab' }), 'invalid_entry', /must start with "dec-"/);
    expectCode(() => validateEntry({ ...good, extra: true }), 'invalid_entry');
    // An own "__proto__" member, as JSON.parse makes it, is an unknown field too (the payload's as the envelope's).
    const proto = JSON.stringify({ ...good, payload: { ...good.payload } });
    expectCode(() => validateEntry(JSON.parse(proto.replace('"payload":{', '"payload":{"__proto__":"x",'))), 'invalid_entry', /payload: Unrecognized key: "__proto__"/);
    expectCode(() => validateEntry(JSON.parse(proto.replace('{', '{"__proto__":"x",'))), 'invalid_entry', /__proto__/);
    expectCode(() => validateEntry({ ...good, revision: 0 }), 'invalid_entry', /revision/);
    expectCode(() => validateEntry('nope'), 'invalid_entry');
  });

  it('compares content ignoring revision, author and time', () => {
    const a = buildEntry(base(), { title: 't' }, { revision: 1, author: 'a', recorded_at: NOW });
    expect(sameContent(a, { ...a, revision: 2, author: 'b', recorded_at: '2027-01-01T00:00:00Z' })).toBe(true);
    expect(sameContent(a, { ...a, title: 'u' })).toBe(false);
  });
});

describe('lifecycle', () => {
  const make = (kind: (typeof ENTRY_KINDS)[number], fields: object = {}) =>
    buildEntry(base(kind), { title: 't', ...(kind === 'dependency' ? { payload: { depends_on: 'x' } } : {}), ...fields }, { revision: 1, author: 'a', recorded_at: NOW });

  it('resolve: questions and dependencies resolve, blockers clear, others are illegal', () => {
    expect(resolveChanges(make('open_question'), { answer: '42' })).toMatchObject({ status: 'resolved', payload: { answer: '42' } });
    expect(resolveChanges(make('dependency'), {})).toMatchObject({ status: 'resolved' });
    expect(resolveChanges(make('blocker'), { resolution: 'done' })).toMatchObject({ status: 'cleared', payload: { resolution: 'done', severity: 'medium' } });
    expectCode(() => resolveChanges(make('risk'), {}), 'illegal_status', /a risk cannot be resolved/);
    expectCode(() => resolveChanges(make('decision'), {}), 'illegal_status');
    // The kind is checked first: a flag on a kind that never resolves is not "takes no answer".
    expectCode(() => resolveChanges(make('decision'), { answer: 'x' }), 'illegal_status', /a decision cannot be resolved/);
    expectCode(() => resolveChanges(make('risk'), { resolution: 'x' }), 'illegal_status', /a risk cannot be resolved/);
    expectCode(() => resolveChanges(make('dependency'), { answer: 'x' }), 'invalid_argument', /takes no answer/);
    expectCode(() => clearBlockerChanges(make('risk'), { resolution: 'x' }), 'illegal_status');
  });

  it('supersede links both ways and only applies to decisions and plans', () => {
    const old = make('decision');
    const next = make('decision');
    const changes = supersedeChanges(old, next);
    expect(changes.old).toMatchObject({ status: 'superseded', related_entry_ids: [next.entry_id] });
    expect(changes.successor).toMatchObject({ supersedes_entry_id: old.entry_id, related_entry_ids: [old.entry_id] });
    const plans = supersedeChanges(make('plan_revision'), make('plan_revision'));
    expect(plans.successor.payload).toHaveProperty('supersedes_plan_entry_id');
    expectCode(() => supersedeChanges(make('risk'), next), 'illegal_status');
    expectCode(() => supersedeChanges(old, old), 'invalid_argument');
  });
});
