/**
 * Titles with inline Markdown in text meant to be read (decision 0054, round six): an agent's
 * tool text (brain_list, brain_search, brain_get, brain_history, brain_context) and the CLI's
 * list, search and show read ``ABCI `ProposeTx` Method`` as "ABCI ProposeTx Method"; the
 * structured content keeps the stored title. In-process: the daemon's MCP server through the
 * SDK's real client over a linked InMemoryTransport pair.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brain } from '../../src/service.js';
import { renderList, renderSearch } from '../../src/cli/render.js';
import { renderEntry } from '../../src/cli/render-entry.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { connectInProcess, structured, textOf, type InProcessMcp } from './mcp-client.js';

const TITLE = 'ABCI `ProposeTx` Method';
const SHOWN = 'ABCI ProposeTx Method';

let b: Brain;
let mcp: InProcessMcp;
let id: string;

beforeAll(async () => {
  b = await openTestBrain(initRepo(), { projectId: 'demo' });
  await b.init();
  id = (await b.writes.append({ kind: 'decision', fields: { title: TITLE, rationale: 'Proposers need a say.', payload: { decision_outcome: 'Add ProposeTx.' } } })).entry.entry_id;
  mcp = await connectInProcess(b, { capabilities: null, readOnly: true });
});
afterAll(async () => {
  await mcp?.close();
  await b?.close();
  cleanupTempDirs();
});

const call = (name: string, args: Record<string, unknown> = {}) => mcp.call(name, args);

describe('a title with inline Markdown in text', () => {
  it('reads as its words in every tool text; the structured content keeps the stored title', async () => {
    const list = await call('brain_list');
    const search = await call('brain_search', { query: 'proposetx' });
    const get = await call('brain_get', { entry_id: id });
    const history = await call('brain_history', { entry_id: id });
    const brief = await call('brain_context');
    for (const [name, result] of Object.entries({ list, search, get, history, brief })) {
      expect(textOf(result), name).toContain(SHOWN);
      expect(textOf(result), name).not.toContain('`ProposeTx`');
    }
    expect(structured<{ entries: Array<{ title: string }> }>(list).entries[0]?.title).toBe(TITLE);
    expect(structured<{ hits: Array<{ title: string }> }>(search).hits[0]?.title).toBe(TITLE);
    expect(structured<{ entry: { title: string } }>(get).entry.title).toBe(TITLE);
  });

  it('reads as its words in the CLI list, search and show', async () => {
    const rows = await b.list({});
    const hits = await b.search({ query: 'proposetx' });
    const entry = rows[0]!.entry;
    for (const text of [renderList(rows), renderSearch({ hits, corrections: [] }), renderEntry(entry)]) {
      expect(text).toContain(SHOWN);
      expect(text).not.toContain('`ProposeTx`');
    }
  });
});
