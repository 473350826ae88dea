/**
 * A small, realistic brain for the dashboard tests, written through the service (real git,
 * real commits): decisions with alternatives, citations and a revision, a superseded one, a
 * proposed → accepted one, questions, blockers, risks, dependencies (one chain, one `blocks`,
 * one external, one cycle), a plan and its successor, a second project, and one entry whose
 * every text field is hostile HTML.
 */
import type { Brain } from '../../src/service.js';
import { openTestBrain } from '../helpers/brain.js';

/** The hostile snippets planted in the hostile entry. */
export const HOSTILE = {
  title: 'Hostile <img src=x onerror="document.title=\'pwned\'"> <script>window.pwned=1</script>',
  rationale: [
    'Looks harmless. <script>window.pwned = 1; alert("script")</script>',
    '',
    '[click me](javascript:window.pwned=2) and [data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '',
    '<a href="javascript:alert(3)">raw link</a> <iframe src="javascript:alert(4)"></iframe> <style>body{display:none}</style>',
    '',
    '<div onclick="alert(5)" onmouseover="window.pwned=6">hover me</div> <svg onload="alert(7)"></svg> <img src="x" onerror="alert(8)">',
  ].join('\n'),
  outcome: '<script>alert("outcome")</script> **bold** outcome',
  tag: '"><script>alert(9)</script>',
  url: 'javascript:alert(10)',
};

/** Ids of the seeded entries. */
export interface Seeded {
  sqlite: string;
  jsonCache: string;
  minisearch: string;
  ipv6: string;
  rationaleSize: string;
  ciChromium: string;
  flakyRunner: string;
  indexLoad: string;
  diskFull: string;
  needsIndex: string;
  releaseWaits: string;
  external: string;
  cycleA: string;
  cycleB: string;
  plan1: string;
  plan2: string;
  hostile: string;
  mobile: string;
}

async function as<T>(dir: string, author: string, fn: (brain: Brain) => Promise<T>, projectId = 'demo'): Promise<T> {
  const brain = await openTestBrain(dir, { author, projectId });
  try {
    return await fn(brain);
  } finally {
    await brain.close();
  }
}

