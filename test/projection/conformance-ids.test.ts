/**
 * Conformance, colliding entry ids (issue #17, docs/decisions/0029): on every projection
 * backend, a branch where two projects hold the same entry id — written with plain git, one
 * commit at a time and projected after each — gives the id to the project holding its oldest
 * revision, reports the other directory as `duplicate_entry_id`, and never shows one
 * project's text in the other's scope (get, revisions, search, problems, id prefixes). Incremental equals a
 * full rebuild and equals the SQLite reference at every step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectionBackend, ProjectionSnapshot } from '../../src/projection/backend.js';
import { createSqliteProjection } from '../../src/projection/sqlite/sqlite-projection.js';
import type { Brain } from '../../src/service.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';
import { handCommit, makeEntry, revisionFiles } from '../helpers/plain-git.js';
import { BACKENDS, stopBackends } from './backends.js';

const SECRET_OWNS = 'dec-clash0000001';
const VISIBLE_OWNS = 'dec-clash0000002';

let dir: string;
let brain: Brain;
/** The tip after each step, oldest first. */
const tips: string[] = [];

beforeAll(async () => {
  dir = initRepo();
  brain = await openTestBrain(dir, { projectId: 'visible' });
  await brain.init();
  tips.push(brain.store.tip()!);
  const commit = (projectId: string, entryId: string, title: string, recordedAt: string, revision = 1, rationale = `${projectId} words`) => {
    tips.push(handCommit(dir, revisionFiles(dir, makeEntry({ kind: 'decision', projectId, entryId, title, revision, recordedAt, fields: { rationale } })), `${projectId} ${entryId} r${revision}`));
  };
  commit('visible', SECRET_OWNS, 'Visible copy', '2024-02-01T00:00:00.000Z');
  commit('secret', SECRET_OWNS, 'Secret owner decision', '2024-01-01T00:00:00.000Z', 1, 'zebra crossing');
  commit('visible', SECRET_OWNS, 'Visible copy r2', '2024-02-02T00:00:00.000Z', 2);
  commit('visible', VISIBLE_OWNS, 'Visible owns this', '2024-01-01T00:00:00.000Z');
  commit('secret', VISIBLE_OWNS, 'Secret later copy', '2024-03-01T00:00:00.000Z', 1, 'zebra stripes');
  // Finally the secret copy of VISIBLE_OWNS is removed again: its problem must go.
  const gone = git(dir, ['ls-tree', '-r', '--name-only', 'brain', `projects/secret/decision/cl/${VISIBLE_OWNS}`]).split('\n');
  tips.push(handCommit(dir, Object.fromEntries(gone.map((p) => [p, null])), 'remove the secret copy'));
});

afterAll(async () => {
  await brain.close();
  await stopBackends();
  cleanupTempDirs();
});

const neutral = (s: ProjectionSnapshot) => ({
  ...s,
  current: s.current.map(({ repo: _r, ...row }) => row),
  revisions: s.revisions.map(({ repo: _r, ...key }) => key),
  problems: s.problems.map(({ repo: _r, ...p }) => p),
  candidates: s.candidates.map(({ repo: _r, ...c }) => c),
});

