/**
 * The read-only REST API of the real daemon process (issue #3, DESIGN §6): envelope, filters,
 * keyset cursor pagination, entry / revision / history / search / context, projects, the error
 * envelope and statuses, ETag + If-None-Match (RFC 9110 §13.1.2), 405, and the loopback Host /
 * Origin guard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { handCommit, makeEntry, revisionFiles, type BranchFiles } from '../helpers/plain-git.js';
import { httpGet, httpRequest, killDaemons, startDaemonProcess, waitFor, type DaemonProcess } from '../helpers/daemon.js';
import type { Entry } from '../../src/model/entry.js';
import type { EntryKind } from '../../src/model/kinds.js';

const KINDS: EntryKind[] = ['decision', 'open_question', 'blocker', 'risk', 'dependency', 'plan_revision'];
let dir: string;
let d: DaemonProcess;
let seeded: Entry[];
const api = (path: string) => `/api/projects/demo/brain${path}`;
const get = (path: string, headers: Record<string, string> = {}) => httpGet(d.port, path, headers);

beforeAll(async () => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  // 36 entries in one plain-git commit; recorded_at in groups of 3 equal instants (ties are
  // broken by entry_id), authors, tags and tasks spread over them.
  seeded = Array.from({ length: 36 }, (_, i) => {
    const kind = KINDS[i % KINDS.length] as EntryKind;
    return makeEntry({
      kind, projectId: 'demo', title: `Seeded ${kind} number ${i}`, recordedAt: `2024-05-${String(1 + Math.floor(i / 3)).padStart(2, '0')}T12:00:00.000Z`,
      fields: { author: i % 2 ? 'alice' : 'bob', tags: i % 4 === 0 ? ['storage'] : ['ui'], related_task_ids: i % 5 === 0 ? ['T-9'] : [], ...(kind === 'risk' && i % 4 === 3 ? { status: 'mitigated' } : {}), ...(kind === 'dependency' ? { payload: { depends_on: 'x', dependency_kind: 'requires' } } : {}) },
    });
  });
  const other = makeEntry({ kind: 'decision', projectId: 'other', title: 'A decision of another project' });
  const files: BranchFiles = {};
  for (const e of [...seeded, other]) Object.assign(files, revisionFiles(dir, e));
  handCommit(dir, files, 'seed');
  d = await startDaemonProcess(dir);
});
afterAll(async () => {
  await d?.stop();
  killDaemons();
  cleanupTempDirs();
});

const expectedOrder = () => [...seeded].sort((a, b) => (a.recorded_at === b.recorded_at ? (a.entry_id < b.entry_id ? -1 : 1) : a.recorded_at < b.recorded_at ? 1 : -1)).map((e) => e.entry_id);

describe('GET /api/projects/:project/brain', () => {
  it('pages through every entry exactly once in a stable order with an opaque cursor', async () => {
    for (const limit of [1, 7, 12, 36, 500]) {
      const ids: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const r = await get(api(`?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`));
        expect(r.status).toBe(200);
        const body = r.json();
        expect(body.pagination.limit).toBe(limit);
        expect(body.data.length).toBeLessThanOrEqual(limit);
        ids.push(...body.data.map((e: Entry) => e.entry_id));
        cursor = body.pagination.next_cursor;
        expect(body.pagination.has_more).toBe(cursor !== null);
        pages++;
      } while (cursor !== null);
      expect(ids, `limit ${limit}`).toEqual(expectedOrder());
      expect(pages).toBe(Math.max(1, Math.ceil(36 / limit)));
    }
    const first = (await get(api(''))).json();
    expect(first.data).toHaveLength(36); // default limit 50
    expect(first.pagination).toEqual({ limit: 50, has_more: false, next_cursor: null });
  });

  it('filters by kind, status, tag, author, related_task and updated_since (combined with AND)', async () => {
    const ids = async (query: string) => (await get(api(`?limit=500&${query}`))).json().data.map((e: Entry) => e.entry_id).sort();
    const want = (pred: (e: Entry, i: number) => boolean) => seeded.filter(pred).map((e) => e.entry_id).sort();
    expect(await ids('kind=risk')).toEqual(want((e) => e.entry_kind === 'risk'));
    expect(await ids('kind=risk&status=mitigated')).toEqual(want((e) => e.entry_kind === 'risk' && e.status === 'mitigated'));
    expect(await ids('tag=storage')).toEqual(want((_e, i) => i % 4 === 0));
    expect(await ids('author=alice&tag=ui')).toEqual(want((_e, i) => i % 2 === 1 && i % 4 !== 0));
    expect(await ids('related_task=T-9')).toEqual(want((_e, i) => i % 5 === 0));
    expect(await ids('updated_since=2024-05-10')).toEqual(want((e) => e.recorded_at >= '2024-05-10'));
    expect(await ids('updated_since=2024-05-10T14:00:00%2B02:00')).toEqual(want((e) => e.recorded_at >= '2024-05-10T12:00:00.000Z'));
    // A filter value that can never match is an error naming what is legal, not an empty list (issue #7).
    const bad = await get(api('?status=opne'));
    expect(bad.status).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_argument', hint: expect.stringContaining('open') });
    expect((await get(api('?kind=risk&status=open'))).json().error.code).toBe('illegal_status');
    expect((await get(api('?updated_since=yesterday'))).status).toBe(400);
  });

  it('serves each project from its own brain; unknown projects are 404', async () => {
    const other = (await get('/api/projects/other/brain')).json();
    expect(other.data.map((e: Entry) => e.title)).toEqual(['A decision of another project']);
    const seededId = seeded[0]?.entry_id ?? '';
    expect((await get(`/api/projects/other/brain/${seededId}`)).status).toBe(404);
    const missing = await get('/api/projects/nobody/brain');
    expect(missing.status).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 'not_found' });
    expect((await get('/api/projects/Not%20A%20Slug/brain')).json().error.code).toBe('invalid_argument');
  });
});

describe('entry, revision, history, search, context', () => {
  it('gets an entry by id or unique prefix, a past revision, and its history with commits', async () => {
    const e = brain(dir, ['add', 'decision', '--title', 'REST entry', '--json']).json();
    expect(brain(dir, ['revise', e.entry_id, '--title', 'REST entry, revised']).code).toBe(0);
    const current = await get(api(`/${e.entry_id}`));
    expect(current.status).toBe(200);
    expect(current.json().data).toMatchObject({ entry_id: e.entry_id, revision: 2, title: 'REST entry, revised' });
    expect((await get(api(`/${e.entry_id.slice(0, 10)}`))).json().data.entry_id).toBe(e.entry_id);
    expect((await get(api(`/${e.entry_id}?revision=1`))).json().data).toMatchObject({ revision: 1, title: 'REST entry' });
    const history = (await get(api(`/${e.entry_id}/history`))).json().data;
    expect(history.map((h: any) => h.entry.revision)).toEqual([1, 2]);
    const commits = git(dir, ['log', '--format=%H', '-2', 'brain']).split('\n').reverse();
    expect(history.map((h: any) => h.commit.oid)).toEqual(commits);
    expect(history[0].commit).toMatchObject({ author: 'test-agent', time: expect.stringMatching(/Z$/) });
    expect(history[0].path).toMatch(/r0001-[0-9a-f]{8}\.json$/);
  });

  it('searches and builds the brief within a budget', async () => {
    const hits = (await get(api('/search?q=Seeded%20risk&limit=3'))).json().data;
    expect(hits).toHaveLength(3);
    expect(hits[0].entry.entry_kind).toBe('risk');
    expect(hits[0].relevance_score).toBe(1);
    const brief = (await get(api('/context?budget=400'))).json().data;
    expect(brief.tokens).toBeLessThanOrEqual(400);
    expect(brief.markdown).toContain('<brain-state>');
    expect(Object.values(brief.omitted as Record<string, number>).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});

describe('errors', () => {
  it('uses the envelope and RFC 9110 statuses: 400, 404, 409, 405', async () => {
    const cases: [string, number, string][] = [
      [api('?limit=0'), 400, 'invalid_argument'],
      [api('?limit=501'), 400, 'invalid_argument'],
      [api('?limit=ten'), 400, 'invalid_argument'],
      [api('?cursor=not-a-cursor'), 400, 'invalid_argument'],
      [api('?kind=epic'), 400, 'invalid_argument'],
      [api('?kinds=risk'), 400, 'invalid_argument'],
      [api('?kind=risk&kind=blocker'), 400, 'invalid_argument'],
      [api('?updated_since=yesterday'), 400, 'invalid_argument'],
      [api('?updated_since=2024-05-01T12:00:00'), 400, 'invalid_argument'], // naive: no zone
      [api('/search'), 400, 'invalid_argument'],
      [api('/context?budget=0'), 400, 'invalid_argument'],
      [api(`/${seeded[0]?.entry_id}?revision=0`), 400, 'invalid_argument'],
      [api('/dec-zzzzzzzzzzzz'), 404, 'not_found'],
      [api(`/${seeded[0]?.entry_id}?revision=9`), 404, 'not_found'],
      [api('/dec-zzzzzzzzzzzz/history'), 404, 'not_found'],
      ['/api/nothing-here', 404, 'not_found'],
      ['/nothing-here', 404, 'not_found'],
      [api('/dec'), 409, 'ambiguous_id'],
    ];
    for (const [path, status, code] of cases) {
      const r = await get(path);
      expect(r.status, path).toBe(status);
      expect(r.headers['content-type'], path).toMatch(/^application\/json/);
      const body = r.json();
      expect(body.error.code, path).toBe(code);
      expect(body.error.message.length, path).toBeGreaterThan(0);
      expect(Object.keys(body).sort()).toEqual(['error']);
      expect(r.headers.etag, path).toBeUndefined();
    }
    expect((await get(api('/dec'))).json().error.data.candidates.length).toBeGreaterThan(1);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const r = await httpRequest(d.port, api(''), { method, body: '{}', headers: { 'content-type': 'application/json' } });
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe('GET, HEAD');
      expect(r.json().error.code).toBe('method_not_allowed');
    }
    expect((await httpRequest(d.port, '/api/health', { method: 'POST' })).status).toBe(405);
  });

  it('rejects a non-loopback Host (DNS rebinding) with 421 and a foreign Origin with 403', async () => {
    const evil = await get('/api/health', { host: 'evil.example' });
    expect(evil.status).toBe(421);
    expect(evil.json().error.code).toBe('misdirected_request');
    expect((await get(api(''), { host: `evil.example:${d.port}` })).status).toBe(421);
    expect((await httpRequest(d.port, '/mcp', { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json' }, body: '{}' })).status).toBe(421);
    for (const host of [`localhost:${d.port}`, `127.0.0.1:${d.port}`, `[::1]:${d.port}`, 'LOCALHOST']) {
      expect((await get('/api/health', { host })).status, host).toBe(200);
    }
    const origin = await get('/api/health', { origin: 'http://evil.example' });
    expect(origin.status).toBe(403);
    expect(origin.json().error.code).toBe('forbidden_origin');
    expect((await get('/api/health', { origin: 'null' })).status).toBe(403);
    expect((await get('/api/health', { origin: `http://localhost:${d.port}` })).status).toBe(200);
    expect(d.events().some((e) => e.event === 'request_error' && e.status === 421)).toBe(true);
  });
});

describe('ETag and If-None-Match', () => {
  it('sends a strong ETag on every GET and answers a match, a list, W/ and * with 304', async () => {
    const paths = [api('?limit=5'), api(`/${seeded[1]?.entry_id}`), api(`/${seeded[1]?.entry_id}/history`), api('/search?q=seeded'), api('/context?budget=500'), '/api/health'];
    for (const path of paths) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, path).toMatch(/^"[A-Za-z0-9_-]{20,}"$/); // strong: no W/
      if (path !== '/api/health') expect((await get(path)).headers.etag, path).toBe(etag);
      for (const inm of [etag, `"nope", ${etag}`, `W/${etag}`, '*']) {
        const again = await get(path, { 'if-none-match': inm });
        if (path === '/api/health' && inm !== '*') continue; // health changes with uptime; its ETag is the bytes'
        expect(again.status, `${path} ${inm}`).toBe(304);
        expect(again.body).toBe('');
        if (path === '/api/health') expect(again.headers.etag, `${path} ${inm}`).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
        else expect(again.headers.etag, `${path} ${inm}`).toBe(etag); // a 304 names the representation it stands for
      }
      expect((await get(path, { 'if-none-match': '"nope"' })).status).toBe(200);
    }
    const head = await httpRequest(d.port, api('?limit=5'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe((await get(api('?limit=5'))).headers.etag);
    expect((await get(api('/dec-zzzzzzzzzzzz'), { 'if-none-match': '*' })).status).toBe(404); // * needs a current representation
  });

  it('changes the ETag when the branch moves, and different URLs have different ETags', async () => {
    const before = await get(api('?kind=blocker'));
    const etag = before.headers.etag as string;
    expect((await get(api('?kind=risk'))).headers.etag).not.toBe(etag);
    const oldTip = git(dir, ['rev-parse', 'brain']);
    expect(brain(dir, ['add', 'blocker', '--title', 'A new blocker']).code).toBe(0);
    const after = await waitFor('a 200 after the write', async () => {
      const r = await get(api('?kind=blocker'), { 'if-none-match': etag });
      return r.status === 200 ? r : null;
    });
    expect(git(dir, ['rev-parse', 'brain'])).not.toBe(oldTip);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().data.map((e: Entry) => e.title)).toContain('A new blocker');
    expect((await get(api('?kind=blocker'), { 'if-none-match': after.headers.etag as string })).status).toBe(304);
  });
});
