/**
 * Control characters in MCP tool texts (decision 0086): a title or rationale from another clone
 * carrying a bidi override or isolate (U+202E, U+2067; validation refuses C0/C1 controls but
 * newline and tab, so those cannot reach a projected entry) is shown as `\u202e` in
 * every tool text and the brief — a client that prints a tool result in a terminal must not obey
 * them, and the model reads what a person would see — while the structured content keeps the
 * stored characters. In-process: the MCP server through the SDK's real client over a linked
 * InMemoryTransport pair.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brain } from '../../src/service.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { connectInProcess, structured, textOf, type InProcessMcp } from './mcp-client.js';

const TITLE = 'Ship invoice\u202Eexe.pdf';
const RATIONALE = 'Reads \u2067backwards\u2069 here.\n\tIndented line.';

let b: Brain;
let mcp: InProcessMcp;
let id: string;

beforeAll(async () => {
  b = await openTestBrain(initRepo(), { projectId: 'demo' });
  await b.init();
  id = (await b.writes.append({ kind: 'decision', fields: { title: TITLE, rationale: RATIONALE, payload: { decision_outcome: 'Ship it.' } } })).entry.entry_id;
  mcp = await connectInProcess(b, { capabilities: null, readOnly: true });
});
afterAll(async () => {
  await mcp?.close();
  await b?.close();
  cleanupTempDirs();
});

const call = (name: string, args: Record<string, unknown> = {}) => mcp.call(name, args);
const RAW_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('control characters in MCP tool texts', () => {
  it('are shown as escapes in every text; the structured content keeps them', async () => {
    const results = {
      list: await call('brain_list'),
      search: await call('brain_search', { query: 'invoice' }),
      get: await call('brain_get', { entry_id: id }),
      history: await call('brain_history', { entry_id: id }),
      brief: await call('brain_context'),
    };
    for (const [name, result] of Object.entries(results)) {
      const text = textOf(result);
      expect(text, name).toContain('Ship invoice\\u202eexe.pdf');
      expect(text, name).not.toMatch(RAW_CONTROLS);
    }
    const got = textOf(results.get);
    expect(got).toContain('Reads \\u2067backwards\\u2069 here.');
    expect(got).toContain('\n\tIndented line.');
    const entry = structured<{ entry: { title: string; rationale: string } }>(results.get).entry;
    expect(entry.title).toBe(TITLE);
    expect(entry.rationale).toBe(RATIONALE);
  });
});
