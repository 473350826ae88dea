import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LedgerLineSchema, formatLedgerLine, parseLedger, plainLedgerLine } from '../../src/store/ledger.js';

const SHA = 'a'.repeat(64);
const LINE = { author: 'ana <ana@x>', file: 'r0002-aaaaaaaa.json', parent_sha256: 'b'.repeat(64), recorded_at: '2026-11-24T10:00:00.000Z', revision: 2, sha256: SHA };
const MERGED = { ...LINE, merged_sha256: ['c'.repeat(64), 'd'.repeat(64)] };

/** The schema's verdict on `value`: the line as JSON text (key order included), or the first issue. */
function schemaVerdict(value: unknown): string {
  const parsed = LedgerLineSchema.safeParse(value);
  return parsed.success ? `ok ${JSON.stringify(parsed.data)}` : `error ${parsed.error.issues[0]?.message}`;
}

const TRICKY: unknown[] = [null, 0, 1, 1.5, -1, 2 ** 53, '', 'x', SHA, SHA.toUpperCase(), `${SHA}0`, 'g'.repeat(64), [], [SHA], [SHA, 'x'], [''], {}, true];
const KEYS = [...Object.keys(MERGED), 'extra', 'constructor'];

describe('plainLedgerLine (issue 21: ledger lines without zod)', () => {
  it('reads plain lines, with and without merged_sha256, as the schema does', () => {
    for (const line of [LINE, MERGED, { ...LINE, parent_sha256: null, revision: 1 }]) {
      const raw = JSON.parse(formatLedgerLine(line as never));
      expect(plainLedgerLine(raw)).not.toBeNull();
      expect(`ok ${JSON.stringify(plainLedgerLine(raw))}`).toBe(schemaVerdict(raw));
    }
  });

  it('never accepts a line the schema refuses: each key set to each tricky value, or deleted', () => {
    for (const base of [LINE, MERGED]) {
      for (const key of KEYS) {
        for (const change of [undefined, ...TRICKY.map((value) => ({ value }))]) {
          const line: Record<string, unknown> = { ...base };
          if (change === undefined) delete line[key];
          else line[key] = change.value;
          const fast = plainLedgerLine(line);
          if (fast !== null) expect(`ok ${JSON.stringify(fast)}`, `${key} ${JSON.stringify(change)}`).toBe(schemaVerdict(line));
        }
      }
    }
  });

  it('never accepts a line the schema refuses; parseLedger answers as the schema', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.record({ key: fc.constantFrom(...KEYS), del: fc.boolean(), value: fc.oneof(fc.constantFrom(...TRICKY), fc.jsonValue({ maxDepth: 1 })) }), { maxLength: 2 }),
        fc.boolean(),
        (merged, mutations, protoKey) => {
          const line: Record<string, unknown> = JSON.parse(JSON.stringify(merged ? MERGED : LINE));
          for (const m of mutations) {
            if (m.del) delete line[m.key];
            else Object.defineProperty(line, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
          }
          const text = protoKey ? JSON.stringify(line).replace(/^\{/, '{"__proto__":1,') : JSON.stringify(line);
          const raw = JSON.parse(text);
          const fast = plainLedgerLine(raw);
          const slow = schemaVerdict(raw);
          if (fast !== null) {
            accepted++;
            expect(`ok ${JSON.stringify(fast)}`).toBe(slow);
          }
          let viaFile: string;
          try {
            viaFile = `ok ${JSON.stringify(parseLedger(`${text}\n`)[0])}`;
          } catch (err) {
            viaFile = `error ${(err as Error).message.replace(/^ledger line 1 is malformed: /, '')}`;
          }
          expect(viaFile).toBe(slow);
        },
      ),
      { numRuns: 1500, seed: 21 },
    );
    expect(accepted).toBeGreaterThan(100);
  });
});
