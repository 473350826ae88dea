/**
 * The hub dashboard tests' world: a real PostgreSQL, two real repositories written through the
 * brain service — alpha (project payments: a decision revised once, a blocker, and a decision
 * whose every text field is hostile HTML, test/http/dashboard-seed.ts HOSTILE) and beta
 * (project mobile: a question with a word only beta has, and a revision file of invalid JSON),
 * and gamma, whose branch is not a brain tree (its sync fails) — registered with a hub served
 * on port 0, an all-repositories token and one bound to alpha.
 */
import { openTestBrain } from '../helpers/brain.js';
import type { Hub } from '../../src/hub/hub.js';
import type { HubServer } from '../../src/hub/hub-server.js';
import { HOSTILE } from '../http/dashboard-seed.js';
import { brainRepo, commitInvalidRevision, notABrainRepo, record, serveTestHub } from './fixtures.js';

/** What the tests get. */
export interface HubDashboardWorld {
  hub: Hub;
  server: HubServer;
  /** Secrets: every repository, and alpha only. */
  admin: string;
  alphaOnly: string;
  ids: { idempotency: string; blocker: string; hostile: string; quokka: string };
  /** The invalid revision file in beta. */
  brokenPath: string;
  stop(): Promise<void>;
}

/** Starts everything; `stop()` ends it. */
export async function startHubDashboardWorld(): Promise<HubDashboardWorld> {
  const alpha = await brainRepo('payments');
  const beta = await brainRepo('mobile');
  const [idempotency, blocker, hostile] = await record(alpha, 'payments', [
    { kind: 'decision', fields: { title: 'Use idempotency keys for charges', rationale: 'Retries must not double charge.', tags: ['billing'] } },
    { kind: 'blocker', fields: { title: 'Card vault credentials missing', rationale: 'Ops has not issued them.', payload: { severity: 'high' } } },
    {
      kind: 'decision',
      fields: {
        title: HOSTILE.title, rationale: HOSTILE.rationale, tags: [HOSTILE.tag],
        citations: [{ source_kind: 'external_url', source_ref: HOSTILE.url }, { source_kind: 'external_url', source_ref: 'https://example.com/"onmouseover="alert(11)' }],
        payload: { alternatives: ['<img src=x onerror=alert(12)>'], decision_outcome: HOSTILE.outcome },
      },
    },
  ]);
  const brain = await openTestBrain(alpha, { projectId: 'payments' });
  try {
    await brain.writes.revise({ entryId: idempotency!, fields: { rationale: 'Retries must not double charge.\n\nKeys live 24 hours.', tags: ['billing', 'retries'] } });
  } finally {
    await brain.close();
  }
  const [quokka] = await record(beta, 'mobile', [{ kind: 'open_question', fields: { title: 'Zanzibar quokka migration timing', rationale: 'Only beta knows this word.' } }]);
  const brokenPath = commitInvalidRevision(beta, 'mobile');
  const { hub, server, readToken, stop } = await serveTestHub([['alpha', alpha], ['beta', beta], ['gamma', notABrainRepo()]]);
  const admin = await readToken('admin', null);
  const alphaOnly = await readToken('alpha', ['alpha']);
  return {
    hub, server, admin, alphaOnly,
    ids: { idempotency: idempotency!, blocker: blocker!, hostile: hostile!, quokka: quokka! },
    brokenPath,
    stop,
  };
}
