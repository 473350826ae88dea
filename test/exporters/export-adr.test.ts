/**
 * `brain export adr` (issue #9 "Export", issue #18 "Round trip"): import(export(x)) yields the
 * same entries — over every corpus of fixtures/adr, in both formats, importing the exported files
 * writes no revision, and a second export/import round neither writes nor duplicates — and the
 * files keep what the sources had: file names and folders, numbers, status words, front matter
 * keys brain does not model, images' relative links; supersession as Markdown links.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importAdr } from '../../src/service/import-adr.js';
import { exportAdr } from '../../src/service/export-adr.js';
import { renderAdr } from '../../src/exporters/adr/render-adr.js';
import { parseAdr } from '../../src/importers/adr/parse-adr.js';
import type { Entry } from '../../src/model/entry.js';
import { brain as runBrain, openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';

afterAll(cleanupTempDirs);

const FIXTURES = fileURLToPath(new URL('../../fixtures/adr', import.meta.url));
const CORPORA = readdirSync(FIXTURES).sort();

/** A copy of a corpus outside any git work tree, so every date comes from the files. */
function copyOf(corpus: string): string {
  const dir = join(tempDir('brain-adr-'), corpus);
  cpSync(join(FIXTURES, corpus), dir, { recursive: true });
  return dir;
}

const written = (report: { entries: { written: number }[] }): number => report.entries.reduce((n, e) => n + e.written, 0);

describe('export adr → import adr is a fixed point', () => {
  // One import per corpus serves both formats: every round asserts it wrote nothing, so each
  // format's rounds start from the state the import left.
  it.each(CORPORA)('%s (madr, nygard): no revision written, two rounds each, no duplicate', async (corpus) => {
    const repo = initRepo();
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const first = await importAdr(brain, { dir: copyOf(corpus) });
      for (const format of ['madr', 'nygard'] as const) for (let round = 1; round <= 2; round++) {
        const out = tempDir('brain-export-');
        const exported = await exportAdr(brain, { dir: out, format });
        expect(exported.files.map((f) => f.file)).toEqual(first.entries.map((e) => e.source_path));
        const tip = git(repo, ['rev-parse', 'brain']);
        const again = await importAdr(brain, { dir: out });
        const changed = again.entries.filter((e) => e.action !== 'unchanged').map((e) => e.source_path);
        expect(changed, `${corpus} (${format}) round ${round}`).toEqual([]);
        expect(written(again)).toBe(0);
        expect(again.commit).toBeNull();
        expect(git(repo, ['rev-parse', 'brain'])).toBe(tip);
      }
      expect(await brain.list({ kind: 'decision', limit: 1000 })).toHaveLength(first.entries.length);
    } finally {
      await brain.close();
    }
  });
});

