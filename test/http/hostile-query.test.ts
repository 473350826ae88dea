/**
 * Issue #17 "No input reaches `internal`" over the daemon's HTTP surfaces (a real daemon
 * process): REST query parameters follow the CLI's rules — an empty or blank filter is a 400,
 * not the whole list; numbers are plain decimals within bounds — and the `/cli/read` route
 * refuses a call whose arguments are not what the CLI sends (a `limit` of 1e20 reached SQLite
 * as `internal: datatype mismatch`). Every refusal is a 4xx with a code and a hint, and the
 * daemon logs no `internal` error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { httpGet, httpRequest, killDaemons, startDaemonProcess, type DaemonProcess } from '../helpers/daemon.js';

let dir: string;
let d: DaemonProcess;
let id: string;
const api = (path: string) => `/api/projects/demo/brain${path}`;

beforeAll(async () => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  id = brain(dir, ['--project', 'demo', 'add', 'decision', '--title', 'Use SQLite', '--tag', 'storage', '--json']).json().entry_id;
  d = await startDaemonProcess(dir, [], { globals: ['--project', 'demo'] });
});
afterAll(async () => {
  await d?.stop();
  killDaemons();
  cleanupTempDirs();
});

const internalLogged = () => d.events().filter((e) => e.status === 500 || e.code === 'internal');

describe('REST query parameters', () => {
  it('an empty or blank filter is a 400 naming it, not every entry (was: tag= listed everything)', async () => {
    for (const name of ['kind', 'status', 'tag', 'author', 'related_task', 'path', 'updated_since']) {
      for (const value of ['', '%20%20']) {
        const r = await httpGet(d.port, api(`?${name}=${value}`));
        expect(r.status, `${name}=${value}: ${r.body}`).toBe(400);
        expect(r.json().error).toMatchObject({ code: 'invalid_argument', hint: expect.any(String) });
      }
    }
    const search = await httpGet(d.port, api('/search?q=sqlite&kind='));
    expect(search.status).toBe(400);
    expect((await httpGet(d.port, api('?tag=storage'))).json().data).toHaveLength(1);
  });

  it('a bad value is a 400 before the project is looked up: it says nothing about which projects exist', async () => {
    for (const path of ['/brain?limit=0', '/brain/search?q=%20', '/brain/context?budget=0', `/brain/${id}?revision=0`, '/candidates?status=nope']) {
      const r = await httpGet(d.port, `/api/projects/nobody${path}`);
      expect(r.status, `${path}: ${r.body}`).toBe(400);
      expect(r.json().error.code).toBe('invalid_argument');
    }
  });

  it('numbers are plain decimals within bounds: 1e3, 0x10, +5 and 20 digits are 400s', async () => {
    for (const path of [
      '?limit=1e3', '?limit=0x10', '?limit=%2B5', '?limit=99999999999999999999', '?limit=%205',
      '/search?q=sqlite&limit=1e1', `/${id}?revision=1e0`, `/${id}?revision=99999999999999999999`, '/context?budget=6e3',
    ]) {
      const r = await httpGet(d.port, api(path));
      expect(r.status, `${path}: ${r.body}`).toBe(400);
      expect(r.json().error.message, path).toMatch(/must be an integer from \d+ to \d+ in plain decimal digits/);
    }
    expect((await httpGet(d.port, api(`/${id}?revision=001`))).json().data.revision).toBe(1);
    expect(internalLogged()).toEqual([]);
  });
});

describe('POST /cli/read', () => {
  const token = () => readFileSync(join(dir, '.git', 'brain', 'token'), 'utf8').trim();
  const read = (call: unknown) =>
    httpRequest(d.port, '/cli/read', { method: 'POST', headers: { authorization: `Bearer ${token()}`, 'content-type': 'application/json' }, body: JSON.stringify({ branch: 'brain', project: null, call }) });

  it('refuses arguments the CLI never sends: a huge limit, a wrong type, an unknown name, a deep value', async () => {
    for (const args of [{ limit: 1e20 }, { limit: 1.5 }, { limit: '5' }, { tag: ['storage'] }, { tag: { a: { a: {} } } }, { nope: 1 }]) {
      const r = await read({ command: 'list', args });
      expect(r.status, `${JSON.stringify(args)}: ${r.body}`).toBe(400);
      expect(r.json()).toEqual({ refused: 'call is not a read call' });
    }
    for (const call of [{ command: 'get', args: {} }, { command: 'get', args: { entryId: id, revision: 2 ** 53 } }, { command: 'context', args: { paths: [1] } }]) {
      expect((await read(call)).status, JSON.stringify(call)).toBe(400);
    }
    const ok = await read({ command: 'list', args: { tag: 'storage', limit: 5 } });
    expect(ok.status).toBe(200);
    expect(ok.json().data).toHaveLength(1);
    expect(internalLogged()).toEqual([]);
  });
});
