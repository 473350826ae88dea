/**
 * The `path` list filter (issue #8 part 3: "paths accept globs in the CLI, MCP and REST
 * filters"): the same selection through `brain list --path`, MCP `brain_list {path}` (the SDK's
 * real client over stdio) and REST `?path=` on the daemon, with prefixes and globs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, initRepo } from '../../helpers/git.js';
import { brain } from '../../helpers/brain.js';
import { httpGet, killDaemons, startDaemonProcess, type DaemonProcess } from '../../helpers/daemon.js';
import { startMcp, structured, type McpSession } from '../../mcp/mcp-client.js';

let repo: string;
const ids: Record<string, string> = {};
let daemon: DaemonProcess;
let mcp: McpSession;

function add(kind: string, title: string, paths: string[]): string {
  const r = brain(repo, ['add', kind, '--title', title, '--json', ...paths.flatMap((p) => ['--path', p])]);
  expect(r.code, r.stderr).toBe(0);
  return r.json().entry_id as string;
}

beforeAll(async () => {
  repo = initRepo();
  expect(brain(repo, ['init', '--project', 'shop']).code).toBe(0);
  ids.refund = add('decision', 'Refunds via ledger', ['src/payments/refund.ts']);
  ids.payGlob = add('risk', 'Payment retries', ['src/payments/**']);
  ids.src = add('open_question', 'Monorepo?', ['src']);
  ids.orders = add('blocker', 'Orders DB', ['src/orders', 'db/*.sql']);
  ids.none = add('decision', 'No paths', []);
  daemon = await startDaemonProcess(repo);
  mcp = await startMcp(repo);
});
afterAll(async () => {
  await mcp?.close();
  await daemon?.stop();
  killDaemons();
  cleanupTempDirs();
});

const CASES: [string, string[]][] = [
  ['src/payments/**', ['refund', 'payGlob', 'src']],
  ['src/payments', ['refund', 'payGlob', 'src']],
  ['src/payments/refund.ts', ['refund', 'payGlob', 'src']],
  ['src/orders/**', ['src', 'orders']],
  ['db/schema.sql', ['orders']],
  ['**/*.sql', ['orders']],
  ['docs/**', []],
];

describe('the path filter', () => {
  it.each(CASES)('%s selects the same entries in the CLI, MCP and REST', async (path, expected) => {
    const want = expected.map((k) => ids[k]).sort();
    const cli = brain(repo, ['list', '--path', path, '--json']);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.json().map((e: any) => e.entry_id).sort()).toEqual(want);
    const viaMcp = structured(await mcp.call('brain_list', { path }));
    expect(viaMcp.entries.map((e: any) => e.entry_id).sort()).toEqual(want);
    const rest = await httpGet(daemon.port, `/api/projects/shop/brain?path=${encodeURIComponent(path)}`);
    expect(rest.status, rest.body).toBe(200);
    expect(rest.json().data.map((e: any) => e.entry_id).sort()).toEqual(want);
  });

  it('combines with the other filters and refuses a blank or repeated path', async () => {
    expect(brain(repo, ['list', '--path', 'src/**', '--kind', 'risk', '--json']).json().map((e: any) => e.entry_id)).toEqual([ids.payGlob]);
    const blank = brain(repo, ['list', '--path', './', '--json']);
    expect(blank.code).toBe(2);
    expect(blank.errorJson().error.code).toBe('invalid_argument');
    const twice = await httpGet(daemon.port, '/api/projects/shop/brain?path=src&path=db');
    expect(twice.status).toBe(400);
    expect(twice.json().error.code).toBe('invalid_argument');
  });
});
