/**
 * Issue #9 "Dates and people", "Links" and "History" through the service (real git repos in
 * temp dirs, real store): recorded_at / author from the ADR, else the file's first commit, else
 * the import; every supersession and relation form linked both ways; `--history` replays the
 * folder's commits as revisions in one brain commit, idempotently.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { adrEntryId } from '../../../src/importers/adr/assemble-drafts.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

/** Writes `files` under `dir` and commits them as `author` at `date`. */
function commitAs(repo: string, files: Record<string, string>, author: string, date: string): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  git(repo, ['add', '-A']);
  const env = { GIT_AUTHOR_NAME: author, GIT_AUTHOR_EMAIL: 'a@x.invalid', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  git(repo, ['commit', '-q', '-m', `adr by ${author}`], { env });
}

const nygard = (title: string, status: string, extra = '') => `# ${title}\n\n## Status\n\n${status}\n\n## Context\n\nWhy ${title}.\n\n## Decision\n\nWe do ${title}.\n${extra}`;

describe('dates and people', () => {
  it('uses the ADR date and deciders, else the first commit, else the import time and user', async () => {
    const repo = initRepo();
    commitAs(repo, { 'docs/adr/0001-a.md': `# 1. A\n\nDate: 31/01/2020\n\n## Status\n\nAccepted\n\n## Context\n\nc\n` }, 'Ann Author', '2022-05-05T10:00:00Z');
    commitAs(repo, { 'docs/adr/0002-b.md': `---\ndecision-makers: [Bob, Carol]\n---\n# B\n\n## Context and Problem Statement\n\nc\n` }, 'Dan Committer', '2022-06-06T12:30:00Z');
    writeFileSync(join(repo, 'docs/adr/0003-c.md'), '# C\n\n## Status\n\nProposed\n');
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const started = new Date().toISOString();
      const report = await importAdr(brain, { dir: join(repo, 'docs/adr') });
      expect(report.imported).toBe(3);
      const get = async (file: string) => (await brain.get({ entryId: adrEntryId('p', file) })).entry;
      expect(await get('0001-a.md')).toMatchObject({ recorded_at: '2020-01-31T00:00:00.000Z', author: 'Ann Author' });
      expect(await get('0002-b.md')).toMatchObject({ recorded_at: '2022-06-06T12:30:00.000Z', author: 'Bob, Carol' });
      const c = await get('0003-c.md');
      expect(c.author).toBe('test-agent');
      expect(c.recorded_at >= started).toBe(true);
      // The commit on the brain branch is still the importing user's.
      expect(git(repo, ['log', '-1', '--format=%an', 'brain'])).not.toBe('Ann Author');
    } finally {
      await brain.close();
    }
  });
});

