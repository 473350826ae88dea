/**
 * Conformance, picture half (issue #22): on every projection backend, the reads behind the
 * graph, the timeline and the references in entry text (src/projection/picture-reader.ts)
 * answer what the clone's own projection (Brain, the reference) answers — on the bundled ADR
 * corpus imported fresh (own dates, a supersede, ADR labels) and on a synthetic project with
 * supersede chains, plan chains, dependencies, blockers and hostile titles. A project of
 * another repository, or another project, is never read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectionBackend } from '../../src/projection/backend.js';
import type { PictureReader } from '../../src/projection/picture-reader.js';
import { withPictureReader } from '../../src/service/picture-reader.js';
import { buildEntryGraph } from '../../src/service/entry-graph.js';
import type { Brain } from '../../src/service.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { seedCorpus, seedSynthetic } from '../http/picture-seed.js';
import { BACKENDS, stopBackends } from './backends.js';

const PROJECTS = ['adr', 'synth'] as const;
let dir: string;
const brains = new Map<string, Brain>();

beforeAll(async () => {
  dir = initRepo();
  const first = await openTestBrain(dir, { projectId: 'adr', author: 'setup' });
  await first.init();
  await first.close();
  await seedCorpus(dir, 'adr');
  const synth = await seedSynthetic(dir, 'synth', 300);
  for (const p of PROJECTS) brains.set(p, await openTestBrain(dir, { projectId: p }));
  // The timeline's changes: a status change (an event) and a revision without one (of a dependency: not an event).
  const [moved, kept] = synth.ids.filter((id) => id.startsWith('dep-'));
  await brains.get('synth')!.writes.revise({ entryId: moved!, fields: { status: 'resolved' } });
  await brains.get('synth')!.writes.revise({ entryId: kept!, fields: { tags: ['again'] } });
});

afterAll(async () => {
  for (const b of brains.values()) await b.close();
  await stopBackends();
  cleanupTempDirs();
});

/** Everything a picture reads of one project, through `reader`. */
async function readAll(reader: PictureReader, labels: readonly string[]) {
  const links = await reader.linkRecords({ includeResolved: false });
  const allLinks = await reader.linkRecords({ includeResolved: true });
  const first = await reader.dated({ kinds: ['decision', 'plan_revision'], limit: 40 });
  const last = first[first.length - 1];
  const second = last ? await reader.dated({ kinds: ['decision', 'plan_revision'], limit: 40, after: { date: last.date, entry_id: last.entry_id } }) : [];
  const decisions = await reader.dated({ kinds: ['decision'], limit: 500 });
  const ids = [...new Set([...allLinks, ...first].map((r) => r.entry_id))];
  const some = ids[0] ?? 'none';
  const firstChanges = await reader.changes({ limit: 25 });
  const lastChange = firstChanges[firstChanges.length - 1];
  return {
    links, allLinks, first, second, decisions,
    changes: await reader.changes({ limit: 60 }),
    changesOfKind: await reader.changes({ kind: 'dependency', limit: 500 }),
    changesAfter: lastChange ? await reader.changes({ limit: 25, after: { recorded_at: lastChange.recorded_at, path: lastChange.path } }) : [],
    supersede: await reader.supersedeLinks([...ids, 'no-such-entry']),
    into: (await Promise.all([...new Set([...ids.slice(0, 40), ...allLinks.flatMap((r) => r.related_entry_ids).slice(0, 20), 'no-such-entry'])].map(async (id) => (await reader.linksInto(id)).map((l) => ({ target: id, ...l }))))).flat(),
    facts: [...(await reader.facts([...ids, 'no-such-entry'])).entries()].sort(([a], [b]) => (a < b ? -1 : 1)),
    exact: await reader.idMatches(some),
    prefix: await reader.idMatches(some.slice(0, 4)),
    none: await reader.idMatches('zzzz-none'),
    adrs: await reader.adrs([...labels, 'ADR-9999']),
    adrLabels: [...(await reader.adrLabels([...ids, 'no-such-entry'])).entries()].sort(([a], [b]) => (a < b ? -1 : 1)),
  };
}

