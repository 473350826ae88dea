/**
 * The multi-session gap (issue #3, Done means): session 1 — one `brain mcp` process — records
 * the state of a piece of work through MCP and exits; session 2 — a new `brain mcp` process on a
 * fresh `git clone` — asks brain_context and brain_list and gets back exactly what is decided,
 * open, blocked, at risk and depending, and why.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { alive, startMcp, structured, textOf, type McpSession } from './mcp-client.js';

const RATIONALE = {
  postgres: 'Orders need multi-row transactions and we already run Postgres for billing; one database to operate.',
  graphql: 'Mobile clients over-fetch with REST; the two client teams asked for one flexible endpoint.',
  provider: 'Stripe and Adyen both fit; Adyen is cheaper in the EU but its sandbox is slow to get.',
  staging: 'Ops has not issued the staging database credentials, so checkout cannot be tested end to end.',
  load: 'Last year peak was 40x normal traffic; the orders database has never been load tested.',
  tax: 'Checkout computes VAT through the tax service; its v2 API is the only one with EU rates.',
  plan: 'Catalogue work slipped; checkout is what the pilot customer needs first.',
};

let origin: string;
let session1: Record<string, string> = {};
let finalState: { entry_id: string; revision: number; status: string; title: string }[] = [];

function sectionOf(markdown: string, heading: string): string {
  const start = markdown.indexOf(`## ${heading}`);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const end = markdown.indexOf('\n## ', start + 3);
  return markdown.slice(start, end === -1 ? undefined : end);
}

beforeAll(async () => {
  origin = initRepo();
  expect(brain(origin, ['init', '--project', 'shop']).code).toBe(0);
  const s: McpSession = await startMcp(origin);
  const add = async (args: Record<string, unknown>) => structured(await s.call('brain_append', args)).entry.entry_id as string;
  const ids: Record<string, string> = {};
  ids.postgres = await add({ kind: 'decision', title: 'Store orders in PostgreSQL', rationale: 'Orders need transactions.', payload: { decision_outcome: 'PostgreSQL 16', alternatives: ['MongoDB', 'DynamoDB'] }, paths: ['src/orders'] });
  await s.call('brain_revise', { entry_id: ids.postgres, rationale: RATIONALE.postgres, expected_revision: 1, confidence: 0.9 });
  ids.rest = await add({ kind: 'decision', title: 'Public API is REST', rationale: 'Simplest to start with.' });
  ids.graphql = await add({ kind: 'decision', title: 'Public API is GraphQL', rationale: RATIONALE.graphql, payload: { decision_outcome: 'GraphQL over HTTP', alternatives: ['REST'] } });
  await s.call('brain_supersede', { entry_id: ids.rest, by_entry_id: ids.graphql, expected_revision: 1 });
  ids.provider = await add({ kind: 'open_question', title: 'Which payment provider?', rationale: RATIONALE.provider, related_task_ids: ['SHOP-12'] });
  ids.currency = await add({ kind: 'open_question', title: 'Multi-currency at launch?', rationale: 'Sales asked.' });
  await s.call('brain_resolve', { entry_id: ids.currency, answer: 'No: EUR only for the pilot.' });
  ids.staging = await add({ kind: 'blocker', title: 'No staging database credentials', rationale: RATIONALE.staging, payload: { severity: 'high' } });
  ids.disk = await add({ kind: 'blocker', title: 'CI runner out of disk', rationale: 'Builds fail randomly.' });
  await s.call('brain_clear_blocker', { entry_id: ids.disk, resolution: 'Docker images pruned nightly.' });
  ids.load = await add({ kind: 'risk', title: 'Black Friday load exceeds the orders database', rationale: RATIONALE.load, payload: { likelihood: 'medium', impact: 'high', mitigation: 'Load test in October.' } });
  ids.tax = await add({ kind: 'dependency', title: 'Checkout needs tax service v2', rationale: RATIONALE.tax, payload: { depends_on: 'tax-service v2 API', dependency_kind: 'requires' } });
  ids.mvp = await add({ kind: 'plan_revision', title: 'MVP: catalogue and checkout by June', rationale: 'Initial plan.', payload: { summary: 'Catalogue, then checkout.' } });
  ids.checkout = await add({ kind: 'plan_revision', title: 'MVP narrowed: checkout first', rationale: RATIONALE.plan, payload: { summary: 'Checkout by June; catalogue in Q3.' } });
  await s.call('brain_supersede', { entry_id: ids.mvp, by_entry_id: ids.checkout });
  finalState = structured(await s.call('brain_list', {})).entries.map((e: any) => ({ entry_id: e.entry_id, revision: e.revision, status: e.status, title: e.title }));
  const pid = s.pid as number;
  await s.close();
  expect(alive(pid)).toBe(false);
  session1 = ids;
});
afterAll(cleanupTempDirs);

describe('the multi-session gap', () => {
  it('a new session on a fresh clone gets back what is decided, open, blocked, at risk and depending — and why', async () => {
    const clone = join(tempDir('brain-clone-'), 'shop');
    git(origin, ['clone', '-q', origin, clone]);
    const s = await startMcp(clone);
    try {
      const brief = textOf(await s.call('brain_context', {}));
      const ids = session1;
      const decided = sectionOf(brief, 'Accepted decisions');
      expect(decided).toContain('## Accepted decisions: 2');
      expect(decided).toContain(`\`${ids.postgres}\` r2`);
      expect(decided).toContain(RATIONALE.postgres);
      expect(decided).toContain(`**Store orders in PostgreSQL**: PostgreSQL 16 — ${RATIONALE.postgres}`);
      expect(decided).toContain(RATIONALE.graphql);
      expect(decided).not.toContain('- **Public API is REST**');
      expect(decided).toContain(`supersedes "Public API is REST" (${ids.rest})`);
      const plan = sectionOf(brief, 'Active plan');
      expect(plan).toContain('MVP narrowed: checkout first');
      expect(plan).toContain(RATIONALE.plan);
      expect(plan).not.toContain('- **MVP: catalogue and checkout by June**');
      const blocked = sectionOf(brief, 'Blockers');
      expect(blocked).toContain('## Blockers: 1');
      expect(blocked).toContain('No staging database credentials');
      expect(blocked).toContain('severity high');
      expect(blocked).toContain(RATIONALE.staging);
      const open = sectionOf(brief, 'Open questions');
      expect(open).toContain('## Open questions: 1');
      expect(open).toContain(RATIONALE.provider);
      expect(sectionOf(brief, 'Active risks')).toContain(RATIONALE.load);
      expect(sectionOf(brief, 'Active risks')).toContain('Mitigation: Load test in October.');
      expect(sectionOf(brief, 'Open dependencies')).toContain('requires tax-service v2 API');

      const all = structured(await s.call('brain_list', {})).entries.map((e: any) => ({ entry_id: e.entry_id, revision: e.revision, status: e.status, title: e.title }));
      expect(all).toEqual(finalState);
      const pick = async (args: Record<string, unknown>) => structured(await s.call('brain_list', args)).entries.map((e: any) => [e.entry_id, e.summary]);
      expect((await pick({ kind: 'decision', status: 'accepted' })).sort()).toEqual([[ids.postgres, `PostgreSQL 16 — ${RATIONALE.postgres}`], [ids.graphql, `GraphQL over HTTP — ${RATIONALE.graphql} supersedes ${ids.rest}`]].sort());
      expect(await pick({ kind: 'blocker', status: 'blocked' })).toEqual([[ids.staging, RATIONALE.staging]]);
      expect(await pick({ kind: 'open_question', status: 'open' })).toEqual([[ids.provider, RATIONALE.provider]]);
      expect(await pick({ kind: 'risk', status: 'active' })).toEqual([[ids.load, RATIONALE.load]]);
      expect(await pick({ kind: 'dependency', status: 'open' })).toEqual([[ids.tax, RATIONALE.tax]]);
      expect(await pick({ kind: 'plan_revision', status: 'active' })).toEqual([[ids.checkout, `Checkout by June; catalogue in Q3. — ${RATIONALE.plan} supersedes ${ids.mvp}`]]);

      const resolved = structured(await s.call('brain_get', { entry_id: ids.currency })).entry;
      expect(resolved).toMatchObject({ status: 'resolved', payload: { answer: 'No: EUR only for the pilot.' } });
      const cleared = structured(await s.call('brain_get', { entry_id: ids.disk })).entry;
      expect(cleared).toMatchObject({ status: 'cleared', payload: { resolution: 'Docker images pruned nightly.' } });
      const rest = structured(await s.call('brain_get', { entry_id: ids.rest })).entry;
      expect(rest).toMatchObject({ status: 'superseded', related_entry_ids: [ids.graphql] });
      const history = structured(await s.call('brain_history', { entry_id: ids.postgres })).revisions;
      expect(history.map((r: any) => r.changed)).toEqual([['created'], ['confidence', 'rationale']]);
    } finally {
      await s.close();
    }
  });
});