describe('links in every form', () => {
  it('links supersession both ways, relations with a citation, and reports what is outside the import', async () => {
    const dir = tempDir('brain-adr-');
    const files: Record<string, string> = {
      '0060-a.md': nygard('Sixty', 'Accepted'),
      '0061-b.md': nygard('Sixty-one', 'Accepted'),
      '0062-c.md': nygard('Sixty-two', 'Accepted', '\nThis ADR supersedes the decisions made in ADRs 60 and 61.\n'),
      '0063-d.md': nygard('Partly undo ADR 62', 'Accepted'),
      '0064-e.md': nygard('Sixty-four', 'Rejected in favour of ADR 111'),
      '0065-f.md': nygard('Sixty-five', '⌛️ Superseded [0062](0062-c.md)'),
      '0066-g.md': nygard('Sixty-six', 'Superceded by [67. G2](0067-g2.md)'),
      '0067-g2.md': nygard('G2', 'Accepted'),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const read = await readAdrDirectory({ dir, projectId: 'p' });
    const d = (name: string) => read.drafts.find((x) => x.source_path === name)!;
    const id = (name: string) => adrEntryId('p', name);
    expect(d('0060-a.md').fields).toMatchObject({ status: 'accepted', related_entry_ids: [id('0062-c.md')] });
    expect(read.unmapped).toContainEqual({ source_path: '0060-a.md', raw_status: 'Accepted', reason: 'supersede link contradicts explicit status', status: 'accepted' });
    expect(d('0062-c.md').fields.supersedes_entry_id).toBe(id('0060-a.md'));
    expect(d('0062-c.md').fields.related_entry_ids).toEqual(expect.arrayContaining([id('0060-a.md'), id('0061-b.md'), id('0063-d.md'), id('0065-f.md')]));
    expect(d('0063-d.md').fields.title).toBe('Partly undo ADR 62');
    expect(d('0063-d.md').fields.citations).toContainEqual({ source_ref: id('0062-c.md'), source_kind: 'entry', locator: 'partly undo' });
    expect(d('0064-e.md').fields.status).toBe('rejected');
    expect(d('0064-e.md').fields.citations).toContainEqual({ source_ref: 'ADR-0111', source_kind: 'file', locator: 'in favour of' });
    expect(read.unresolved).toEqual([{ source_path: '0064-e.md', reference: 'ADR-0111', phrase: 'in favour of', ambiguous: [] }]);
    expect(d('0065-f.md').fields.status).toBe('superseded');
    expect(d('0065-f.md').fields.related_entry_ids).toEqual([id('0062-c.md')]);
    expect(d('0066-g.md').fields.status).toBe('superseded');
    expect(d('0067-g2.md').fields.supersedes_entry_id).toBe(id('0066-g.md'));
  });
});

describe('--history', () => {
  it('turns each commit that changed an ADR into a revision with its author and date, in one brain commit, idempotently', async () => {
    const repo = initRepo();
    commitAs(repo, { 'adr/0001-a.md': nygard('A', 'Proposed') }, 'Ann', '2021-01-01T09:00:00Z');
    commitAs(repo, { 'adr/0001-a.md': nygard('A', 'Accepted') }, 'Bob', '2021-02-01T09:00:00Z');
    commitAs(repo, { 'adr/0002-b.md': nygard('B', 'Accepted; supersedes [1. A](0001-a.md)'), 'adr/0001-a.md': nygard('A', 'Superseded by [2. B](0002-b.md)') }, 'Carol', '2021-03-01T09:00:00Z');
    commitAs(repo, { 'README.md': 'not an ADR\n' }, 'Dan', '2021-04-01T09:00:00Z');
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const before = Number(git(repo, ['rev-list', '--count', 'brain']));
      const report = await importAdr(brain, { dir: join(repo, 'adr'), history: true });
      expect(report.history).toEqual({ commits: 3 });
      expect(Number(git(repo, ['rev-list', '--count', 'brain']))).toBe(before + 1);
      const chain = (await brain.history({ entryId: adrEntryId('p', '0001-a.md') })).map((r) => [r.entry.revision, r.entry.status, r.entry.author, r.entry.recorded_at]);
      expect(chain).toEqual([
        [1, 'proposed', 'Ann', '2021-01-01T09:00:00.000Z'],
        [2, 'accepted', 'Bob', '2021-02-01T09:00:00.000Z'],
        [3, 'superseded', 'Carol', '2021-03-01T09:00:00.000Z'],
      ]);
      const b = await brain.history({ entryId: adrEntryId('p', '0002-b.md') });
      expect(b.map((r) => [r.entry.status, r.entry.author])).toEqual([['accepted', 'Carol']]);

      const again = await importAdr(brain, { dir: join(repo, 'adr'), history: true });
      expect(again.commit).toBeNull();
      expect(again.entries.map((e) => e.action)).toEqual(['unchanged', 'unchanged']);
      const plain = await importAdr(brain, { dir: join(repo, 'adr') });
      expect(plain.commit).toBeNull();
    } finally {
      await brain.close();
    }
  });

  it('replays every extension the folder walk reads, in any case: `.markdown` and `.MD` too', async () => {
    const repo = initRepo();
    commitAs(repo, { 'adr/0001-a.markdown': nygard('A', 'Proposed'), 'adr/0002-b.MD': nygard('B', 'Proposed') }, 'Ann', '2021-01-01T09:00:00Z');
    commitAs(repo, { 'adr/0001-a.markdown': nygard('A', 'Accepted') }, 'Bob', '2021-02-01T09:00:00Z');
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const report = await importAdr(brain, { dir: join(repo, 'adr'), history: true });
      expect(report.history).toEqual({ commits: 2 });
      expect((await brain.history({ entryId: adrEntryId('p', '0001-a.markdown') })).map((r) => [r.entry.status, r.entry.author])).toEqual([['proposed', 'Ann'], ['accepted', 'Bob']]);
      expect((await brain.history({ entryId: adrEntryId('p', '0002-b.MD') })).map((r) => r.entry.author)).toEqual(['Ann']);
    } finally {
      await brain.close();
    }
  });

  it('refuses --history outside a git work tree', async () => {
    const repo = initRepo();
    const outside = tempDir('brain-adr-');
    writeFileSync(join(outside, '0001-a.md'), nygard('A', 'Accepted'));
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      await expect(importAdr(brain, { dir: outside, history: true })).rejects.toMatchObject({ code: 'invalid_argument' });
    } finally {
      await brain.close();
    }
  });
});
