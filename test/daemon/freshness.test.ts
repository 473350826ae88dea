/**
 * Commits made by other processes become visible to the running daemon without a restart
 * (issue #3, DESIGN §5): the CLI, plain git plumbing, `git fetch` + `git update-ref` from a
 * second clone, and `git gc` packing the ref (which kills a watch on the ref *file*). The
 * daemon runs with the safety-net poll effectively off, so the directory watch must do it.
 * Every check is a bounded poll of the REST API; no timing is asserted.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { handCommit, makeEntry, revisionFiles } from '../helpers/plain-git.js';
import { httpGet, killDaemons, startDaemonProcess, waitFor, type DaemonProcess } from '../helpers/daemon.js';

let dir: string;
let d: DaemonProcess;
const tip = () => git(dir, ['rev-parse', 'brain']);

async function visible(entryId: string): Promise<Record<string, any>> {
  return waitFor(`${entryId} to be served`, async () => {
    const r = await httpGet(d.port, `/api/projects/demo/brain/${entryId}`);
    return r.status === 200 ? (r.json().data as Record<string, any>) : null;
  });
}

/** The watcher (not a request) caught up with `oid`: a `catch_up` line with trigger `watch`. */
async function watched(oid: string): Promise<void> {
  await waitFor(`a watch-triggered catch-up to ${oid}`, async () => d.events().some((e) => e.event === 'catch_up' && e.trigger === 'watch' && e.to === oid));
}

async function healthInSync(): Promise<void> {
  await waitFor('the projection to reach the tip', async () => {
    const h = (await httpGet(d.port, '/api/health')).json().data;
    return h.projected === tip() && h.tip === tip();
  });
}

beforeAll(async () => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  d = await startDaemonProcess(dir, ['--poll-interval', '3600000']);
});
afterAll(async () => {
  await d?.stop();
  killDaemons();
  cleanupTempDirs();
});

describe('the daemon follows the docs branch', () => {
  it('sees a write made by the CLI in another process', async () => {
    const e = brain(dir, ['add', 'blocker', '--title', 'CI runners are down', '--json']).json();
    await watched(tip());
    expect((await visible(e.entry_id)).title).toBe('CI runners are down');
    // Health's counts are computed once per projected commit (issue 21): they follow each move.
    const counts = async () => (await httpGet(d.port, '/api/health')).json().data.entries;
    expect(await counts()).toMatchObject({ total: 1, revisions: 1, by_kind: { blocker: { blocked: 1 } } });
    expect(brain(dir, ['revise', e.entry_id, '--rationale', 'since Monday']).code).toBe(0);
    await watched(tip());
    await waitFor('revision 2', async () => (await httpGet(d.port, `/api/projects/demo/brain/${e.entry_id}`)).json().data.revision === 2);
    expect(await counts()).toMatchObject({ total: 1, revisions: 2 });
  });

  it('sees a commit made with plain git plumbing (hash-object, commit-tree, update-ref)', async () => {
    const e = makeEntry({ kind: 'risk', projectId: 'demo', title: 'Hand-made with plumbing', recordedAt: '2025-01-01T00:00:00.000Z' });
    await watched(handCommit(dir, revisionFiles(dir, e)));
    expect((await visible(e.entry_id)).title).toBe('Hand-made with plumbing');
    await healthInSync();
  });

  it('keeps following after git gc packs the ref and deletes the loose file', async () => {
    git(dir, ['gc', '-q']);
    expect(existsSync(join(dir, '.git', 'refs', 'heads', 'brain'))).toBe(false);
    await healthInSync();
    const e = makeEntry({ kind: 'open_question', projectId: 'demo', title: 'After gc', recordedAt: '2025-01-02T00:00:00.000Z' });
    await watched(handCommit(dir, revisionFiles(dir, e)));
    expect((await visible(e.entry_id)).title).toBe('After gc');
    git(dir, ['pack-refs', '--all']); // only packed-refs changes (same oid): nothing to do, nothing breaks
    const added = brain(dir, ['add', 'decision', '--title', 'After pack-refs', '--json']);
    expect(added.stderr).toBe('');
    const f = added.json();
    await watched(tip());
    expect((await visible(f.entry_id)).title).toBe('After pack-refs');
  });

  it('sees a branch moved by git fetch + git update-ref from a second clone', async () => {
    const clone = join(tempDir('brain-clone-'), 'c');
    git(dir, ['clone', '-q', dir, clone]);
    const e = brain(clone, ['add', 'dependency', '--title', 'Needs the payments API', '--payload', '{"depends_on":"payments-api"}', '--json']);
    expect(e.code).toBe(0);
    const id = e.json().entry_id as string;
    // Fetched outside refs/remotes/: a remote-tracking ref strictly ahead would be fast-forwarded
    // to by the daemon itself (decision 0037), racing this update-ref.
    git(dir, ['fetch', '-q', clone, 'brain:refs/fetched/clone-brain']);
    git(dir, ['update-ref', 'refs/heads/brain', 'refs/fetched/clone-brain', tip()]);
    await watched(tip());
    expect((await visible(id)).title).toBe('Needs the payments API');
    const h = (await httpGet(d.port, '/api/health')).json().data;
    expect(h.watcher.polls).toBe(0); // the watch did it, not the poll
    expect(h.watcher.changes).toBe(6);
    expect(d.events().filter((x) => x.level === 'error')).toEqual([]);
  });
});
