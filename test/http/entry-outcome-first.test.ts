/**
 * The entry page answers "what was decided" before "why" (decision 0054, round seven): an
 * imported ADR's rationale is its whole document, so the Outcome, Answer, Resolution or
 * Mitigation and the alternatives come first, as `brain show` prints the payload before the
 * rationale. In-process: the daemon's dashboard routes over a real repository, no browser.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brain } from '../../src/service.js';
import type { CallerEnv } from '../../src/http/auth.js';
import { createDashboard } from '../../src/http/dashboard/routes.js';
import { createLog } from '../../src/service/log.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';

let b: Brain;
let app: Hono<CallerEnv>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  b = await openTestBrain(initRepo(), { projectId: 'demo' });
  await b.init();
  const rationale = ['## Context', '', 'The mempool gossips every transaction.', '', '## Detailed Design', '', 'Long text.'].join('\n');
  ids.decision = (await b.writes.append({ kind: 'decision', fields: { title: 'nop Mempool', rationale, payload: { decision_outcome: 'Implement a nop mempool.', alternatives: ['Keep the current model.'] } } })).entry.entry_id;
  ids.question = (await b.writes.append({ kind: 'open_question', fields: { title: 'Which port?', rationale: 'The daemon needs one.' } })).entry.entry_id;
  await b.writes.resolve({ entryId: ids.question!, answer: '7420' });
  app = new Hono<CallerEnv>();
  app.route('/', createDashboard({ brainFor: async () => b, defaultProject: async () => 'demo', log: createLog({ write: () => {} }) }));
});
afterAll(async () => {
  await b?.close();
  cleanupTempDirs();
});

const page = async (path: string) => {
  const r = await app.request(path);
  expect(r.status, path).toBe(200);
  return r.text();
};

describe('the entry page', () => {
  it("shows a decision's outcome and alternatives before its rationale", async () => {
    const html = await page(`/projects/demo/entries/${ids.decision}`);
    const at = (id: string) => html.indexOf(`id="${id}"`);
    expect(at('p-decision_outcome')).toBeGreaterThan(0);
    expect(at('p-decision_outcome')).toBeLessThan(at('p-alternatives'));
    expect(at('p-alternatives')).toBeLessThan(at('h-rationale'));
  });

  it("shows a resolved question's answer before its rationale", async () => {
    const html = await page(`/projects/demo/entries/${ids.question}`);
    expect(html.indexOf('id="p-answer"')).toBeGreaterThan(0);
    expect(html.indexOf('id="p-answer"')).toBeLessThan(html.indexOf('id="h-rationale"'));
  });
});
