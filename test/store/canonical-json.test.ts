import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson, isCanonical, sha256Hex } from '../../src/store/canonical-json.js';
import { formatLedgerLine, parseLedger } from '../../src/store/ledger.js';
import { compareRevisions } from '../../src/store/revision-order.js';
import { entryDir, parseBrainPath, revisionFileName } from '../../src/store/layout.js';

describe('canonical JSON (DESIGN §3 invariant 2)', () => {
  it('sorts keys at every depth, indents by 2, ends with LF', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{\n  "a": {\n    "c": null,\n    "d": [\n      3,\n      {\n        "y": 2,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}\n',
    );
    expect(canonicalJson({ a: undefined, b: 'é\n' })).toBe('{\n  "b": "é\\n"\n}\n');
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
  });

  it('is a fixed point: same value, same bytes, same hash, whatever the key order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(isCanonical(text)).toBe(true);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
        expect(sha256Hex(canonicalJson(JSON.parse(JSON.stringify(value))))).toBe(sha256Hex(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe('layout and ledger', () => {
  it('places entries under a two-character fan and parses paths back', () => {
    const dir = entryDir('demo', 'decision', 'dec-4f9k2m1x7q3z');
    expect(dir).toBe('projects/demo/decision/4f/dec-4f9k2m1x7q3z');
    const file = revisionFileName(3, 'abcdef0123456789');
    expect(file).toBe('r0003-abcdef01.json');
    expect(parseBrainPath(`${dir}/${file}`)).toMatchObject({ type: 'revision', revision: 3, sha8: 'abcdef01', entry_id: 'dec-4f9k2m1x7q3z' });
    expect(parseBrainPath(`${dir}/ledger.jsonl`)).toMatchObject({ type: 'ledger' });
    expect(parseBrainPath('brain.json')).toEqual({ type: 'other' });
    expect(parseBrainPath('projects/demo/decision/xx/dec-4f9k2m1x7q3z/r0001-abcdef01.json')).toMatchObject({ type: 'stray' });
    expect(parseBrainPath('projects/demo/epic/4f/dec-4f9k2m1x7q3z/r0001-abcdef01.json')).toMatchObject({ type: 'stray' });
    expect(parseBrainPath(`${dir}/notes.txt`)).toMatchObject({ type: 'stray' });
    expect(revisionFileName(12345, 'ab'.repeat(32))).toBe('r12345-abababab.json');
  });

  it('writes single-line sorted ledger lines and parses them back; rejects malformed lines', () => {
    const line = { revision: 1, file: 'r0001-abcdef01.json', sha256: 'a'.repeat(64), parent_sha256: null, recorded_at: '2026-01-01T00:00:00Z', author: 'x' };
    const text = formatLedgerLine(line);
    expect(text).toBe('{"author":"x","file":"r0001-abcdef01.json","parent_sha256":null,"recorded_at":"2026-01-01T00:00:00Z","revision":1,"sha256":"' + 'a'.repeat(64) + '"}\n');
    expect(parseLedger(text + '\n' + text)).toEqual([line, line]);
    expect(() => parseLedger('{"revision":1}\n')).toThrow(/ledger line 1 is malformed/);
    expect(() => parseLedger('not json\n')).toThrow(/ledger line 1 is not JSON/);
  });

  it('orders same-numbered revisions by recorded_at, then sha256 (invariant 5)', () => {
    const a = { revision: 2, recorded_at: '2026-01-01T00:00:00Z', sha256: 'b' };
    const b = { revision: 2, recorded_at: '2026-01-01T00:00:00Z', sha256: 'a' };
    const c = { revision: 2, recorded_at: '2026-01-02T00:00:00Z', sha256: '0' };
    expect([a, c, b].sort(compareRevisions)).toEqual([b, a, c]);
    expect(compareRevisions({ ...c, revision: 1 }, a)).toBeLessThan(0);
  });
});
