/**
 * Issue #7 "Done means": random titles, rationales, tags, authors, emails, paths and payloads —
 * control characters, NUL, escapes, lone surrogates, huge, odd Unicode — driven through the
 * real CLI and the real MCP server (SDK client). Each input either gets a coded error with a
 * hint and leaves the tip unchanged, or writes a revision that reads back exactly; afterwards
 * `git fsck --strict` is clean and `brain verify` passes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { errorOf, startMcp } from '../mcp/mcp-client.js';
import type { Entry } from '../../src/model/entry.js';

afterAll(cleanupTempDirs);

const nasty = fc.constantFrom('\x1b[31m', '\x1b]0;title\x07', '\u0000', 'a\nb', '\r\n', '\t', '\u202e', '\ud800', '\udc00x', 'é', '😀', '<', '>', 'Eve <e@x.org>', ' ', '', '\u0085', '\u009b');
const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.array(fc.oneof(nasty, fc.string({ maxLength: 5 })), { maxLength: 6 }).map((parts) => parts.join('')),
    fc.string({ minLength: max - 2, maxLength: max + 2, unit: 'grapheme-ascii' }),
  );

const input = fc.record({
  title: text(200),
  rationale: fc.option(text(400), { nil: undefined }),
  tags: fc.array(text(100), { maxLength: 3 }),
  paths: fc.array(text(50), { maxLength: 2 }),
  author: fc.option(text(60), { nil: undefined }),
  outcome: fc.option(text(100), { nil: undefined }),
});
type Input = typeof input extends fc.Arbitrary<infer T> ? T : never;

const tipOf = (dir: string) => git(dir, ['rev-parse', 'brain']);
const crlf = (s: string) => s.replace(/\r\n/g, '\n');

/** The written entry says exactly what was given (CRLF read as LF; the author's name part). */
function expectExact(entry: Entry, given: Input): void {
  expect(entry.title).toBe(crlf(given.title));
  expect(entry.rationale).toBe(crlf(given.rationale ?? ''));
  expect(entry.tags).toEqual(given.tags);
  expect(entry.paths).toEqual(given.paths);
  expect(entry.payload.decision_outcome).toBe(crlf(given.outcome ?? ''));
  // A blank --author is no author given (the configured one applies); "Name <email>" is parsed.
  if (given.author !== undefined && given.author.trim() !== '' && !/[<>]/.test(given.author)) expect(entry.author).toBe(given.author.trim());
}

describe('fuzzed input never corrupts the branch', () => {
  it('a NUL in a title through MCP is refused as a tool error; nothing is committed (issue #7 finding)', async () => {
    const dir = initRepo();
    expect(brain(dir, ['init']).code).toBe(0);
    const before = tipOf(dir);
    const session = await startMcp(dir);
    try {
      const error = errorOf(await session.call('brain_append', { entry_kind: 'decision', title: 'cut \u0000 here' }));
      expect(error).toMatchObject({ code: 'invalid_entry', message: expect.stringContaining('U+0000') });
    } finally {
      await session.close();
    }
    expect(tipOf(dir)).toBe(before);
  });

  it('through the CLI', () => {
    const dir = initRepo();
    expect(brain(dir, ['init']).code).toBe(0);
    let written = 0;
    let refused = 0;
    fc.assert(
      fc.property(input, fc.option(text(40), { nil: undefined }), (given, email) => {
        // argv cannot carry NUL (the OS ends the string there): such inputs go through --payload and MCP.
        const argv = [given.title, given.rationale, ...given.tags, ...given.paths, given.author, email].filter((v) => v !== undefined);
        fc.pre(argv.every((v) => !v.includes('\u0000') && !/[\ud800-\udfff]/.test(v)));
        const before = tipOf(dir);
        const args = ['add', 'decision', '--title', given.title, '--json'];
        if (given.rationale !== undefined) args.push('--rationale', given.rationale);
        for (const tag of given.tags) args.push('--tag', tag);
        for (const path of given.paths) args.push('--path', path);
        if (given.author !== undefined) args.push('--author', given.author);
        args.push('--payload', JSON.stringify({ decision_outcome: given.outcome ?? '' }));
        const run = brain(dir, args, { env: email === undefined ? {} : { GIT_AUTHOR_EMAIL: email } });
        if (run.code === 0) {
          written++;
          expectExact(run.json() as Entry, given);
          expectExact(brain(dir, ['show', run.json().entry_id, '--json']).json() as Entry, given);
        } else {
          refused++;
          expect(run.code, run.stderr).toBe(2);
          const error = run.errorJson().error;
          expect(error.code).toMatch(/^(invalid_entry|invalid_argument|invalid_identity)$/);
          expect(error.hint).toBeTruthy();
          expect(tipOf(dir)).toBe(before);
        }
      }),
      { numRuns: 30, seed: 7_2026 },
    );
    expect(written).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    expect(git(dir, ['fsck', '--strict', '--no-dangling'])).toBe('');
    expect(brain(dir, ['verify']).code).toBe(0);
});

  it('through MCP (SDK client)', async () => {
    const dir = initRepo();
    expect(brain(dir, ['init']).code).toBe(0);
    const session = await startMcp(dir);
    const accepted: { id: string; given: Input }[] = [];
    let refused = 0;
    try {
      await fc.assert(
        fc.asyncProperty(input, async (given) => {
          const before = tipOf(dir);
          const args: Record<string, unknown> = { entry_kind: 'decision', title: given.title, tags: given.tags, paths: given.paths, payload: { decision_outcome: given.outcome ?? '' } };
          if (given.rationale !== undefined) args.rationale = given.rationale;
          // Arguments outside the input schema are an isError invalid_argument too (SEP-1303).
          const result = await session.call('brain_append', args);
          if (result.isError) {
            const error = errorOf(result);
            expect(error.code).toMatch(/^(invalid_entry|invalid_argument)$/);
            expect(error.hint).toBeTruthy();
            expect(tipOf(dir)).toBe(before);
            refused++;
          } else {
            const entry = (result.structuredContent as { entry?: Entry } | undefined)?.entry ?? (result.structuredContent as unknown as Entry);
            accepted.push({ id: entry.entry_id, given: { ...given, author: undefined } });
          }
        }),
        { numRuns: 60, seed: 22_11 },
      );
    } finally {
      await session.close();
    }
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    // Read back exactly, from the branch (the CLI's --json is the stored entry).
    const listed = new Map((brain(dir, ['list', '--json', '--limit', '500']).json() as Entry[]).map((e) => [e.entry_id, e]));
    for (const { id, given } of accepted) expectExact(listed.get(id) as Entry, given);
    expect(git(dir, ['fsck', '--strict', '--no-dangling'])).toBe('');
    expect(brain(dir, ['verify']).code).toBe(0);
});
});