describe('the exported files', () => {
  it('keep the source status words, supersession links, folders, front matter keys and image links', async () => {
    const repo = initRepo();
    const run = (project: string, args: string[]) => runBrain(repo, ['--project', project, ...args]);
    expect(run('cp', ['init']).code).toBe(0);
    expect(run('cp', ['import', 'adr', copyOf('ministryofjustice__cloud-platform')]).code).toBe(0);
    const nygard = tempDir('brain-export-');
    const exported = run('cp', ['export', 'adr', nygard, '--format', 'nygard']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/^wrote 49 nygard files to /);
    // The status in the source's words, under the source's own Status heading; no front matter;
    // the heading's number as the source wrote it (decision 0070).
    const old = readFileSync(join(nygard, '021-Multi-cluster.md'), 'utf8');
    expect(old).toMatch(/^# 21\. Multi-cluster\n\nDate: 2021-05-11\n\n## Status\n\n⌛️ Superseded by \[036\. Multi-cluster\]\(036-multi-cluster\.md\)\n\n## What’s proposed\n/);
    const successor = readFileSync(join(nygard, '036-multi-cluster.md'), 'utf8');
    expect(successor).toMatch(/^# 36\. Multi-cluster\n\nDate: 2022-09-16\n\n## Status\n\n✅ Accepted\n\n## Context\n/);
    const madr = tempDir('brain-export-');
    expect(run('cp', ['export', 'adr', madr]).code).toBe(0);
    expect(readFileSync(join(madr, '036-multi-cluster.md'), 'utf8')).toMatch(/^---\nstatus: "✅ Accepted"\n---\n# 36\. Multi-cluster\n\nDate: 2022-09-16\n\n## Status\n\n✅ Accepted\n/);
    expect(run('cp', ['export', 'adr', nygard, '--format', 'asciidoc']).code).toBe(2);

    expect(run('ics', ['import', 'adr', copyOf('cosmos__interchain-security')]).code).toBe(0);
    const ics = tempDir('brain-export-');
    expect(run('ics', ['export', 'adr', ics, '--format', 'nygard']).code).toBe(0);
    const keyAssignment = readFileSync(join(ics, 'adr-001-key-assignment.md'), 'utf8');
    expect(keyAssignment).toMatch(/^---\nsidebar_position: 3\ntitle: Key Assignment\n---\n# ADR 001: Key Assignment\n\n## Changelog\n/);
    expect(readFileSync(join(ics, 'adr-021-consumer-chain-clients.md'), 'utf8')).toContain('![IBC Client Updates](./figures/adr-021-trusting-period.png)');

    expect(run('cmt', ['import', 'adr', copyOf('cometbft__cometbft')]).code).toBe(0);
    const cmt = tempDir('brain-export-');
    expect(run('cmt', ['export', 'adr', cmt]).code).toBe(0);
    const commit = readFileSync(join(cmt, 'tendermint-core/adr-025-commit.md'), 'utf8');
    expect(commit).toMatch(/^---\nstatus: "Implemented"\n---\n# ADR 025 Commit\n/);
    const lanes = readFileSync(join(cmt, 'adr-118-mempool-lanes.md'), 'utf8');
    expect(lanes.length).toBeGreaterThan(44_000);
    expect(lanes).not.toMatch(/more characters/);
  });

  it('names a decision brain holds alone in the corpus naming, numbered after the highest ADR number', async () => {
    const repo = initRepo();
    const run = (args: string[]) => runBrain(repo, ['--project', 'ibc', ...args]);
    expect(run(['init']).code).toBe(0);
    expect(run(['import', 'adr', copyOf('cosmos__ibc-go')]).code).toBe(0);
    const added = run(['add', 'decision', '--title', 'Use gRPC gateways', '--status', 'accepted', '--json']);
    expect(added.code, added.stderr).toBe(0);
    const out = tempDir('brain-export-');
    const exported = run(['export', 'adr', out, '--json']);
    expect(exported.code, exported.stderr).toBe(0);
    const files: string[] = exported.json().files.map((f: { file: string }) => f.file);
    expect(files).toContain('adr-028-use-grpc-gateways.md');
    expect(readFileSync(join(out, 'adr-028-use-grpc-gateways.md'), 'utf8')).toMatch(/^---\nstatus: "accepted"\ndate: \d{4}-\d{2}-\d{2}\ndecision-makers: "test-agent"\n---\n# Use gRPC gateways\n/);
  });

  it('round-trips ADR-001- and 001_ names, numbers only in headings, and names a new decision in their naming (011_slug.md)', async () => {
    const dir = tempDir('brain-adr-');
    const files: Record<string, string> = {
      '001_choose_database.md': '# ADR 001: Choose a database\n\n**Status**: Accepted\n\n## Context\n\nWe need one.\n\n## Decision\n\nPostgreSQL.\n',
      '002_use_queues.md': '# 2. Use queues\n\nDate: 03.01.2022\n\n## Status\n\nPartially Accepted\n\n## Decision\n\nRabbitMQ, then maybe Kafka. See ADR 1.\n',
      'ops/ADR-010-deploy.md': '---\nstatus: Implemented (moved to [ops](https://example.com/ops))\nnav_order: 10\n---\n# Deploy with Helm\n\n## Decision\n\nHelm charts, in favour of ADR 2.\n\n![diagram](./img/deploy.png)\n',
      'naming-only-in-heading.md': '# ADR 7: Keep names short\n\n## Status\n\nProposed\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const repo = initRepo();
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const first = await importAdr(brain, { dir });
      expect(first.unresolved).toEqual([]);
      for (const format of ['madr', 'nygard'] as const) {
        const out = tempDir('brain-export-');
        await exportAdr(brain, { dir: out, format });
        expect(written(await importAdr(brain, { dir: out })), format).toBe(0);
        expect(readFileSync(join(out, 'naming-only-in-heading.md'), 'utf8')).toContain('# ADR 7: Keep names short');
        expect(readFileSync(join(out, 'ops/ADR-010-deploy.md'), 'utf8')).toContain('nav_order: 10');
        expect(readFileSync(join(out, 'ops/ADR-010-deploy.md'), 'utf8')).toContain('![diagram](./img/deploy.png)');
      }
      await brain.writes.append({ kind: 'decision', fields: { title: 'Cache reads', status: 'accepted' } });
      const out = tempDir('brain-export-');
      const report = await exportAdr(brain, { dir: out });
      expect(report.files.map((f) => f.file)).toContain('011_cache_reads.md');
    } finally {
      await brain.close();
    }
  });
});

describe('ADRs whose metadata is a Markdown table (nats-io)', () => {
  it('export as the source lines, the status left in the table and nowhere else; changed words go into the table', async () => {
    const dir = copyOf('nats-io__nats-architecture-and-design');
    const repo = initRepo();
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const first = await importAdr(brain, { dir });
      for (const format of ['nygard', 'madr'] as const) {
        const out = tempDir('brain-export-');
        const exported = await exportAdr(brain, { dir: out, format });
        // The same text, but for blank lines (the export writes one between blocks, as for every corpus).
        const lines = (path: string) => readFileSync(path, 'utf8').split('\n').map((l) => l.trimEnd()).filter((l) => l !== '');
        const differ = exported.files.map((f) => f.file).filter((file) => JSON.stringify(lines(join(out, file))) !== JSON.stringify(lines(join(dir, file))));
        expect(differ, format).toEqual([]);
      }
      // ADR-48's words changed since the import: the export writes them into its table row.
      const adr48 = first.entries.find((e) => e.source_path === 'ADR-48.md');
      const entry: Entry = (await brain.get({ entryId: adr48?.entry_id ?? '' })).entry;
      const changed = { ...entry, payload: { ...entry.payload, status_text: 'Deprecated' } };
      const text = renderAdr({ entry: changed, format: 'nygard', file: 'ADR-48.md', files: new Map() });
      expect(text).toContain('| Status   | Deprecated |\n');
      expect(text).not.toMatch(/^Status:/m);
      expect(text).toContain('## Status\n\nThe `Status` interface would get a new property');
      expect(parseAdr({ sourcePath: 'ADR-48.md', source: text })).toMatchObject({ raw_status: 'Deprecated', status_origin: 'metadata_table' });
    } finally {
      await brain.close();
    }
  });
});

describe('files already in the export folder', () => {
  it.each(CORPORA)('%s: an export over the import’s source folder leaves every unchanged ADR byte for byte and rewrites only a changed one', async (corpus) => {
    const repo = initRepo();
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const source = copyOf(corpus);
      const imported = await importAdr(brain, { dir: source });
      const bytes = (file: string) => readFileSync(join(source, file), 'utf8');
      const before = new Map(imported.entries.map((e) => [e.source_path, bytes(e.source_path)]));
      const report = await exportAdr(brain, { dir: source });
      expect(report.files.filter((f) => f.written)).toEqual([]);
      for (const [file, text] of before) expect(bytes(file), file).toBe(text);
      // One decision changed in the brain: its file alone is rewritten, and reads back as it.
      const changed = imported.entries[0]!;
      await brain.writes.revise({ entryId: changed.entry_id, fields: { title: 'Renamed in the brain' } });
      const again = await exportAdr(brain, { dir: source });
      expect(again.files.filter((f) => f.written).map((f) => f.file)).toEqual([changed.source_path]);
      for (const [file, text] of before) if (file !== changed.source_path) expect(bytes(file), file).toBe(text);
      // The re-import writes nothing in every markup: a Markdown title is a field, and a
      // reStructuredText / AsciiDoc file that is its entry's own export states nothing new (decision
      // 0095; before it, the rewritten title line cost that entry one revision, decision 0089).
      expect(written(await importAdr(brain, { dir: source }))).toBe(0);
      expect((await brain.get({ entryId: changed.entry_id })).entry.title).toBe('Renamed in the brain');
      expect((await exportAdr(brain, { dir: source })).files.filter((f) => f.written)).toEqual([]);
      expect(written(await importAdr(brain, { dir: source }))).toBe(0);
    } finally {
      await brain.close();
    }
  });

  it('a status changed in brain survives export → import with no revision: the words the export writes are brain’s own', async () => {
    const repo = initRepo();
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const source = copyOf('ministryofjustice__cloud-platform');
      const imported = await importAdr(brain, { dir: source });
      const ids = imported.entries.filter((e) => e.status === 'accepted').map((e) => e.entry_id);
      const proposed = imported.entries.find((e) => e.status === 'proposed')!;
      const writtenDay = (await brain.get({ entryId: proposed.entry_id })).entry.payload['decision_date'];
      const accepted = (await brain.writes.revise({ entryId: proposed.entry_id, fields: { status: 'accepted' } })).entry;
      // Decided in brain: on this revision's day, no longer the day the proposal was written.
      expect(accepted.payload['decision_date']).toBe(accepted.recorded_at.slice(0, 10));
      expect(accepted.payload['decision_date']).not.toBe(writtenDay);
      await brain.writes.revise({ entryId: ids[0]!, fields: { status: 'deprecated' } });
      await brain.writes.supersede({ entryId: ids[1]!, byEntryId: ids[2]! });
      const report = await exportAdr(brain, { dir: source });
      // Three files change (the successor's own text states nothing new: left byte for byte, decision 0098).
      expect(report.files.filter((f) => f.written).length).toBeGreaterThanOrEqual(3);
      expect(readFileSync(join(source, proposed.source_path), 'utf8')).toMatch(/^accepted$/m);
      expect(written(await importAdr(brain, { dir: source }))).toBe(0);
      expect((await exportAdr(brain, { dir: source })).files.filter((f) => f.written)).toEqual([]);
    } finally {
      await brain.close();
    }
  });

  it('replaces only a decision’s own file (its import source, a previous export); refuses any other unless force, writing nothing', async () => {
    const repo = initRepo();
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      // Over the import's source folder: the round trip, every file the decision's own.
      const source = copyOf('thomvaill__log4brains');
      const imported = await importAdr(brain, { dir: source });
      expect((await exportAdr(brain, { dir: source, force: true })).files.filter((f) => f.written)).toHaveLength(imported.entries.length);
      // A previous export of a decision brain holds alone, revised since: replaced.
      const own = (await brain.writes.append({ kind: 'decision', fields: { title: 'Use gRPC gateways' } })).entry;
      const out = tempDir('brain-export-');
      const file = (await exportAdr(brain, { dir: out })).files.find((f) => f.entry_id === own.entry_id)!.file;
      await brain.writes.revise({ entryId: own.entry_id, fields: { rationale: 'Browsers speak JSON.' } });
      await exportAdr(brain, { dir: out });
      expect(readFileSync(join(out, file), 'utf8')).toContain('Browsers speak JSON.');
      // A file of the same name brain did not write: refused, nothing written; --force replaces it.
      const other = tempDir('brain-export-');
      writeFileSync(join(other, file), 'hi');
      await expect(exportAdr(brain, { dir: other })).rejects.toMatchObject({ code: 'invalid_argument', hint: expect.stringContaining('--force'), data: { files: [file] } });
      expect(readdirSync(other)).toEqual([file]);
      expect(readFileSync(join(other, file), 'utf8')).toBe('hi');
      await exportAdr(brain, { dir: other, force: true });
      expect(readFileSync(join(other, file), 'utf8')).toContain('# Use gRPC gateways');
    } finally {
      await brain.close();
    }
  });
});