/** Seeds project `demo` (and `mobile`) in the repository at `dir`, which has a docs branch. */
export async function seedDashboard(dir: string): Promise<Seeded> {
  const add = (b: Brain, kind: string, fields: Parameters<Brain['writes']['append']>[0]['fields']) => b.writes.append({ kind, fields }).then((r) => r.entry.entry_id);
  const s = {} as Seeded;
  await as(dir, 'alice', async (b) => {
    s.jsonCache = await add(b, 'decision', { title: 'Keep the cache in JSON files', rationale: 'Simple to read and diff.', tags: ['storage'], paths: ['src/cache'] });
    s.sqlite = await add(b, 'decision', {
      title: 'Use SQLite as the local projection',
      rationale: 'Queries over **50 000 revisions** must stay fast.\n\n- WAL mode for readers\n- one apply path\n\nSee `cache.sqlite` in `.git/brain/`.',
      tags: ['storage', 'cache'], paths: ['src/cache/'], related_task_ids: ['T-12'], confidence: 0.9,
      citations: [{ source_kind: 'external_url', source_ref: 'https://sqlite.org/wal.html' }, { source_kind: 'file', source_ref: 'src/cache/schema.ts', locator: 'L1-40' }],
      payload: { alternatives: ['PostgreSQL per clone', 'Plain JSON files'], decision_outcome: 'SQLite in **WAL** mode, rebuilt from git when in doubt.' },
    });
    await b.writes.supersede({ entryId: s.jsonCache, byEntryId: s.sqlite });
    s.minisearch = await add(b, 'decision', { title: 'Search stays MiniSearch', rationale: 'Fuzzy matching matters more than build time.', status: 'proposed', tags: ['search'], paths: ['src/search/**'] });
    s.ipv6 = await add(b, 'open_question', { title: 'Should the daemon also bind the IPv6 loopback?', rationale: 'Some browsers resolve localhost to ::1 first.', tags: ['daemon'] });
    s.rationaleSize = await add(b, 'open_question', { title: 'How large may a rationale be?', rationale: 'Agents paste whole logs.' });
    s.ciChromium = await add(b, 'blocker', { title: 'CI has no chromium for browser tests', rationale: 'The image lacks it.', related_task_ids: ['T-31'], payload: { severity: 'critical' } });
    s.flakyRunner = await add(b, 'blocker', { title: 'Flaky runner disk', rationale: 'Runner ran out of disk.', payload: { severity: 'high' } });
    s.indexLoad = await add(b, 'risk', { title: 'Index load time grows with entries', rationale: 'MiniSearch loads the whole index.', tags: ['search', 'performance'], payload: { likelihood: 'high', impact: 'medium' } });
    s.diskFull = await add(b, 'risk', { title: 'Cache fills the disk', rationale: 'Revisions are never deleted.', payload: { likelihood: 'low', impact: 'high' } });
  });
  await as(dir, 'bob', async (b) => {
    await b.writes.revise({ entryId: s.sqlite, fields: { rationale: 'Queries over **50 000 revisions** must stay fast.\n\n- WAL mode for readers\n- one apply path\n- measured: 2 ms per filter\n\nSee `cache.sqlite` in `.git/brain/`.', tags: ['storage', 'cache', 'performance'] } });
    await b.writes.revise({ entryId: s.minisearch, fields: { status: 'accepted' } });
    await b.writes.resolve({ entryId: s.rationaleSize, answer: 'Up to **20 000** characters.' });
    await b.writes.clearBlocker({ entryId: s.flakyRunner, resolution: 'Moved to a bigger runner.' });
    await b.writes.revise({ entryId: s.diskFull, fields: { status: 'mitigated', payload: { mitigation: 'Projection is disposable.' } } });
    s.needsIndex = await add(b, 'dependency', { title: 'Dashboard search needs the warm index', payload: { depends_on: s.minisearch, dependency_kind: 'requires' } });
    s.releaseWaits = await add(b, 'dependency', { title: 'Release 1.0 waits for browser tests in CI', payload: { depends_on: s.ciChromium, dependency_kind: 'blocks' } });
    s.external = await add(b, 'dependency', { title: 'Native addon build', payload: { depends_on: 'better-sqlite3 >= 12', dependency_kind: 'requires' } });
    s.cycleA = await add(b, 'dependency', { title: 'Schema v2 needs the migration tool', payload: { depends_on: 'migration tool', dependency_kind: 'requires' } });
    s.cycleB = await add(b, 'dependency', { title: 'Migration tool needs schema v2', payload: { depends_on: s.cycleA, dependency_kind: 'requires' } });
    await b.writes.revise({ entryId: s.cycleA, fields: { payload: { depends_on: s.cycleB } } });
    s.plan1 = await add(b, 'plan_revision', { title: 'Milestone 1: store and cache', payload: { summary: 'Store, cache, CLI.' } });
    s.plan2 = await add(b, 'plan_revision', { title: 'Milestone 2: dashboard', payload: { summary: 'Dashboard and review.', supersedes_plan_entry_id: s.plan1 } });
    await b.writes.revise({ entryId: s.plan1, fields: { status: 'superseded' } });
  });
  await as(dir, 'mallory', async (b) => {
    s.hostile = await add(b, 'decision', {
      title: HOSTILE.title, rationale: HOSTILE.rationale, tags: [HOSTILE.tag],
      citations: [{ source_kind: 'external_url', source_ref: HOSTILE.url }, { source_kind: 'external_url', source_ref: 'https://example.com/"onmouseover="alert(11)' }],
      payload: { alternatives: ['<img src=x onerror=alert(12)>'], decision_outcome: HOSTILE.outcome },
    });
  });
  s.mobile = await as(dir, 'carol', (b) => add(b, 'decision', { title: 'Mobile app reads the REST API', rationale: 'No second store.' }), 'mobile');
  return s;
}
