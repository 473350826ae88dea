/**
 * Conformance, candidates (issue #20): on every projection backend, a brain with pending,
 * approved and rejected candidates in two projects, plus a malformed candidate file, projected
 * under two repository names. `candidates` and `candidate` answer what the clone answers
 * (brain.candidates), by project, status and scope; nothing else of the contract — list,
 * count, search, projects — ever returns a candidate; the bad file is a problem; `verify`
 * passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectionBackend } from '../../src/projection/backend.js';
import type { Brain } from '../../src/service.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { handCommit } from '../helpers/plain-git.js';
import { BACKENDS, stopBackends } from './backends.js';

let dir: string;
let demo: Brain;
let ops: Brain;
const ids: Record<string, string> = {};

beforeAll(async () => {
  dir = initRepo();
  demo = await openTestBrain(dir, { projectId: 'demo', author: 'ada' });
  await demo.init();
  await demo.writes.append({ kind: 'decision', fields: { title: 'Use SQLite for the cache', rationale: 'embedded' } });
  const bot = demo.candidates.byAgent('claude-code');
  ids.pending = (await bot.propose({ kind: 'risk', fields: { title: 'Quokka tokens leak into logs' } })).candidate.candidate_id;
  ids.approved = (await bot.propose({ kind: 'open_question', fields: { title: 'Quokka rotation period?' } })).candidate.candidate_id;
  await demo.candidates.approve({ candidateId: ids.approved });
  ids.rejected = (await bot.propose({ kind: 'decision', fields: { title: 'Use SQLite for the cache', rationale: 'embedded' } })).candidate.candidate_id;
  await demo.candidates.reject({ candidateId: ids.rejected, reason: 'duplicate' });
  ops = await openTestBrain(dir, { projectId: 'ops', author: 'bob' });
  ids.ops = (await ops.candidates.byAgent('codex').propose({ kind: 'blocker', fields: { title: 'Quokka deploy key expired' } })).candidate.candidate_id;
  handCommit(dir, { 'candidates/demo/zz/cand-zzzzzzzzzzzz/r0001-00000000.json': '{"not": "a candidate"}\n' }, 'a malformed candidate');
});

afterAll(async () => {
  await demo.close();
  await ops.close();
  await stopBackends();
  cleanupTempDirs();
});

describe.each(BACKENDS)('projection conformance on $name: candidates', (under) => {
  let backend: ProjectionBackend;
  const strip = <T extends { repo: string }>(rows: T[]) => rows.map(({ repo: _r, ...row }) => row);

  beforeAll(async () => {
    backend = await under.open();
    const reader = await demo.reader();
    for (const repo of ['alpha', 'beta']) await backend.refresh({ repo, reader, tip: demo.store.tip() });
  });
  afterAll(async () => backend?.close());

  it('lists what the clone lists, per project and status, newest first', async () => {
    for (const status of [undefined, 'pending', 'approved', 'rejected'] as const) {
      const expected = await demo.candidates.list(status ? { status } : {});
      expect(strip(await backend.candidates({ repos: ['alpha'], projectId: 'demo', ...(status ? { status } : {}) })), String(status)).toEqual(expected);
    }
    expect(strip(await backend.candidates({ repos: ['alpha'], projectId: 'ops' }))).toEqual(await ops.candidates.list());
    const both = await backend.candidates({ repos: ['alpha', 'beta'], status: 'pending' });
    expect(both.map((r) => `${r.repo} ${r.candidate.candidate_id}`).sort()).toEqual([`alpha ${ids.ops}`, `alpha ${ids.pending}`, `beta ${ids.ops}`, `beta ${ids.pending}`].sort());
  });

  it('reads one candidate by id, within the scope only', async () => {
    const [row] = await backend.candidate({ repos: ['alpha'], candidateId: ids.approved! });
    expect(row?.candidate).toEqual((await demo.candidates.get({ candidateId: ids.approved! })).candidate);
    expect(row?.candidate.status).toBe('approved');
    expect((await backend.candidate({ repos: ['alpha', 'beta'], candidateId: ids.ops! })).map((r) => r.repo)).toEqual(['alpha', 'beta']);
    expect(await backend.candidate({ repos: ['alpha'], projects: ['demo'], candidateId: ids.ops! })).toEqual([]);
    expect(await backend.candidates({ repos: ['alpha'], projects: ['demo'], status: 'pending' })).toHaveLength(1);
    expect(await backend.candidates({ repos: [] })).toEqual([]);
  });

  it('lists a candidate\'s revision files, oldest first, as the clone does', async () => {
    const files = await backend.candidateRevisions({ repo: 'alpha', projectId: 'demo', candidateId: ids.rejected! });
    expect(files.map((f) => f.revision)).toEqual([1, 2]);
    const revisions = await Promise.all(files.map(async (f) => JSON.parse((await (await demo.reader()).readBlob(f.blob_oid)).toString('utf8')) as { status: string; revision: number }));
    expect(revisions.map((r) => r.status)).toEqual(['pending', 'rejected']);
    expect(files.every((f) => f.path.startsWith('candidates/demo/') && /^[0-9a-f]{64}$/.test(f.sha256))).toBe(true);
    expect(await backend.candidateRevisions({ repo: 'alpha', projectId: 'ops', candidateId: ids.rejected! })).toEqual([]);
    expect(await backend.candidateRevisions({ repo: 'gamma', projectId: 'demo', candidateId: ids.rejected! })).toEqual([]);
  });

  it('never returns a candidate from list, count, search or projects; reports the bad file; verifies', async () => {
    const titles = (await backend.list({ repos: ['alpha'] })).map((r) => r.entry.title).sort();
    expect(titles).toEqual(['Quokka rotation period?', 'Use SQLite for the cache']); // the approved one is an entry now
    expect(await backend.count({ repos: ['alpha'] })).toEqual([{ repo: 'alpha', entries: 2 }]);
    expect((await backend.search({ repos: ['alpha'], query: 'quokka' })).map((h) => h.entry.title)).toEqual(['Quokka rotation period?']);
    expect((await backend.projects({ repos: ['alpha'] })).map((p) => p.project_id)).toEqual(['demo']);
    expect((await backend.problems({ repos: ['alpha'] })).map((p) => `${p.code} ${p.path}`)).toEqual(['invalid_entry candidates/demo/zz/cand-zzzzzzzzzzzz/r0001-00000000.json']);
    const report = await backend.verify({ repo: 'alpha', reader: await demo.reader(), tip: demo.store.tip() });
    expect(report.ok).toBe(true);
    expect(report.tables.map((t) => t.table)).toEqual(expect.arrayContaining([expect.stringMatching(/candidate_revisions$/), expect.stringMatching(/candidates$/)]));
  });
});
