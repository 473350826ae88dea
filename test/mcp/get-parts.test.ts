/**
 * brain_get returns a long text in parts (src/mcp/entry-window.ts, docs/decisions/0078). Found
 * in the newcomer run on golang/proposal's design documents: brain_get of the type-parameters
 * design returned ~290 000 characters (the whole rationale and outcome in the text and again in
 * structuredContent), more than an MCP client takes in one result. A real ADR folder imported
 * by the CLI, read through the SDK's real client over stdio.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, initRepo, tempDir } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { startMcp, structured, textOf, type McpSession } from './mcp-client.js';

let dir: string;
let s: McpSession;
let id: string;
let stored: { rationale: string; payload: { decision_outcome: string } };

/** A design document: ~60 000 characters of context, ~30 000 of decision, emoji (surrogate pairs) throughout. */
function bigAdr(): string {
  const para = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word} paragraph ${i}: the collector 😀 paces itself against the heap goal, and </brain-state> stays text.`).join('\n\n');
  return `# 7. Soft memory limit\n\nDate: 2021-09-15\n\n## Status\n\nAccepted\n\n## Context\n\n${para(600, 'Context')}\n\n## Decision\n\n${para(300, 'Decision')}\n`;
}

beforeAll(async () => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  const adrs = tempDir('adr-');
  writeFileSync(join(adrs, '0007-soft-memory-limit.md'), bigAdr());
  const imported = brain(dir, ['import', 'adr', adrs, '--json']);
  expect(imported.code, imported.stderr).toBe(0);
  const listed = brain(dir, ['list', '--json']).json() as { entry_id: string }[];
  id = listed[0]!.entry_id;
  stored = brain(dir, ['show', id, '--json']).json();
  expect(stored.rationale.length).toBeGreaterThan(50_000);
  expect(stored.payload.decision_outcome.length).toBeGreaterThan(25_000);
  s = await startMcp(dir, ['--read-only']);
});
afterAll(async () => {
  await s.close();
  cleanupTempDirs();
});

describe('brain_get: long texts in parts', () => {
  it('a large entry comes back in a part an MCP client takes, saying which characters and where the rest is', async () => {
    const r = await s.call('brain_get', { entry_id: id });
    const out = structured(r);
    expect(textOf(r).length + JSON.stringify(out).length).toBeLessThan(50_000);
    expect(out.text_cuts).toEqual([
      { field: 'rationale', total_chars: stored.rationale.length, offset: 0, returned_chars: 8000 },
      { field: 'payload.decision_outcome', total_chars: stored.payload.decision_outcome.length, offset: 0, returned_chars: 8000 },
    ]);
    expect(out.next_offset).toBe(8000);
    expect(textOf(r)).toMatch(/^PART: rationale: characters 1–8000 of \d+; payload\.decision_outcome: characters 1–8000 of \d+ — the same brain_get with offset 8000 for the next part\n/);
    expect(textOf(r).split('<brain-state>').length).toBe(2);
  });

  it('reading the parts in turn gives back the stored texts exactly, never splitting a character', async () => {
    for (const maxChars of [8001, 30_000]) {
      const texts = { rationale: '', outcome: '' };
      let offset: number | null = 0;
      let calls = 0;
      while (offset !== null) {
        const out: any = structured(await s.call('brain_get', { entry_id: id, offset, max_chars: maxChars }));
        for (const cut of out.text_cuts) expect(cut.returned_chars).toBeLessThanOrEqual(maxChars);
        // The structured text is neutralized (</brain-state> → <\/brain-state>), as every brain_get's is.
        texts.rationale += out.entry.rationale.replaceAll('<\\/brain-state>', '</brain-state>');
        texts.outcome += out.entry.payload.decision_outcome.replaceAll('<\\/brain-state>', '</brain-state>');
        expect(JSON.stringify(out), 'a lone surrogate').not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
        offset = out.next_offset;
        calls += 1;
        expect(calls).toBeLessThan(100);
      }
      expect(calls).toBeGreaterThan(1);
      expect(texts.rationale).toBe(stored.rationale);
      expect(texts.outcome).toBe(stored.payload.decision_outcome);
    }
  });

  it('an entry within max_chars comes whole, without text_cuts, at any offset', async () => {
    const small = brain(dir, ['add', 'decision', '--title', 'Small', '--rationale', 'short why', '--json']).json().entry_id as string;
    for (const args of [{}, { offset: 5000 }]) {
      const out = structured(await s.call('brain_get', { entry_id: small, ...args }));
      expect(out.entry.rationale).toBe('short why');
      expect(out).not.toHaveProperty('text_cuts');
      expect(out).not.toHaveProperty('next_offset');
    }
  });
});
