/**
 * `brain export adr` (issue #9 "Export"): import(export(x)) yields the same entries — over all
 * four bundled corpora, importing the exported files writes no new revision — and the files
 * read as ADRs (status, supersession as Markdown links, outcome, options).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importAdr } from '../../src/service/import-adr.js';
import { exportAdr } from '../../src/service/export-adr.js';
import { brain as runBrain, openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';

afterAll(cleanupTempDirs);

const FIXTURES = fileURLToPath(new URL('../../fixtures/adr', import.meta.url));
// The four bundled corpora; fixtures/adr also holds held-out corpora the importer work of issue #18 is measured on.
const CORPORA = ['JabRef__jabref', 'adr__madr', 'ministryofjustice__cloud-platform', 'thomvaill__log4brains'];

describe('export adr → import adr is a fixed point', () => {
  it.each(['madr', 'nygard'] as const)('writes no new revision for any bundled corpus (%s)', async (format) => {
    const repo = initRepo();
    for (const corpus of CORPORA) {
      const project = corpus.toLowerCase().replace(/[^a-z0-9._-]+/g, '-');
      const brain = await openTestBrain(repo, { projectId: project });
      try {
        await brain.init();
        const first = await importAdr(brain, { dir: join(FIXTURES, corpus) });
        const out = tempDir('brain-export-');
        const exported = await exportAdr(brain, { dir: out, format });
        expect(exported.files.map((f) => f.file)).toEqual(first.entries.map((e) => e.source_path));
        const tip = git(repo, ['rev-parse', 'brain']);
        const again = await importAdr(brain, { dir: out });
        const changed = again.entries.filter((e) => e.action !== 'unchanged').map((e) => e.source_path);
        expect(changed, `${corpus} (${format})`).toEqual([]);
        expect(again.commit).toBeNull();
        expect(git(repo, ['rev-parse', 'brain'])).toBe(tip);
      } finally {
        await brain.close();
      }
    }
  });

  it('writes readable ADRs with supersession as Markdown links, through the CLI', () => {
    const repo = initRepo();
    const run = (args: string[]) => runBrain(repo, ['--project', 'cp', ...args]);
    expect(run(['init']).code).toBe(0);
    expect(run(['import', 'adr', join(FIXTURES, 'ministryofjustice__cloud-platform')]).code).toBe(0);
    const out = tempDir('brain-export-');
    const exported = run(['export', 'adr', out, '--format', 'nygard']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/^wrote 49 nygard files to /);
    const old = readFileSync(join(out, '021-Multi-cluster.md'), 'utf8');
    expect(old).toMatch(/^# Multi-cluster\n\nDate: 2021-05-11\n\n## Status\n\nsuperseded; superseded by \[ADR-0036\]\(036-multi-cluster\.md\)/);
    const successor = readFileSync(join(out, '036-multi-cluster.md'), 'utf8');
    expect(successor).toContain('accepted; supersedes [ADR-0021](021-Multi-cluster.md)');
    expect(successor).toMatch(/\n## Decision\n\n/);
    const madr = tempDir('brain-export-');
    expect(run(['export', 'adr', madr]).code).toBe(0);
    expect(readFileSync(join(madr, '036-multi-cluster.md'), 'utf8')).toMatch(/^---\nstatus: "accepted; supersedes \[ADR-0021\]\(021-Multi-cluster\.md\)[^\n]*"\ndate: 2022-09-16\n/);
    expect(run(['export', 'adr', out, '--format', 'asciidoc']).code).toBe(2);
  });
});
