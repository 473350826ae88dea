/**
 * `brain review BASE..HEAD` of a range that rewrites history (DESIGN §3 invariants 1 and 3;
 * decision 0067): a deleted revision file or a changed ledger line is reported first — a
 * `[!CAUTION]` block under the header and `rewrites` as the first key of `--json` — with its
 * code. Real git repository, the built CLI, hand commits through the system git.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Review } from '../../src/review/review.js';
import { brain, type BrainRun } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { handCommit, readBranchFile } from '../helpers/plain-git.js';

afterAll(cleanupTempDirs);

let dir: string;
let id: string;
let entryDir: string;
const ok = (run: BrainRun): BrainRun => {
  expect(run.code, run.stderr).toBe(0);
  return run;
};

beforeEach(() => {
  dir = initRepo();
  ok(brain(dir, ['init', '--project', 'demo']));
  id = ok(brain(dir, ['add', 'decision', '--title', 'Cache in SQLite', '--json'])).json<{ entry_id: string }>().entry_id;
  ok(brain(dir, ['revise', id, '--rationale', 'fast']));
  git(dir, ['branch', 'base', 'brain']);
  const files = git(dir, ['ls-tree', '-r', '--name-only', 'brain', 'projects']).split('\n');
  entryDir = (files.find((f) => f.endsWith('ledger.jsonl')) as string).replace(/\/ledger\.jsonl$/, '');
});

const ledger = () => (readBranchFile(dir, `${entryDir}/ledger.jsonl`) as Buffer).toString('utf8');
const r2 = () => git(dir, ['ls-tree', '--name-only', 'brain', `${entryDir}/`]).split('\n').find((f) => /\/r0002-/.test(f)) as string;

describe('brain review shows a rewritten history first', () => {
  it('a deleted revision file with its ledger line: revision_deleted and ledger_rewritten at the top', () => {
    const [first] = ledger().split('\n');
    handCommit(dir, { [r2()]: null, [`${entryDir}/ledger.jsonl`]: `${first}\n` }, 'drop r2');
    const human = ok(brain(dir, ['review', 'base..brain'])).stdout;
    const caution = human.indexOf('> [!CAUTION]');
    expect(caution).toBeGreaterThan(0);
    expect(caution).toBeLessThan(human.indexOf('###'));
    expect(human).toContain('rewrites committed history: 2 problems');
    expect(human).toContain('brain verify --range base..brain');
    expect(human).toMatch(/> - \*\*revision_deleted\*\* `projects\/demo\/decision\/.*\/r0002-[0-9a-f]{8}\.json`/);
    expect(human).toMatch(/> - \*\*ledger_rewritten\*\* `.*ledger\.jsonl`: the line of r2 changed or removed/);
    const json = ok(brain(dir, ['review', 'base..brain', '--json']));
    expect(Object.keys(json.json<Review>())[0]).toBe('rewrites');
    expect(json.json<Review>().rewrites.map((p) => [p.code, p.entry_id])).toEqual([['ledger_rewritten', id], ['revision_deleted', id]]); // by path: ledger.jsonl < r0002-…
  });

  it('a ledger line edited in place, every file kept: ledger_rewritten', () => {
    handCommit(dir, { [`${entryDir}/ledger.jsonl`]: ledger().replace(/"author":"[^"]*"/g, '"author":"mallory"') }, 'rewrite authors');
    const review = ok(brain(dir, ['review', 'base..brain', '--json'])).json<Review>();
    expect(review.rewrites).toEqual([expect.objectContaining({ code: 'ledger_rewritten', entry_id: id, message: expect.stringContaining('the lines of r1, r2 changed or removed') })]);
    expect(ok(brain(dir, ['review', 'base..brain'])).stdout).toContain('> [!CAUTION]');
  });

  it('an ordinary range has no rewrites and no caution', () => {
    ok(brain(dir, ['revise', id, '--rationale', 'fast, and one file']));
    expect(ok(brain(dir, ['review', 'base..brain', '--json'])).json<Review>().rewrites).toEqual([]);
    expect(ok(brain(dir, ['review', 'base..brain'])).stdout).not.toContain('CAUTION');
  });
});
