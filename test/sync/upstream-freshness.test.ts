/**
 * Nobody reads a stale brain (issue #19), with real clones of a real bare remote: after a plain
 * `git fetch` brings a teammate's revisions, the next read fast-forwards the local docs branch
 * (said once on stderr, with git's ref lock protocol: reflog line, fsck clean) and answers with
 * them; a clone with unpushed revisions is told it is ahead, one that diverged is told so and
 * nothing moves — in `status`, `doctor`, the brief's header, the dashboard and MCP
 * `brain_status`, each with when the last fetch was and the command that fixes it.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, git, tempDir } from '../helpers/git.js';
import { httpGet, killDaemons, startDaemonProcess } from '../helpers/daemon.js';
import { startMcp } from '../mcp/mcp-client.js';
import { ok, remoteWithClones } from './sync-helpers.js';

let a: string;
let b: string;
const rev = (dir: string, ref: string) => git(dir, ['rev-parse', ref]);
const add = (dir: string, title: string) => ok(brain(dir, ['add', 'decision', '--title', title]), `add ${title}`);

let remote: string;

beforeAll(() => {
  const made = remoteWithClones(2);
  remote = made.remote;
  [a, b] = made.clones as [string, string];
});
afterAll(() => {
  killDaemons();
  cleanupTempDirs();
});

describe('a teammate who pulls reads an up-to-date brain', () => {
  it('a fresh git clone knows when its upstream was fetched: at the clone', () => {
    // A project's repository: a main branch beside the brain's.
    git(a, ['commit', '-q', '--allow-empty', '-m', 'first']);
    git(a, ['push', '-q', 'origin', 'main']);
    const dir = join(tempDir('brain-fresh-clone-'), 'c');
    git(tempDir('brain-cwd-'), ['clone', '-q', remote, dir]);
    const status = ok(brain(dir, ['status', '--json']));
    const up = status.json<{ upstream: { fetched_at: string | null; summary: string } }>().upstream;
    const cloned = /> (\d+) [+-]\d{4}\tclone: /.exec(readFileSync(join(dir, '.git', 'logs', 'HEAD'), 'utf8'))![1]!;
    expect(up.fetched_at).toBe(new Date(Number(cloned) * 1000).toISOString());
    expect(up.summary).not.toContain('unknown time');
  });

  it('a clone that checked nothing out (no reflog) says it was not fetched since, and how old the upstream tip is (decision 0063)', () => {
    // A remote whose HEAD names a branch it lacks: git clone checks nothing out and writes no reflog.
    const bare = join(tempDir('brain-headless-'), 'o.git');
    git(tempDir('brain-cwd-'), ['clone', '-q', '--bare', remote, bare]);
    git(bare, ['symbolic-ref', 'HEAD', 'refs/heads/nowhere']);
    const dir = join(tempDir('brain-fresh-clone-'), 'c');
    git(tempDir('brain-cwd-'), ['clone', '-q', bare, dir]);
    const status = ok(brain(dir, ['status', '--json']));
    const up = status.json<{ upstream: { fetched_at: string | null; tip_committed_at: string | null; summary: string } }>().upstream;
    expect(up.fetched_at).toBeNull();
    const committed = new Date(Number(git(dir, ['show', '-s', '--format=%ct', 'origin/brain'])) * 1000).toISOString();
    expect(up.tip_committed_at).toBe(committed);
    expect(up.summary).toContain(`as of the clone, not fetched since; origin/brain's newest commit is from ${committed}`);
    expect(up.summary).not.toContain('unknown time');
    expect(ok(brain(dir, ['status'])).stdout).toContain('not fetched since');
  });

  it('a read after git fetch fast-forwards the local branch, says so once, and answers with the new revisions', () => {
    add(a, 'Pushed by A');
    ok(brain(a, ['sync']));
    git(b, ['fetch', '-q', 'origin']);
    const before = rev(b, 'brain');
    expect(rev(b, 'origin/brain')).not.toBe(before);
    const status = ok(brain(b, ['status', '--json']));
    expect(status.stderr).toMatch(/^brain: fast-forwarded brain to origin\/brain \(1 new commit, [0-9a-f]{12}\.\.[0-9a-f]{12}\)$/m);
    expect(rev(b, 'brain')).toBe(rev(b, 'origin/brain'));
    const up = status.json().upstream;
    expect(up).toMatchObject({ remote: 'origin', ref: 'refs/remotes/origin/brain', ahead: 0, behind: 0, relation: 'up_to_date', fix: null });
    // When the last fetch was: git fetch wrote FETCH_HEAD naming the branch.
    expect(up.fetched_at).toBe(new Date(Math.floor(statSync(join(b, '.git', 'FETCH_HEAD')).mtimeMs / 1000) * 1000).toISOString());
    const list = ok(brain(b, ['list', '--json']));
    expect(list.stderr).toBe(''); // said once: nothing left to do
    expect(list.json().map((e: { title: string }) => e.title)).toContain('Pushed by A');
    expect(git(b, ['reflog', '-1', '--format=%gs', 'refs/heads/brain'])).toBe('brain: fast-forward to origin/brain');
    git(b, ['fsck', '--strict', '--no-progress']);
  });

  it('the brief fast-forwards too and its header says where the branch stands', () => {
    add(a, 'Second from A');
    ok(brain(a, ['sync']));
    git(b, ['fetch', '-q', 'origin']);
    const brief = ok(brain(b, ['context']));
    expect(brief.stderr).toContain('fast-forwarded brain to origin/brain');
    expect(brief.stdout).toContain('Second from A');
    expect(brief.stdout).toMatch(/^Upstream: up to date with origin\/brain \(as of the last fetch, \d{4}-\d\d-\d\dT[\d:]+\.000Z; `brain sync origin` fetches again\)$/m);
  });

  it('unpushed revisions: ahead, with the command that pushes them; nothing moves', () => {
    add(b, 'Local to B');
    const tip = rev(b, 'brain');
    const up = ok(brain(b, ['status', '--json'])).json().upstream;
    expect(up).toMatchObject({ ahead: 1, behind: 0, relation: 'ahead', fix: 'brain sync origin' });
    expect(ok(brain(b, ['status'])).stdout).toMatch(/^upstream: {3}1 commit ahead of origin\/brain: local revisions not pushed yet \(as of the last fetch, .*\); run `brain sync origin`$/m);
    expect(ok(brain(b, ['context'])).stdout).toContain('Upstream: 1 commit ahead of origin/brain');
    const doctor = brain(b, ['doctor', '--json']).json();
    expect(doctor.findings.find((f: { check: string }) => f.check === 'upstream')).toMatchObject({ ok: true, message: expect.stringContaining('`brain sync origin` pushes them') });
    expect(rev(b, 'brain')).toBe(tip);
  });

  it('diverged: every surface says so, with the fix, and the local branch never moves', async () => {
    add(a, 'Concurrent in A');
    ok(brain(a, ['sync']));
    git(b, ['fetch', '-q', 'origin']);
    const tip = rev(b, 'brain');
    const status = ok(brain(b, ['status', '--json']));
    expect(status.stderr).not.toContain('fast-forward');
    expect(status.json().upstream).toMatchObject({ ahead: 1, behind: 1, relation: 'diverged', fix: 'brain sync origin' });
    expect(status.json().upstream.summary).toMatch(/^diverged from origin\/brain: 1 commit here, 1 commit there \(as of the last fetch, .*\); nothing was moved$/);
    const doctor = brain(b, ['doctor', '--json']);
    expect(doctor.code).toBe(1);
    expect(doctor.json().findings.find((f: { check: string }) => f.check === 'upstream')).toMatchObject({ ok: false, fix: 'brain sync origin' });
    expect(ok(brain(b, ['context'])).stdout).toContain('Upstream: diverged from origin/brain');
    const mcp = await startMcp(b);
    try {
      const r = await mcp.call('brain_status', {});
      expect((r.structuredContent as { upstream: unknown }).upstream).toMatchObject({ relation: 'diverged', fix: 'brain sync origin' });
      expect(JSON.stringify(r.content)).toContain('upstream: diverged from origin/brain');
    } finally {
      await mcp.close();
    }
    const d = await startDaemonProcess(b);
    try {
      const board = await httpGet(d.port, '/projects/demo');
      expect(board.status).toBe(200);
      expect(board.body).toMatch(/Upstream: diverged from origin\/brain: 1 commit here, 1 commit there .* — run <code>brain sync origin<\/code>/);
    } finally {
      await d.stop();
    }
    expect(rev(b, 'brain')).toBe(tip);
    // brain sync joins them; then all say up to date.
    ok(brain(b, ['sync']));
    expect(ok(brain(b, ['status', '--json'])).json().upstream).toMatchObject({ relation: 'up_to_date', fix: null });
  });
});
