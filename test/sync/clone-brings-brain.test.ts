/**
 * A clone brings the brain (issue #8 part 1): in a fresh `git clone` of a repository whose
 * remote has the docs branch, every surface works at once — the CLI, `brain mcp` over stdio
 * (the SDK's real client) and the daemon's REST API — by creating the local branch from the
 * remote-tracking ref the way `git checkout brain` does. No `git branch` or `git fetch` here:
 * only what a teammate types.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';
import { brain, openTestBrain } from '../helpers/brain.js';
import { httpGet, killDaemons, startDaemonProcess, waitFor } from '../helpers/daemon.js';
import { startMcp, structured } from '../mcp/mcp-client.js';

let origin: string;
let originTip: string;
const ids: Record<string, string> = {};

function freshClone(from = origin): string {
  const clone = join(tempDir('brain-clone-'), 'shop');
  git(from, ['clone', '-q', from, clone]);
  return clone;
}

const NOTICE = /created local branch brain from origin\/brain at [0-9a-f]{12}, tracking origin\/brain/g;

beforeAll(() => {
  origin = initRepo();
  expect(brain(origin, ['init', '--project', 'shop']).code).toBe(0);
  ids.db = brain(origin, ['add', 'decision', '--title', 'Store orders in PostgreSQL', '--rationale', 'Transactions.', '--json']).json().entry_id;
  ids.load = brain(origin, ['add', 'risk', '--title', 'Black Friday load', '--json']).json().entry_id;
  originTip = git(origin, ['rev-parse', 'brain']);
});
afterAll(() => {
  killDaemons();
  cleanupTempDirs();
});

describe('a fresh clone (CLI)', () => {
  it('lists the remote brain at once, creating the local branch once, tracking origin/brain', () => {
    const clone = freshClone();
    expect(readFileSync(join(clone, '.git', 'packed-refs'), 'utf8')).toContain('refs/remotes/origin/brain');
    expect(existsSync(join(clone, '.git', 'refs', 'heads', 'brain'))).toBe(false);

    const first = brain(clone, ['list', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json().map((e: any) => e.entry_id).sort()).toEqual([ids.db, ids.load].sort());
    expect(first.stderr.match(NOTICE)).toHaveLength(1);
    expect(git(clone, ['rev-parse', 'brain'])).toBe(originTip);
    expect(git(clone, ['config', 'branch.brain.remote'])).toBe('origin');
    expect(git(clone, ['config', 'branch.brain.merge'])).toBe('refs/heads/brain');
    expect(git(clone, ['rev-parse', '--abbrev-ref', 'brain@{upstream}'])).toBe('origin/brain');
    expect(git(clone, ['reflog', 'show', '--format=%gs', 'brain'])).toBe('branch: Created from origin/brain');
    expect(git(clone, ['symbolic-ref', 'HEAD'])).toBe('refs/heads/main'); // the work tree is untouched

    const second = brain(clone, ['list']);
    expect(second.code).toBe(0);
    expect(second.stderr).toBe('');
  });

  it('writes on top of the remote brain (no stray root)', () => {
    const clone = freshClone();
    const added = brain(clone, ['add', 'open_question', '--title', 'Which payment provider?', '--json']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr.match(NOTICE)).toHaveLength(1);
    expect(git(clone, ['rev-parse', 'brain~1'])).toBe(originTip);
    expect(brain(clone, ['list', '--json']).json()).toHaveLength(3);
    expect(brain(clone, ['status', '--json']).json().project_id).toBe('shop');
  });

  it('`brain init` refuses (exit 2, hint brain sync) and creates nothing', () => {
    const clone = freshClone();
    const r = brain(clone, ['init', '--json']);
    expect(r.code).toBe(2);
    const { error } = r.errorJson();
    expect(error.code).toBe('branch_exists');
    expect(error.message).toContain('origin/brain');
    expect(error.hint).toBe('brain sync origin');
    expect(() => git(clone, ['rev-parse', '--verify', '-q', 'refs/heads/brain'])).toThrow();
    const human = brain(clone, ['init']);
    expect(human.code).toBe(2);
    expect(human.stderr).toContain('hint: brain sync origin');
  });

  it('prefers origin when other remotes have the branch too', () => {
    const clone = freshClone();
    git(clone, ['update-ref', 'refs/remotes/fork/brain', git(origin, ['rev-parse', 'brain~1'])]);
    const r = brain(clone, ['list', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(git(clone, ['rev-parse', 'brain'])).toBe(originTip);
  });

  it('several remotes and no origin is ambiguous_remote naming them; nothing is created', () => {
    const clone = freshClone();
    git(clone, ['remote', 'rename', 'origin', 'upstream']);
    git(clone, ['update-ref', 'refs/remotes/fork/brain', originTip]);
    const r = brain(clone, ['list', '--json']);
    expect(r.code).toBe(1);
    const { error } = r.errorJson();
    expect(error.code).toBe('ambiguous_remote');
    expect(error.message).toContain('fork, upstream');
    expect(error.hint).toContain('brain sync fork');
    expect(() => git(clone, ['rev-parse', '--verify', '-q', 'refs/heads/brain'])).toThrow();
    // One remote (loose ref, not packed) is not ambiguous.
    git(clone, ['update-ref', '-d', 'refs/remotes/fork/brain']);
    expect(brain(clone, ['list']).code).toBe(0);
    expect(git(clone, ['config', 'branch.brain.remote'])).toBe('upstream');
  });

  it('the not-initialized hint suggests init only when no remote has the branch', async () => {
    const alone = initRepo();
    const r = brain(alone, ['list', '--json']);
    expect(r.code).toBe(1);
    expect(r.errorJson().error).toMatchObject({ code: 'not_initialized' });
    expect(r.errorJson().error.hint).toContain('brain init');

    const clone = freshClone();
    const b = await openTestBrain(clone);
    try {
      await expect(b.store.manifest(null)).rejects.toMatchObject({ code: 'not_initialized', hint: expect.not.stringContaining('init') });
      await expect(b.store.manifest(null)).rejects.toMatchObject({ hint: expect.stringContaining('brain sync origin') });
    } finally {
      await b.close();
    }
  });
});

describe('a fresh clone (MCP over stdio, daemon)', () => {
  it('brain mcp serves the remote brain at once', async () => {
    const clone = freshClone();
    const s = await startMcp(clone);
    try {
      const listed = structured(await s.call('brain_list', {}));
      expect(listed.entries.map((e: any) => e.entry_id).sort()).toEqual([ids.db, ids.load].sort());
      expect(s.stderr().match(NOTICE)).toHaveLength(1);
    } finally {
      await s.close();
    }
    expect(git(clone, ['rev-parse', 'brain'])).toBe(originTip);
  });

  it('the daemon serves REST at once and keeps following the created branch', async () => {
    const clone = freshClone();
    const d = await startDaemonProcess(clone);
    try {
      const list = await httpGet(d.port, '/api/projects/shop/brain');
      expect(list.status, list.body).toBe(200);
      expect(list.json().data.map((e: any) => e.entry_id).sort()).toEqual([ids.db, ids.load].sort());
      expect((await httpGet(d.port, '/api/health')).json().data).toMatchObject({ status: 'ok', tip: originTip, projected: originTip });
      expect(d.events().filter((e) => e.event === 'notice' && /created local branch brain from origin\/brain/.test(e.message))).toHaveLength(1);

      expect(brain(clone, ['add', 'blocker', '--title', 'No staging credentials']).code).toBe(0);
      const tip = git(clone, ['rev-parse', 'brain']);
      await waitFor('the daemon to follow the new local branch', async () => (await httpGet(d.port, '/api/health')).json().data.projected === tip);
      expect((await httpGet(d.port, '/api/projects/shop/brain')).json().data).toHaveLength(3);
    } finally {
      await d.stop();
    }
  });

  it('a daemon started before the remote had a brain picks it up once fetched', async () => {
    const upstream = initRepo();
    const clone = freshClone(upstream);
    const d = await startDaemonProcess(clone, ['--poll-interval', '200']);
    try {
      expect((await httpGet(d.port, '/api/health')).json().data.status).toBe('uninitialized');
      expect(brain(upstream, ['init', '--project', 'shop']).code).toBe(0);
      expect(brain(upstream, ['add', 'decision', '--title', 'Use SQLite']).code).toBe(0);
      git(clone, ['fetch', '-q', 'origin']); // a teammate's plain fetch: here it is the point of the test
      const tip = git(upstream, ['rev-parse', 'brain']);
      await waitFor('the daemon to create and project the branch', async () => (await httpGet(d.port, '/api/health')).json().data.projected === tip);
      expect(git(clone, ['rev-parse', 'brain'])).toBe(tip);
      expect((await httpGet(d.port, '/api/projects/shop/brain')).json().data.map((e: any) => e.title)).toEqual(['Use SQLite']);
    } finally {
      await d.stop();
    }
  });
});
