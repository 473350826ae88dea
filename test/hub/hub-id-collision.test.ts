/**
 * A project-scoped hub token next to an entry id two projects hold (issue #17): a branch
 * written with plain git holds `dec-clash…` in projects `secret` and `visible`. Whichever
 * project owns the id (the one holding its oldest revision, docs/decisions/0029), a token
 * bound to `visible` never reads `secret`'s text — not through the entry, its history, MCP
 * `brain_history`/`brain_get`, search, problems or the dashboard entry page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createToken } from '../../src/hub/tokens.js';
import { handCommit, makeEntry, revisionFiles } from '../helpers/plain-git.js';
import { brainRepo, serveTestHub, type TestHub } from './fixtures.js';

/** secret owns it (older); visible's copy has the higher revision number. */
const SECRET_OWNS = 'dec-clash0000001';
/** visible owns it (older); secret's later copy says "zebra". */
const VISIBLE_OWNS = 'dec-clash0000002';
const SECRET_WORDS = /zebra|Secret owner/;

let world: TestHub;
let token: string;

beforeAll(async () => {
  const dir = await brainRepo('visible');
  const commit = (projectId: string, entryId: string, title: string, recordedAt: string, revision = 1, rationale = `${projectId} text`) =>
    handCommit(dir, revisionFiles(dir, makeEntry({ kind: 'decision', projectId, entryId, title, revision, recordedAt, fields: { rationale } })), `${projectId} ${entryId} r${revision}`);
  commit('secret', SECRET_OWNS, 'Secret owner decision', '2024-01-01T00:00:00.000Z', 1, 'zebra in the secret rationale');
  commit('visible', SECRET_OWNS, 'Visible copy', '2024-02-01T00:00:00.000Z');
  commit('visible', SECRET_OWNS, 'Visible copy r2', '2024-02-02T00:00:00.000Z', 2);
  commit('visible', VISIBLE_OWNS, 'Visible owns this', '2024-01-01T00:00:00.000Z');
  commit('secret', VISIBLE_OWNS, 'Secret later copy', '2024-03-01T00:00:00.000Z', 1, 'zebra stripes');
  commit('secret', VISIBLE_OWNS, 'Secret later copy r2', '2024-03-02T00:00:00.000Z', 2, 'zebra stripes again');
  world = await serveTestHub([['r', dir]]);
  token = (await createToken(world.hub.pool, { name: 'visible-only', scope: { repos: ['r'], projects: ['visible'], capabilities: ['read'] } })).secret;
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

const get = async (path: string) => {
  const res = await fetch(`${world.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, text: await res.text() };
};

describe('a project-scoped hub token next to a colliding entry id', () => {
  it('REST: the id secret owns is not found; the id visible owns shows only visible revisions', async () => {
    for (const path of [`/api/entries/r/${SECRET_OWNS}`, `/api/entries/r/${SECRET_OWNS}/history`]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toMatch(SECRET_WORDS);
    }
    const history = await get(`/api/entries/r/${VISIBLE_OWNS}/history`);
    expect(history.status).toBe(200);
    const revisions = (JSON.parse(history.text) as { data: { entry: { project_id: string; title: string } }[] }).data;
    expect(revisions.map((r) => [r.entry.project_id, r.entry.title])).toEqual([['visible', 'Visible owns this']]);
    expect(history.text).not.toMatch(SECRET_WORDS);
    for (const path of ['/api/entries', '/api/search?q=zebra', '/api/search?q=secret', '/api/problems', '/api/brief']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toMatch(SECRET_WORDS);
      expect(res.text, path).not.toContain('"secret"');
    }
    // visible's hidden copy is reported to visible's readers, without naming the other project.
    const problems = JSON.parse((await get('/api/problems')).text) as { data: { path: string; code: string; message: string }[] };
    expect(problems.data.map((p) => [p.code, p.path])).toEqual([['duplicate_entry_id', `projects/visible/decision/cl/${SECRET_OWNS}`]]);
  });

  it('MCP: brain_get and brain_history answer the same', async () => {
    const client = new Client({ name: 'collision-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${world.server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    try {
      const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
      for (const name of ['brain_get', 'brain_history']) {
        const hidden = await call(name, { repo: 'r', entry_id: SECRET_OWNS });
        expect(hidden.isError, name).toBe(true);
        expect(JSON.stringify(hidden)).not.toMatch(SECRET_WORDS);
      }
      const history = await call('brain_history', { repo: 'r', entry_id: VISIBLE_OWNS });
      expect(history.isError).toBeFalsy();
      expect(JSON.stringify(history)).not.toMatch(SECRET_WORDS);
      expect(JSON.stringify(history)).toContain('Visible owns this');
    } finally {
      await client.close();
    }
  });

  it('the dashboard entry pages answer the same', async () => {
    const signIn = await fetch(`${world.server.url}/session`, { method: 'POST', redirect: 'manual', headers: { origin: world.server.url, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }) });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^brain_hub_session=/);
    const page = async (path: string) => {
      const res = await fetch(`${world.server.url}${path}`, { headers: { cookie } });
      return { status: res.status, text: await res.text() };
    };
    const hidden = await page(`/repos/r/entries/${SECRET_OWNS}`);
    expect(hidden.status).toBe(404);
    expect(hidden.text).not.toMatch(SECRET_WORDS);
    const shown = await page(`/repos/r/entries/${VISIBLE_OWNS}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Visible owns this');
    expect(shown.text).not.toMatch(SECRET_WORDS);
  });
});
