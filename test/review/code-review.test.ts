/**
 * `brain review --code BASE..HEAD` (issue #8 part 3) through the real CLI on a real code
 * repository whose docs branch holds entries with paths: matching by prefix and glob, renames
 * (old and new names), deleted files, settled entries left out, an empty match, a range across a
 * merge (the base's own changes are not the branch's), and the revisions since the merge base
 * that touch the files or name a task of the branch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, commitFiles, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { waitFor } from '../helpers/daemon.js';

let repo: string;
const ids: Record<string, string> = {};
let boundary: number; // unix seconds: the merge base's commit date
let mergeBase: string;

function add(kind: string, title: string, extra: string[] = []): string {
  const r = brain(repo, ['add', kind, '--title', title, '--json', ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return r.json().entry_id as string;
}

beforeAll(async () => {
  repo = initRepo();
  commitFiles(repo, {
    'src/payments/refund.ts': 'export const refund = 1;\n',
    'src/payments/api.ts': 'export const api = 1;\n',
    'src/orders/model.ts': 'export class Order {}\n'.repeat(20),
    'src/orders/db.sql': 'create table orders ();\n',
    'legacy/old.ts': 'old\n',
    'docs/guide.md': '# Guide\n',
  }, 'code');
  expect(brain(repo, ['init', '--project', 'shop']).code).toBe(0);
  // Before the merge base: current entries (any age counts for the groups).
  ids.ledger = add('decision', 'Refunds go through the ledger', ['--rationale', 'Auditors need one trail.\n\nLong details follow.', '--path', 'src/payments/**']);
  ids.legacy = add('decision', 'Legacy module stays read-only', ['--rationale', 'Nobody owns it.', '--path', 'legacy/old.ts']);
  ids.prefixOnly = add('decision', 'Payments prefix is not pay', ['--path', 'src/pay']);
  ids.oldName = add('open_question', 'Is Order an aggregate?', ['--path', 'src/orders/model.ts']);
  ids.newName = add('open_question', 'Rename Order to OrderEntity?', ['--path', 'src/orders/entity.ts']);
  ids.settled = add('open_question', 'Which PSP?', ['--path', 'src/payments/api.ts']);
  expect(brain(repo, ['resolve', ids.settled, '--answer', 'Adyen']).code).toBe(0);
  ids.orders = add('risk', 'Orders schema drift', ['--path', 'src/orders', '--payload', '{"likelihood":"medium","impact":"high"}']);
  ids.docs = add('blocker', 'Docs site is down', ['--path', 'docs/**']);
  ids.infra = add('dependency', 'Needs the new VPC', ['--path', 'infra/', '--payload', '{"depends_on":"VPC","dependency_kind":"requires"}']);
  ids.proposed = add('decision', 'Split payments service', ['--status', 'proposed', '--path', 'src/payments']);

  // The merge base: main moves (docs change) at a whole second after every revision above.
  boundary = Math.floor(Date.now() / 1000) + 1;
  await waitFor('the clock to pass the boundary second', async () => Date.now() >= boundary * 1000, { timeoutMs: 60_000 });
  const fork = git(repo, ['rev-parse', 'HEAD']);
  commitFiles(repo, { 'docs/guide.md': '# Guide, v2\n' }, 'docs on main');
  git(repo, ['commit', '-q', '--amend', '--no-edit'], { env: { GIT_COMMITTER_DATE: `@${boundary} +0000` } });

  // After the merge base: revisions that touch the files or name the branch's tasks.
  expect(brain(repo, ['revise', ids.ledger, '--rationale', 'Auditors need one trail; refunds included.']).code).toBe(0);
  ids.taskBranch = add('blocker', 'Refund API keys missing', ['--related-task', 'SHOP-12']);
  ids.taskCommit = add('risk', 'Rounding errors in refunds', ['--related-task', 'PAY-7']);
  ids.taskOther = add('blocker', 'Another task', ['--related-task', 'SHOP-1']); // not named by SHOP-12

  // The pull request branch: forked before main moved, renames, deletes, edits, then merges main.
  git(repo, ['checkout', '-q', '-b', 'feature/SHOP-12-refunds', fork]);
  git(repo, ['mv', 'src/orders/model.ts', 'src/orders/entity.ts']);
  git(repo, ['rm', '-q', 'legacy/old.ts']);
  commitFiles(repo, { 'src/payments/refund.ts': 'export const refund = 2;\n' }, 'Refunds through the ledger\n\nFixes rounding (PAY-7).');
  git(repo, ['merge', '-q', '--no-ff', '-m', 'Merge main', 'main']);
  mergeBase = git(repo, ['rev-parse', 'main']);
  // main moves on after the merge: its change is not the pull request's (BASE...HEAD, not BASE..HEAD).
  git(repo, ['checkout', '-q', 'main']);
  commitFiles(repo, { 'docs/guide.md': '# Guide, v3\n' }, 'more docs on main');
  git(repo, ['checkout', '-q', '-b', 'typo-fix', 'main']);
  commitFiles(repo, { 'README.md': '# test repo, fixed\n' }, 'Fix a typo');
  git(repo, ['checkout', '-q', 'feature/SHOP-12-refunds']);
});
afterAll(cleanupTempDirs);

describe('brain review --code', () => {
  it('selects current entries by prefix, glob, rename (old and new name) and deleted file; across a merge', () => {
    const r = brain(repo, ['review', '--code', 'main..HEAD', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const review = r.json();
    expect(review.range).toMatchObject({ spec: 'main..HEAD', merge_base: mergeBase, head_name: 'feature/SHOP-12-refunds', merge_base_date: new Date(boundary * 1000).toISOString().replace('.000Z', 'Z') });
    expect(review.commits).toBe(2);
    expect(review.files).toEqual([
      { path: 'legacy/old.ts', status: 'D' },
      { path: 'src/orders/entity.ts', status: 'R', old_path: 'src/orders/model.ts' },
      { path: 'src/payments/refund.ts', status: 'M' },
    ]);
    const pick = (group: string) => review.groups[group].map((e: any) => [e.entry_id, e.matched_paths, e.files]);
    expect(pick('decisions')).toEqual([
      [ids.legacy, ['legacy/old.ts'], ['legacy/old.ts']],
      [ids.ledger, ['src/payments/**'], ['src/payments/refund.ts']],
      [ids.proposed, ['src/payments'], ['src/payments/refund.ts']],
    ]);
    expect(pick('open_questions')).toEqual([
      [ids.oldName, ['src/orders/model.ts'], ['src/orders/entity.ts']],
      [ids.newName, ['src/orders/entity.ts'], ['src/orders/entity.ts']],
    ]);
    expect(pick('risks')).toEqual([[ids.orders, ['src/orders'], ['src/orders/entity.ts']]]);
    expect(pick('blockers')).toEqual([]); // docs/** changed on main only (before and after the merge): not this branch's change
    expect(pick('dependencies')).toEqual([]);
    expect(review.groups.decisions[1]).toMatchObject({ status: 'accepted', revision: 2, why: 'Auditors need one trail; refunds included.' });
  });

  it('lists the revisions since the merge base that touch the files or name a task of the branch or its commits', () => {
    const review = brain(repo, ['review', '--code', 'main..HEAD', '--json']).json();
    expect(review.revisions.map((r: any) => [r.entry_id, r.revision, r.matched_paths, r.matched_task_ids])).toEqual([
      [ids.ledger, 2, ['src/payments/**'], []],
      [ids.taskBranch, 1, [], ['SHOP-12']],
      [ids.taskCommit, 1, [], ['PAY-7']],
    ]);
    expect(review.task_ids).toEqual(['PAY-7', 'SHOP-12']);
  });

  it('renders Markdown for a pull request comment, in a stable order', () => {
    const r = brain(repo, ['review', '--code', 'main..HEAD']);
    expect(r.code, r.stderr).toBe(0);
    const md = r.stdout;
    expect(md.startsWith('## Brain: decisions for `main..HEAD`\n\n3 files changed in 2 commits · merge base `')).toBe(true);
    const headings = md.split('\n').filter((l) => l.startsWith('### '));
    expect(headings).toEqual(['### Decisions that govern these files (3)', '### Open questions (2)', '### Risks (1)', '### Brain revisions since the merge base (3)']);
    expect(md).toContain(`- **Refunds go through the ledger** \`${ids.ledger}\` — Auditors need one trail; refunds included.  \n  paths \`src/payments/**\` → 1 file: \`src/payments/refund.ts\``);
    expect(md).toContain(`- **Split payments service** (proposed) \`${ids.proposed}\``);
    expect(md).toContain('Tasks named by this branch or its commits: `PAY-7`, `SHOP-12`');
    expect(md).not.toContain(ids.settled);
    expect(md).not.toContain(ids.prefixOnly);
    expect(md).not.toContain(ids.taskOther);
    expect(brain(repo, ['review', '--code', 'main..HEAD']).stdout).toBe(md);
  });

  it('says so in one line when nothing matches', () => {
    const r = brain(repo, ['review', '--code', 'main..typo-fix']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('No brain entries concern the 1 file changed in `main..typo-fix`.\n');
    const json = brain(repo, ['review', '--code', 'main..typo-fix', '--json']).json();
    expect(json.files).toEqual([{ path: 'README.md', status: 'M' }]);
    expect(Object.values(json.groups).flat()).toEqual([]);
    expect(json.revisions).toEqual([]);
  });

  it('takes the branch name from --head-name (CI on a detached HEAD) and refuses bad ranges', () => {
    const head = git(repo, ['rev-parse', 'HEAD']);
    git(repo, ['checkout', '-q', '--detach', head]);
    try {
      const detached = brain(repo, ['review', '--code', `main..${head}`, '--json']).json();
      expect(detached.range.head_name).toBeNull();
      expect(detached.task_ids).toEqual(['PAY-7']); // from the commit message only
      const named = brain(repo, ['review', '--code', `main..${head}`, '--head-name', 'feature/SHOP-12-refunds', '--json']).json();
      expect(named.task_ids).toEqual(['PAY-7', 'SHOP-12']);
    } finally {
      git(repo, ['checkout', '-q', 'feature/SHOP-12-refunds']);
    }
    const bad = brain(repo, ['review', '--code', 'main..no-such-branch', '--json']);
    expect(bad.code).toBe(2);
    expect(bad.errorJson().error.code).toBe('invalid_argument');
    expect(brain(repo, ['review', 'main..HEAD', '--head-name', 'x']).code).toBe(2);
  });
});
