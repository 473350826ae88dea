/**
 * Paging through the list while the brain changes (decision 0099). The list is newest first by
 * each entry's latest revision, and its cursor is a keyset position: an entry revised while a
 * reviewer or an agent walks the pages jumps ahead of the cursor and is never served. In the
 * newcomer run a reviewer paging REST 5 at a time saw 19 of 20 entries, without a word, because a
 * teammate revised one meanwhile. Now the cursor carries the first page's commit, and a later page
 * read at another commit names the entries that changed since — REST `pagination`, MCP
 * `brain_list` (text and structuredContent, checked by the SDK client against the outputSchema)
 * and the dashboard's pager. A real daemon process, `brain mcp` over stdio, the built CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { httpGet, killDaemons, startDaemonProcess, waitFor, type DaemonProcess } from '../helpers/daemon.js';
import { startMcp, structured } from '../mcp/mcp-client.js';
import { encodeKeyset } from '../../src/service/keyset-cursor.js';

let dir: string;
let ids: string[]; // newest first
let d: DaemonProcess;

type Page = { data: { entry_id: string }[]; pagination: { next_cursor: string | null; changed_since_first_page?: { since: string; count: number | null; entry_ids: string[] | null } } };

beforeAll(async () => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  const b = await openTestBrain(dir);
  try {
    for (let i = 0; i < 56; i++) await b.writes.append({ kind: 'decision', fields: { title: `Decision ${String(i).padStart(2, '0')}` } });
  } finally {
    await b.close();
  }
  ids = brain(dir, ['list', '--no-daemon', '--limit', '100', '--json']).json<{ entry_id: string }[]>().map((e) => e.entry_id);
  expect(ids).toHaveLength(56);
  d = await startDaemonProcess(dir);
}, 300_000);
afterAll(() => {
  killDaemons();
  cleanupTempDirs();
});

/** Revises `id` from the CLI (never through the daemon) and waits until the daemon serves the new tip. */
async function revise(id: string, tag: string): Promise<void> {
  const r = brain(dir, ['--no-daemon', 'revise', id, '--tag', tag]);
  expect(r.code, r.stderr).toBe(0);
  const tip = git(dir, ['rev-parse', 'brain']);
  await waitFor('the daemon to project the revision', async () => (await httpGet(d.port, '/api/health')).json().data.projected === tip);
}

const listPage = async (cursor?: string): Promise<Page> => {
  const r = await httpGet(d.port, `/api/projects/demo/brain?kind=decision&limit=5${cursor ? `&cursor=${cursor}` : ''}`);
  expect(r.status, r.body).toBe(200);
  return r.json();
};

describe('pages read after the brain changed', () => {
  it('REST: every later page names the entries revised since the first; walked rows and named ids cover every entry', async () => {
    const first = await listPage();
    expect(first.pagination.changed_since_first_page).toBeUndefined();
    const oldest = ids[ids.length - 1] as string;
    await revise(oldest, 'rest');
    const seen = new Set(first.data.map((e) => e.entry_id));
    const named = new Set<string>();
    let cursor = first.pagination.next_cursor;
    let pages = 0;
    while (cursor) {
      const page = await listPage(cursor);
      pages += 1;
      expect(page.pagination.changed_since_first_page).toMatchObject({ count: 1, entry_ids: [oldest] });
      for (const e of page.data) seen.add(e.entry_id);
      for (const id of page.pagination.changed_since_first_page?.entry_ids ?? []) named.add(id);
      cursor = page.pagination.next_cursor;
    }
    expect(pages).toBe(10);
    expect(seen.has(oldest)).toBe(false); // moved ahead of the cursor: the reason for the notice
    expect(ids.filter((id) => !seen.has(id) && !named.has(id))).toEqual([]);
  });

  it('REST: a write in another project changes nothing of this list, so nothing is said; a cursor from before still pages', async () => {
    const first = await listPage();
    const other = brain(dir, ['--no-daemon', '--project', 'other', 'add', 'risk', '--title', 'Elsewhere']);
    expect(other.code, other.stderr).toBe(0);
    const tip = git(dir, ['rev-parse', 'brain']);
    await waitFor('the daemon to project the write', async () => (await httpGet(d.port, '/api/health')).json().data.projected === tip);
    const second = await listPage(first.pagination.next_cursor ?? undefined);
    expect(second.pagination.changed_since_first_page).toBeUndefined();
    const last = first.data[first.data.length - 1]!.entry_id;
    const recorded = brain(dir, ['show', last, '--json', '--no-daemon']).json<{ recorded_at: string }>().recorded_at;
    const before = await listPage(encodeKeyset([recorded, last])); // a two-part cursor, as handed out before
    expect(before.data.map((e) => e.entry_id)).toEqual(second.data.map((e) => e.entry_id));
    expect(before.pagination.changed_since_first_page).toBeUndefined();
  });

  it('MCP brain_list: a later page opens with a NOTICE naming the entry and carries it in structuredContent', async () => {
    const s = await startMcp(dir, ['--read-only']);
    try {
      const first = await s.call('brain_list', { entry_kind: 'decision', limit: 5 });
      const cursor = structured(first).next_cursor as string;
      expect(structured(first).changed_since_first_page).toBeUndefined();
      const target = ids[30] as string;
      await revise(target, 'mcp');
      const second = await s.call('brain_list', { entry_kind: 'decision', limit: 5, cursor });
      expect(structured(second).changed_since_first_page).toMatchObject({ count: 1, entry_ids: [target] });
      const text = (second.content as { type: string; text: string }[])[0]!.text;
      expect(text.split('\n')[0]).toBe(`NOTICE: the brain changed since your first page: 1 entry (${target}) was added or revised meanwhile, which moves them in this newest-first list — they may be missing from these pages or repeated; brain_get them, or list again without cursor.`);
    } finally {
      await s.close();
    }
  });

  it('the dashboard: the next page of one kind says what changed, links it, and links the first page', async () => {
    const first = await httpGet(d.port, '/projects/demo?kind=decision');
    expect(first.status).toBe(200);
    expect(first.body).not.toContain('changed since the first page');
    const next = /href="([^"]*cursor=[^"]+)"/.exec(first.body)?.[1]?.replace(/&amp;/g, '&');
    expect(next).toBeDefined();
    const moved = ids[ids.length - 2] as string;
    await revise(moved, 'dashboard');
    const second = await httpGet(d.port, next as string);
    expect(second.status, second.body).toBe(200);
    expect(second.body).toContain('The brain changed since the first page');
    expect(second.body).toContain(`/projects/demo/entries/${moved}`);
    expect(second.body).toContain('Start again from the first page');
  });
});