describe.each(BACKENDS)('projection conformance on $name: colliding entry ids', (under) => {
  let backend: ProjectionBackend;
  const reference = createSqliteProjection({ dir: tempDir('brain-reference-') });

  beforeAll(async () => {
    backend = await under.open();
  });
  afterAll(async () => {
    await backend?.close();
    await reference.close();
  });

  it('projects every step incrementally equal to a full rebuild and to the SQLite reference, with the oldest revision owning the id', async () => {
    const reader = await brain.reader();
    const problemsAt: string[][] = [];
    for (const [step, tip] of tips.entries()) {
      await backend.refresh({ repo: 'r', reader, tip });
      await backend.refresh({ repo: `full${step}`, reader, tip, full: true });
      await reference.refresh({ repo: 'r', reader, tip, full: true });
      const live = neutral(await backend.snapshot('r'));
      expect(live, `incremental vs full at step ${step}`).toEqual(neutral(await backend.snapshot(`full${step}`)));
      expect(live, `${under.name} vs the SQLite reference at step ${step}`).toEqual(neutral(await reference.snapshot('r')));
      problemsAt.push(live.problems.filter((p) => p.code === 'duplicate_entry_id').map((p) => p.path));
    }
    expect(problemsAt).toEqual([
      [],
      [],
      [`projects/visible/decision/cl/${SECRET_OWNS}`], // the older secret revision arrives after the copy: ownership moves
      [`projects/visible/decision/cl/${SECRET_OWNS}`],
      [`projects/visible/decision/cl/${SECRET_OWNS}`],
      [`projects/secret/decision/cl/${VISIBLE_OWNS}`, `projects/visible/decision/cl/${SECRET_OWNS}`],
      [`projects/visible/decision/cl/${SECRET_OWNS}`],
    ]);
    expect((await backend.verify({ repo: 'r', reader, tip: tips[tips.length - 1]! })).ok).toBe(true);
  });

  it('never shows one project in the other scope: get, revisions, search, problems', async () => {
    const visible = { repos: ['r'], projects: ['visible'] };
    const secret = { repos: ['r'], projects: ['secret'] };
    expect(await backend.get({ ...visible, entryId: SECRET_OWNS })).toEqual([]);
    const owned = await backend.get({ ...secret, entryId: SECRET_OWNS });
    expect(owned.map((r) => [r.entry.project_id, r.entry.title])).toEqual([['secret', 'Secret owner decision']]);
    expect((await backend.revisions({ repo: 'r', entryId: SECRET_OWNS, projectId: 'secret' })).map((k) => k.project_id)).toEqual(['secret']);
    const mine = await backend.get({ ...visible, entryId: VISIBLE_OWNS });
    expect(mine.map((r) => r.entry.title)).toEqual(['Visible owns this']);
    expect((await backend.search({ ...visible, query: 'zebra' })).map((h) => h.entry.title)).toEqual([]);
    expect((await backend.search({ ...secret, query: 'zebra' })).map((h) => h.entry.title)).toEqual(['Secret owner decision']);
    expect((await backend.problems(secret)).map((p) => p.code)).not.toContain('duplicate_entry_id');
    expect((await backend.problems(visible)).map((p) => p.path)).toEqual([`projects/visible/decision/cl/${SECRET_OWNS}`]);
    expect((await backend.list({ ...visible, projectId: 'visible' })).map((r) => r.entry.title)).toEqual(['Visible owns this']);
  });

  it('idMatches: up to 2 entries of the scope (project, kind) whose id starts with the prefix, by id then repo', async () => {
    const ids = async (q: Parameters<ProjectionBackend['idMatches']>[0]) => (await backend.idMatches(q)).map((r) => [r.repo, r.entry.entry_id, r.entry.project_id]);
    expect(await ids({ repos: ['r'], prefix: 'dec-clash' })).toEqual([['r', SECRET_OWNS, 'secret'], ['r', VISIBLE_OWNS, 'visible']]);
    expect(await ids({ repos: ['r'], projects: ['visible'], prefix: 'dec-clash' })).toEqual([['r', VISIBLE_OWNS, 'visible']]);
    expect(await ids({ repos: ['r'], projectId: 'secret', prefix: 'dec-clash' })).toEqual([['r', SECRET_OWNS, 'secret']]);
    expect(await ids({ repos: ['r'], prefix: SECRET_OWNS })).toEqual([['r', SECRET_OWNS, 'secret']]);
    expect(await ids({ repos: ['r'], kind: 'risk', prefix: 'dec-clash' })).toEqual([]);
    expect(await ids({ repos: ['r'], prefix: 'dec-clash0000003' })).toEqual([]);
    expect(await ids({ repos: ['r', 'full6'], prefix: VISIBLE_OWNS })).toEqual([['full6', VISIBLE_OWNS, 'visible'], ['r', VISIBLE_OWNS, 'visible']]);
    expect(await ids({ repos: [], prefix: 'dec-clash' })).toEqual([]);
  });

  it('searchTypos: the typo-widened words of a query with the stems searched instead; words matched as typed left out', async () => {
    expect(await backend.searchTypos({ repos: ['r'], query: 'Zebrx words' })).toEqual([{ word: 'zebrx', alternatives: ['zebra'] }]);
    expect(await backend.searchTypos({ repos: ['r'], query: 'zebra words' })).toEqual([]);
    expect(await backend.searchTypos({ repos: [], query: 'zebrx' })).toEqual([]);
    await expect(backend.searchTypos({ repos: ['r'], query: '!!' })).rejects.toMatchObject({ code: 'invalid_argument' });
  });
});
