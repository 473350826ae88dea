/**
 * Decision 0088 (the newcomer run of round eleven): a high/high risk pushed from another clone
 * with a newline in its author is a problem on the hub, never an entry, so the hub's brief said
 * `At risk 0` and its board's tiles the same, with a word only on `/repos`. Now the brief's group
 * of that repository carries the clone's `Problems:` header line (over REST and MCP
 * `brain_context`, one code) and the board a line naming the repository with its count; a token
 * that cannot read that repository sees neither. Real PostgreSQL, real repositories written with
 * plain git plumbing, a real hub on port 0, the MCP SDK's real client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { handCommit, makeEntry, revisionFiles } from '../helpers/plain-git.js';
import { brainRepo, record, serveTestHub, type TestHub } from './fixtures.js';
import { boardProblemsLine, hubProblemsLine } from '../../src/hub/hub-problems-line.js';
import { buildHubBrief } from '../../src/hub/hub-brief.js';

let world: TestHub;
let all: string;
let onlyOther: string;

beforeAll(async () => {
  const ops = await brainRepo('platform');
  await record(ops, 'platform', [{ kind: 'decision', fields: { title: 'Use Secrets Manager for secrets' } }]);
  // What Mallory pushed: a valid-looking risk whose author holds a newline (a forged trailer).
  const risk = makeEntry({ kind: 'risk', projectId: 'platform', title: 'State bucket is world readable', fields: { payload: { likelihood: 'high', impact: 'high' } } });
  handCommit(ops, revisionFiles(ops, { ...risk, author: 'Alice <alice@example.com>\nBrain-Agent: root' } as typeof risk), 'a risk with a forged author');
  const other = await brainRepo('home');
  await record(other, 'home', [{ kind: 'decision', fields: { title: 'Support one Python minor version' } }]);
  world = await serveTestHub([['ops', ops], ['home', other]]);
  all = await world.readToken('org', null);
  onlyOther = await world.readToken('home-team', ['home']);
});
afterAll(async () => {
  await world?.stop();
});

const api = async (path: string, token: string) => {
  const res = await fetch(`${world.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as { data: { markdown: string } };
};

async function boardHtml(token: string, query = ''): Promise<string> {
  const signIn = await fetch(`${world.server.url}/session`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ token }), headers: { origin: world.server.url } });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  const res = await fetch(`${world.server.url}/${query}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

describe('the hub says when a repository holds revisions that never became entries', () => {
  it('the brief: the group of that repository has the Problems line, the other none (REST and MCP)', async () => {
    const { markdown } = (await api('/api/brief', all)).data;
    const group = (heading: string) => markdown.split('\n## ').find((g) => g.startsWith(heading)) ?? '';
    const ops = group('ops · platform');
    expect(ops).toContain('At risk 0');
    expect(ops).toContain('Problems: the docs branch has problems with 1 entry of this project');
    expect(ops).toContain('in a clone of ops; GET /api/problems?repo=ops lists them');
    expect(group('home · home')).toContain('Decided 1');
    expect(group('home · home')).not.toContain('Problems:');

    const client = new Client({ name: 'problems-line-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${world.server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${all}` } } }));
    try {
      const res = (await client.callTool({ name: 'brain_context', arguments: { repo: 'ops' } })) as CallToolResult;
      expect(res.isError ?? false).toBe(false);
      expect(JSON.stringify(res.content)).toContain('Problems: the docs branch has problems with 1 entry of this project');
    } finally {
      await client.close();
    }
  });

  it('the board: a line naming the repository and its count, also narrowed to it; none for another repository or a token that cannot read it', async () => {
    const line = 'Problems: the docs branch of ops (1 entry) has problems';
    expect(await boardHtml(all)).toContain(line);
    expect(await boardHtml(all, '?repo=ops&kind=risk')).toContain(line);
    expect(await boardHtml(all, '?repo=home')).not.toContain('Problems:');
    expect(await boardHtml(onlyOther)).not.toContain('Problems:');
    expect((await api('/api/brief', onlyOther)).data.markdown).not.toContain('Problems:');
  });

  it('counts entries, not files, per repository and project', () => {
    const p = (repo: string, path: string) => ({ repo, path, code: 'invalid_entry', message: 'x' });
    const problems = [p('a', 'projects/x/risk/ab/rsk-ab/r0001-1.json'), p('a', 'projects/x/risk/ab/rsk-ab/ledger.jsonl'), p('a', 'projects/y/decision/cd/dec-cd/r0001-2.json'), p('b', 'brain.json')];
    expect(boardProblemsLine(problems)).toMatch(/^the docs branch of a \(2 entries\) has problems/);
    expect(boardProblemsLine(problems, 'y')).toMatch(/^the docs branch of a \(1 entry\) has problems/);
    expect(boardProblemsLine(problems, 'z')).toBeNull();
    expect(hubProblemsLine(problems, 'a', 'x')).toContain('problems with 1 entry of this project');
    expect(hubProblemsLine(problems, 'b', 'x')).toBeNull();
  });

  it('the brief names a project whose every revision is a problem (no entry, so no group of its own)', () => {
    const decision = makeEntry({ kind: 'decision', projectId: 'x', title: 'Use queues' });
    const problems = [{ repo: 'a', path: 'projects/y/risk/ab/rsk-ab/r0001-1.json', code: 'invalid_entry', message: 'x' }];
    const row = { repo: 'a', entry: decision, forked: false, revision_count: 1, path: 'projects/x/decision/xx/dec-x/r0001.json' };
    const { markdown } = buildHubBrief({ rows: [row], tips: new Map(), problems });
    expect(markdown).toContain('Problems in a · y, which has no entry to brief: the docs branch has problems with 1 entry of this project');
    expect(markdown).toContain('## a · x');
    expect(buildHubBrief({ rows: [row], tips: new Map(), problems: [] }).markdown).not.toContain('Problems in');
  });
});