describe.each(BACKENDS)('projection conformance on $name: pictures', (under) => {
  let backend: ProjectionBackend;
  const expected = new Map<string, Awaited<ReturnType<typeof readAll>>>();
  let labels: string[] = [];

  beforeAll(async () => {
    backend = await under.open();
    const brain = brains.get('adr')!;
    await backend.refresh({ repo: 'alpha', reader: await brain.reader(), tip: brain.store.tip() });
    const decisions = await brain.list({ kind: 'decision' });
    labels = [...new Set(decisions.flatMap((r) => r.entry.citations.filter((c) => c.source_kind === 'file' && c.locator).map((c) => c.locator as string)))].sort().slice(0, 6);
    for (const p of PROJECTS) expected.set(p, await withPictureReader(brains.get(p)!, (reader) => readAll(reader, labels)));
  });
  afterAll(async () => backend?.close());

  it('the seed draws: links, supersedes, own dates, ADR labels', () => {
    const adr = expected.get('adr')!;
    const synth = expected.get('synth')!;
    expect(labels.length).toBeGreaterThan(3);
    expect(adr.adrs.length).toBeGreaterThan(3);
    expect(adr.adrLabels.length).toBeGreaterThan(3);
    expect(synth.adrLabels).toEqual([]);
    expect(adr.decisions.some((d) => d.own_date) && adr.decisions.some((d) => d.date.startsWith('2018'))).toBe(true);
    expect(synth.links.length).toBeGreaterThan(20);
    expect(synth.supersede.length).toBeGreaterThan(20);
    expect(synth.second.length).toBeGreaterThan(0);
    expect(synth.prefix.length).toBeGreaterThan(0);
    expect(synth.into.length).toBeGreaterThan(10);
    expect([synth.changes.length, synth.changesAfter.length]).toEqual([60, 25]);
    expect(synth.changes.filter((c) => c.previous_status !== null).map((c) => c.previous_status)).toEqual(['open']);
    expect(synth.changesOfKind.length).toBeGreaterThan(50);
    expect(new Set(synth.into.map((l) => l.relation))).toEqual(new Set(['related', 'supersedes', 'depends_on']));
  });

  it.each(PROJECTS)('reads project %s as the clone does', async (project) => {
    const got = await readAll(backend.pictures({ repo: 'alpha', projectId: project }), labels);
    expect(got).toEqual(expected.get(project));
  });

  it('says what its reads answer for (the projected commit, one scope per repository), and the graph is read once per commit (decision 0081)', async () => {
    const tip = brains.get('adr')!.store.tip();
    const synth = await backend.pictures({ repo: 'alpha', projectId: 'synth' }).version?.();
    const adr = await backend.pictures({ repo: 'alpha', projectId: 'adr' }).version?.();
    expect(synth?.version).toBe(tip);
    expect(adr?.scope).toBe(synth?.scope);
    expect((await backend.pictures({ repo: 'never-projected', projectId: 'adr' }).version?.()) ?? null).toBeNull();
    let reads = 0;
    const counted = (): PictureReader => { const r = backend.pictures({ repo: 'alpha', projectId: 'synth' }); return { ...r, linkRecords: (args) => { reads++; return r.linkRecords(args); } }; };
    const first = await buildEntryGraph(counted(), { includeResolved: true });
    const again = await buildEntryGraph(counted(), { includeResolved: true, relation: 'needs' });
    expect(reads).toBe(1);
    expect(again.total.edges).toBeLessThan(first.total.edges);
    expect(first).toEqual(await withPictureReader(brains.get('synth')!, (reader) => buildEntryGraph(reader, { includeResolved: true })));
  });

  it('reads nothing of another repository or project', async () => {
    const empty = await readAll(backend.pictures({ repo: 'never-projected', projectId: 'adr' }), labels);
    const other = await readAll(backend.pictures({ repo: 'alpha', projectId: 'nobody' }), labels);
    for (const got of [empty, other]) {
      expect(Object.values(got).every((v) => (Array.isArray(v) ? v.length === 0 : true))).toBe(true);
    }
  });
});
