/**
 * The pure rules behind issue #17 "No input reaches `internal`": numbers as plain decimals
 * (src/model/number-text.ts), bounded nesting (src/model/json-depth.ts), strict UTF-8 with the
 * offset of the first bad byte (src/model/utf8.ts), and the MCP stdio line check
 * (src/mcp/stdio-guard.ts).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BOUNDS, parseDecimalText, parseIntegerText } from '../../src/model/number-text.js';
import { assertJsonDepth, jsonDepth } from '../../src/model/json-depth.js';
import { decodeUtf8, invalidUtf8Offset } from '../../src/model/utf8.js';
import { checkLine } from '../../src/mcp/stdio-guard.js';
import { BrainError } from '../../src/model/errors.js';

const refusal = (fn: () => unknown): BrainError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof BrainError) return err;
    throw err;
  }
  throw new Error('expected a BrainError');
};

describe('numbers as text', () => {
  it('reads exactly the plain decimal integers within bounds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 25 }), (text) => {
        const plain = /^[0-9]+$/.test(text) && Number(text) >= 1 && Number(text) <= BOUNDS.count.max;
        if (plain) expect(parseIntegerText('--limit', text, BOUNDS.count)).toBe(Number(text));
        else expect(refusal(() => parseIntegerText('--limit', text, BOUNDS.count)).code).toBe('invalid_argument');
      }),
      { numRuns: 500, seed: 17 },
    );
    for (const text of ['1e9', '0x1', '0b1', '0o7', '1.0', '+1', ' 1', '1 ', 'Infinity', '', '99999999999999999999', '1000000001']) {
      expect(refusal(() => parseIntegerText('limit', text, BOUNDS.count)).message).toMatch(/^limit must be an integer from 1 to 1000000000 in plain decimal digits/);
    }
    expect(refusal(() => parseIntegerText('--port', 'x', BOUNDS.port)).hint).toBe('e.g. --port 7420');
    expect(refusal(() => parseIntegerText('budget', 'x', BOUNDS.budget)).hint).toBe('e.g. budget=6000');
  });

  it('reads plain decimal fractions within bounds', () => {
    for (const [text, value] of [['0', 0], ['1', 1], ['.5', 0.5], ['0.25', 0.25], ['1.', 1], ['001.000', 1]] as const) expect(parseDecimalText('--confidence', text, BOUNDS.confidence)).toBe(value);
    for (const text of ['0x1', '1e-1', '-0', '-.5', '1.01', '.', '', 'NaN', ' .5', '0,5']) expect(refusal(() => parseDecimalText('--confidence', text, BOUNDS.confidence)).code, text).toBe('invalid_argument');
  });
});

describe('nesting depth', () => {
  it('counts levels of arrays and objects without recursion, 1 000 000 deep included', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth([1, { a: [] }])).toBe(3);
    let deep: unknown = 1;
    for (let i = 0; i < 1_000_000; i++) deep = [deep];
    expect(jsonDepth(deep, 40)).toBe(41);
    expect(refusal(() => assertJsonDepth(deep, 'payload')).message).toBe('payload is nested deeper than the limit of 32 levels of arrays and objects');
    expect(() => assertJsonDepth(JSON.parse(`${'['.repeat(32)}${']'.repeat(32)}`), 'x')).not.toThrow();
    expect(refusal(() => assertJsonDepth(JSON.parse(`${'['.repeat(33)}${']'.repeat(33)}`), 'x')).data).toEqual({ max_depth: 32 });
  });
});

describe('strict UTF-8', () => {
  it('finds the offset of the first bad sequence', () => {
    const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
    expect(invalidUtf8Offset(bytes('plain ascii'))).toBe(-1);
    expect(invalidUtf8Offset(bytes('é 😀 \uFFFD'))).toBe(-1);
    expect(invalidUtf8Offset(bytes('caf', [0xe9]))).toBe(3);
    expect(invalidUtf8Offset(bytes('é', [0xc3]))).toBe(2); // truncated sequence at the end
    expect(invalidUtf8Offset(bytes('\uFFFD', [0xed, 0xa0, 0x80]))).toBe(3); // an encoded surrogate after a real U+FFFD
    expect(invalidUtf8Offset(bytes([0xc0, 0xaf]))).toBe(0); // overlong
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer({ min: 0x80, max: 0xbf }), fc.string({ unit: 'grapheme' }), (a, stray, b) => {
        expect(invalidUtf8Offset(bytes(a, [stray], b))).toBe(Buffer.byteLength(a)); // a lone continuation byte
      }),
      { numRuns: 200, seed: 17 },
    );
  });

  it('decodes or names the byte, line and offset in the line', () => {
    expect(decodeUtf8(Buffer.from('ok\nfine'), 'x')).toBe('ok\nfine');
    const error = refusal(() => decodeUtf8(Buffer.concat([Buffer.from('one\ntwo\nth'), Buffer.from([0xff])]), 'in.jsonl', 'invalid_entry'));
    expect(error).toMatchObject({ code: 'invalid_entry', message: 'in.jsonl is not valid UTF-8 at byte 10 (line 3, byte 2 of the line)', data: { byte_offset: 10, line: 3, line_offset: 2 } });
  });
});

describe('the MCP stdio line check', () => {
  it('passes JSON-RPC messages and answers the rest', () => {
    expect(checkLine(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'))).toBeNull();
    expect(checkLine(Buffer.from('{"jsonrpc":"2.0","method":"notifications/initialized"}'))).toBeNull();
    expect(checkLine(Buffer.from('{oops'))).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect(checkLine(Buffer.from([0x7b, 0xff, 0x7d]))).toMatchObject({ id: null, error: { code: -32700, message: 'Parse error: the line is not valid UTF-8 at byte 1' } });
    expect(checkLine(Buffer.from('{"id":9,"method":"x"}'))).toMatchObject({ id: 9, error: { code: -32600 } });
    expect(checkLine(Buffer.from('{"jsonrpc":"2.0","id":{"a":1},"method":"x"}'))).toMatchObject({ id: null, error: { code: -32600 } });
    expect(checkLine(Buffer.from('null'))).toMatchObject({ id: null, error: { code: -32600 } });
  });
});
