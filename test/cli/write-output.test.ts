/**
 * What a write command prints (decision 0086): the entry as `brain show` prints it, but only the
 * start of a long rationale — the first 20 lines within 2 000 characters — and a closing line
 * saying how much was left and where to read it (a newcomer's `brain resolve` printed a thousand
 * lines). `brain show` and `--json` keep the whole text. Real CLI processes in a real repository.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';

let repo: string;
const LINES = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of the reasoning.`);

beforeAll(() => {
  repo = initRepo();
  expect(brain(repo, ['init']).code).toBe(0);
});
afterAll(() => cleanupTempDirs());

describe('a write command with a long rationale', () => {
  it('prints the first 20 lines and says what is left; show and --json keep it whole', () => {
    const add = brain(repo, ['add', 'decision', '--title', 'Long reasoning', '--rationale', LINES.join('\n')]);
    expect(add.code).toBe(0);
    const id = /^(dec-\w+)/.exec(add.stdout)![1]!;
    expect(add.stdout).toContain('Line 20 of the reasoning.');
    expect(add.stdout).not.toContain('Line 21 of the reasoning.');
    const rest = LINES.slice(20).join('\n').length;
    expect(add.stdout).toContain(`[… ${rest} more characters on 40 more lines: brain show ${id}]`);

    const show = brain(repo, ['show', id]);
    expect(show.stdout).toContain('Line 60 of the reasoning.');
    expect(show.stdout).not.toContain('more characters');

    const revise = brain(repo, ['--json', 'revise', id, '--status', 'accepted']);
    expect(revise.json().rationale).toBe(LINES.join('\n'));
    const human = brain(repo, ['revise', id, '--tag', 'long']);
    expect(human.stdout).not.toContain('Line 21 of the reasoning.');
  });

  it('cuts a single long line at 2 000 characters', () => {
    const add = brain(repo, ['add', 'risk', '--title', 'One long line', '--rationale', 'x'.repeat(5_000), '--payload', '{"likelihood":"low","impact":"low"}']);
    expect(add.code).toBe(0);
    expect(add.stdout).toContain(`${'x'.repeat(2_000)}…`);
    expect(add.stdout).not.toContain('x'.repeat(2_001));
    expect(add.stdout).toMatch(/\[… 3000 more characters: brain show rsk-\w+\]/);
  });

  it('prints a short rationale whole', () => {
    const add = brain(repo, ['add', 'decision', '--title', 'Short', '--rationale', 'Two lines.\nThat is all.']);
    expect(add.stdout).toContain('Two lines.\nThat is all.');
    expect(add.stdout).not.toContain('more characters');
  });
});
