import Denque from 'denque';
import { describe, expect, it } from 'vitest';
import { createBatchParser, type BatchObject, type BatchQueue, type BatchRequest } from '../../src/git/cat-file-parser.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);
const D = 'd'.repeat(40);

/** A queue of requests and what each one got. */
function queue(oids: string[]): { pending: BatchQueue; results: (BatchObject | null | undefined)[] } {
  const results: (BatchObject | null | undefined)[] = oids.map(() => undefined);
  const pending = new Denque(oids.map((oid, i): BatchRequest => ({ oid, resolve: (v) => (results[i] = v), reject: (e) => { throw e; } })));
  return { pending, results };
}

// Contents that look like protocol lines, an empty blob, a missing object.
const fakeHeader = `${B} blob 3\nxyz\n${C} missing\n`;
const stream = Buffer.concat([
  Buffer.from(`${A} blob ${Buffer.byteLength(fakeHeader)}\n${fakeHeader}\n`),
  Buffer.from(`${B} blob 0\n\n`),
  Buffer.from(`${C} missing\n`),
  Buffer.from(`${D} tree 5\n\0\n\0\n\0\n`),
]);

function check(results: (BatchObject | null | undefined)[]): void {
  expect(results[0]?.content?.toString()).toBe(fakeHeader);
  expect(results[0]?.type).toBe('blob');
  expect(results[1]?.content?.length).toBe(0);
  expect(results[2]).toBeNull();
  expect(results[3]?.type).toBe('tree');
  expect(results[3]?.content).toEqual(Buffer.from('\0\n\0\n\0'));
}

describe('createBatchParser', () => {
  it('parses a stream delivered in one chunk', () => {
    const { pending, results } = queue([A, B, C, D]);
    createBatchParser(pending, false)(stream);
    check(results);
    expect(pending.length).toBe(0);
  });

  it('answers 200 000 requests in flight in order (a long import keeps that many queued)', () => {
    const n = 200_000;
    const oids = Array.from({ length: n }, (_, i) => i.toString(16).padStart(40, '0'));
    const { pending, results } = queue(oids);
    const parse = createBatchParser(pending, true);
    const lines = oids.map((oid, i) => (i % 3 === 0 ? `${oid} missing\n` : `${oid} blob ${i}\n`)).join('');
    for (let at = 0; at < lines.length; at += 65_536) parse(Buffer.from(lines.slice(at, at + 65_536)));
    expect(pending.length).toBe(0);
    expect(results.every((r, i) => (i % 3 === 0 ? r === null : r?.oid === oids[i] && r?.size === i))).toBe(true);
  });

  it('parses a stream split at every possible pair of positions', () => {
    for (let i = 0; i <= stream.length; i++) {
      for (let j = i; j <= stream.length; j += 7) {
        const { pending, results } = queue([A, B, C, D]);
        const parse = createBatchParser(pending, false);
        for (const part of [stream.subarray(0, i), stream.subarray(i, j), stream.subarray(j)]) if (part.length) parse(part);
        check(results);
      }
    }
  });

  it('parses a stream delivered byte by byte', () => {
    const { pending, results } = queue([A, B, C, D]);
    const parse = createBatchParser(pending, false);
    for (let i = 0; i < stream.length; i++) parse(stream.subarray(i, i + 1));
    check(results);
  });

  it('answers --batch-check headers without content', () => {
    const { pending, results } = queue([A, C]);
    const parse = createBatchParser(pending, true);
    parse(Buffer.from(`${A} commit 2`));
    expect(results[0]).toBeUndefined();
    parse(Buffer.from(`12\n${C} missing\n`));
    expect(results[0]).toEqual({ oid: A, type: 'commit', size: 212, content: null });
    expect(results[1]).toBeNull();
  });

  it('throws when the output does not answer the head of the queue', () => {
    expect(() => createBatchParser(queue([A]).pending, false)(Buffer.from(`${B} blob 1\nx\n`))).toThrow(/unexpected line/);
    expect(() => createBatchParser(queue([]).pending, false)(Buffer.from(`${A} missing\n`))).toThrow(/unexpected line/);
    expect(() => createBatchParser(queue([A]).pending, false)(Buffer.from(`${A} blob 1\nxy`))).toThrow(/no newline/);
    expect(() => createBatchParser(queue([A]).pending, false)(Buffer.from(`${A} blob many\n`))).toThrow(/unexpected line/);
  });
});
