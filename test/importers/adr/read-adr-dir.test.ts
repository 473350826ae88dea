/**
 * readAdrDirectory on small hand-written directories: file selection, defaults and reports,
 * supersede links in both directions and their conflicts.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAdrDirectory, type AdrDraft, type AdrReadResult } from '../../../src/importers/adr/read-adr-dir.js';
import { isBrainError } from '../../../src/model/errors.js';
import { buildEntry, newEntryBase } from '../../../src/model/input.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function importFiles(files: Record<string, string>): Promise<AdrReadResult> {
  const dir = await mkdtemp(join(tmpdir(), 'brain-adr-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  const result = await readAdrDirectory({ dir, projectId: 'demo' });
  for (const d of result.drafts) {
    const base = newEntryBase({ entry_id: d.entry_id, entry_kind: 'decision', project_id: 'demo', author: 'a', recorded_at: '2024-01-01T00:00:00Z' });
    buildEntry(base, d.fields, { revision: 1, author: 'a', recorded_at: base.recorded_at });
  }
  return result;
}

function byPath(result: AdrReadResult, path: string): AdrDraft {
  const d = result.drafts.find((x) => x.source_path === path);
  if (!d) throw new Error(`no draft ${path}`);
  return d;
}

const nygard = (title: string, status: string, context = 'c'): string => `# ${title}\n\n## Status\n\n${status}\n\n## Context\n\n${context}\n\n## Decision\n\nd\n`;

describe('readAdrDirectory: files', () => {
  it('reads *.md recursively, sorted, skipping index pages, templates and private files', async () => {
    const r = await importFiles({
      '0002-b.md': nygard('B', 'Accepted'),
      '0001-a.md': nygard('A', 'Accepted'),
      'sub/0001-c.md': nygard('C', 'Accepted'),
      '0039-use-velocity-as-template-engine.md': nygard('V', 'Accepted'),
      'README.md': '# Decisions\n',
      'index.md': '# Index\n',
      'adr-template.md': nygard('{title}', '{status}'),
      'template.md': nygard('T', '[status]'),
      '_draft.md': nygard('D', 'Accepted'),
      '.hidden.md': nygard('H', 'Accepted'),
      '.git/x.md': nygard('G', 'Accepted'),
      'empty.md': '  \n',
      'notes.txt': 'not markdown',
      '0040-use-a-queue': nygard('Q', 'Accepted'),
      '_drafts/0041-maybe.md': nygard('M', 'Proposed'),
      '_layouts/page.html': '<html></html>',
    });
    expect(r.drafts.map((d) => d.source_path)).toEqual(['0001-a.md', '0002-b.md', '0039-use-velocity-as-template-engine.md', 'sub/0001-c.md']);
    expect(r.skipped).toEqual([
      { source_path: '.hidden.md', reason: 'hidden or private file' },
      { source_path: '0040-use-a-queue', reason: 'no file extension (named like a record: rename it to .md to import it)' },
      { source_path: 'README.md', reason: 'index page' },
      { source_path: '_draft.md', reason: 'hidden or private file' },
      { source_path: '_drafts/', reason: 'private folder (its name starts with _): not read' },
      { source_path: 'adr-template.md', reason: 'template' },
      { source_path: 'empty.md', reason: 'empty file' },
      { source_path: 'index.md', reason: 'index page' },
      { source_path: 'template.md', reason: 'template' },
    ]);
    // Both files are imported; the label they share is reported (`brain show ADR-0001` asks which).
    expect(r.shared_labels).toEqual([{ label: 'ADR-0001', source_paths: ['0001-a.md', 'sub/0001-c.md'] }]);
  });

  it('fails with not_found for a missing directory and invalid_argument for a bad project id', async () => {
    const missing = join(tmpdir(), 'brain-adr-does-not-exist');
    await expect(readAdrDirectory({ dir: missing, projectId: 'demo' })).rejects.toSatisfy((e) => isBrainError(e, 'not_found'));
    await expect(readAdrDirectory({ dir: tmpdir(), projectId: 'Not A Slug' })).rejects.toSatisfy((e) => isBrainError(e, 'invalid_argument'));
  });
});

describe('readAdrDirectory: statuses', () => {
  it('reports unfilled template values as proposed + unmapped', async () => {
    const r = await importFiles({
      '0001-a.md': '---\nstatus: "{proposed | rejected | accepted | deprecated | … | superseded by ADR-0123}"\n---\n# A\n',
      '0002-b.md': '---\nstatus: {proposed | rejected}\n---\n# B\n',
      '0003-c.md': nygard('C', '[status]'),
      '0004-d.md': '# D\n\n* Status: [proposed | rejected | accepted | deprecated | … | superseded by [ADR-0005](0005-example.md)]\n',
    });
    expect(r.drafts.map((d) => [d.fields.status, d.status_source])).toEqual([
      ['proposed', 'defaulted'],
      ['proposed', 'defaulted'],
      ['proposed', 'defaulted'],
      ['proposed', 'defaulted'],
    ]);
    expect(r.unmapped).toEqual([
      { source_path: '0001-a.md', raw_status: '{proposed | rejected | accepted | deprecated | … | superseded by ADR-0123}', reason: 'unfilled template value', status: 'proposed' },
      { source_path: '0002-b.md', raw_status: '{proposed | rejected}', reason: 'unfilled template value', status: 'proposed' },
      { source_path: '0003-c.md', raw_status: '[status]', reason: 'unfilled template value', status: 'proposed' },
      {
        source_path: '0004-d.md',
        raw_status: '[proposed | rejected | accepted | deprecated | … | superseded by [ADR-0005](0005-example.md)]',
        reason: 'unfilled template value',
        status: 'proposed',
      },
    ]);
    expect(r.defaulted).toEqual([]);
  });

  it('defaults by format: MADR and log4brains accepted, Nygard and plain reported', async () => {
    const r = await importFiles({
      '0001-madr.md': '# M\n\n## Context and Problem Statement\n\nc\n\n## Decision Outcome\n\nChosen option: "x"\n',
      '0002-l4b.md': '# L\n\n- Date: 2020-01-01\n\n## Context\n\nc\n',
      '0003-nygard.md': '# N\n\n## Status\n\n## Context\n\nc\n',
      '0004-plain.md': '# P\n\nSome text.\n',
      '0005-bad-yaml.md': '---\nstatus: [accepted\n---\n# Y\n',
    });
    expect(r.drafts.map((d) => [d.source_path, d.fields.status, d.status_source])).toEqual([
      ['0001-madr.md', 'accepted', 'defaulted'],
      ['0002-l4b.md', 'accepted', 'defaulted'],
      ['0003-nygard.md', 'proposed', 'defaulted'],
      ['0004-plain.md', 'proposed', 'defaulted'],
      ['0005-bad-yaml.md', 'proposed', 'defaulted'],
    ]);
    expect(r.defaulted).toEqual([
      { source_path: '0001-madr.md', format: 'madr', status: 'accepted' },
      { source_path: '0002-l4b.md', format: 'log4brains', status: 'accepted' },
    ]);
    expect(r.unmapped.map((u) => [u.source_path, u.reason.replace(/:.*$/s, '')])).toEqual([
      ['0003-nygard.md', 'no status'],
      ['0004-plain.md', 'no status'],
      ['0005-bad-yaml.md', 'no status (front matter is not valid YAML'],
    ]);
  });
});

describe('readAdrDirectory: supersede links', () => {
  it('links by ADR number ("superseded by 3") both ways', async () => {
    const r = await importFiles({ '001-a.md': nygard('A', 'Superseded by 3'), '003-c.md': nygard('C', 'Accepted') });
    const [a, c] = [byPath(r, '001-a.md'), byPath(r, '003-c.md')];
    expect(a.fields).toMatchObject({ status: 'superseded', related_entry_ids: [c.entry_id], supersedes_entry_id: null });
    expect(c.fields).toMatchObject({ status: 'accepted', related_entry_ids: [a.entry_id], supersedes_entry_id: a.entry_id });
    expect(r.unmapped).toEqual([]);
  });

  it('marks the target of "Supersedes" superseded when it states no status', async () => {
    const r = await importFiles({
      '0001-a.md': '# A\n\n## Context and Problem Statement\n\nc\n',
      '0002-b.md': '# B\n\n- Status: accepted\n\n## Links\n\n- Supersedes [A](0001-a.md)\n',
    });
    const [a, b] = [byPath(r, '0001-a.md'), byPath(r, '0002-b.md')];
    expect([a.fields.status, a.status_source]).toEqual(['superseded', 'explicit']);
    expect(b.fields.supersedes_entry_id).toBe(a.entry_id);
    expect(r.defaulted).toEqual([]);
    expect(r.unmapped).toEqual([]);
  });

  it('keeps an explicit status that a supersede link contradicts, and reports it', async () => {
    const r = await importFiles({ '0001-a.md': nygard('A', 'Accepted'), '0002-b.md': nygard('B', 'Accepted; supersedes ADR-0001') });
    const [a, b] = [byPath(r, '0001-a.md'), byPath(r, '0002-b.md')];
    expect(a.fields.status).toBe('accepted');
    expect(a.fields.related_entry_ids).toEqual([b.entry_id]);
    expect(b.fields.supersedes_entry_id).toBe(a.entry_id);
    expect(r.unmapped).toEqual([{ source_path: '0001-a.md', raw_status: 'Accepted', reason: 'supersede link contradicts explicit status', status: 'accepted' }]);
  });

  it("a file whose own Status section ends 'Superceded by' is superseded, its words kept (apache/james ADR 3)", async () => {
    const r = await importFiles({
      '0003-workqueue.md': nygard('Distributed WorkQueue', 'Accepted (lazy consensus) & implemented\n\nSuperceded by [16. Distributed WorkQueue](0016-workqueue.md)'),
      '0016-workqueue.md': nygard('Distributed WorkQueue, again', 'Accepted (lazy consensus) & implemented'),
    });
    const [old, newer] = [byPath(r, '0003-workqueue.md'), byPath(r, '0016-workqueue.md')];
    expect([old!.fields.status, newer!.fields.supersedes_entry_id]).toEqual(['superseded', old!.entry_id]);
    expect(old!.fields.payload).toMatchObject({ status_text: 'Accepted (lazy consensus) & implemented' });
    expect(r.unmapped).toEqual([]);
  });

  it('a successor still proposed leaves what it supersedes as it is, with nothing to review, unless the older file says it is superseded', async () => {
    const r = await importFiles({
      '0001-a.md': nygard('A', 'Accepted'),
      '0002-b.md': '# B\n\n## Context\n\nc\n',
      '0003-c.md': nygard('C', 'Proposed', '\nSupersedes ADR-0001 and ADR-0002.\n'),
      '0004-d.md': nygard('D', 'Superseded by ADR-0005'),
      '0005-e.md': nygard('E', 'Proposed'),
    });
    const [a, b, c, d, e] = ['0001-a.md', '0002-b.md', '0003-c.md', '0004-d.md', '0005-e.md'].map((f) => byPath(r, f));
    expect([a!.fields.status, b!.fields.status, d!.fields.status]).toEqual(['accepted', 'proposed', 'superseded']);
    expect([c!.fields.supersedes_entry_id, e!.fields.supersedes_entry_id]).toEqual([a!.entry_id, d!.entry_id]);
    expect(r.unmapped.filter((u) => u.reason === 'supersede link contradicts explicit status')).toEqual([]);
  });

  it('an ADR superseded only in part stays in force: accepted, its words kept, related to the newer one, which does not supersede it', async () => {
    const r = await importFiles({
      '0003-networking.md': nygard('Networking outline', 'Partly superseded', '\n**These IP ranges have been superseded by [ADR #0033](0033-ip-ranges.md).**\n'),
      '0033-ip-ranges.md': nygard('IP ranges', 'Pending', '\nThis ADR in part supersedes [0003](0003-networking.md).\n'),
    });
    const [old, newer] = [byPath(r, '0003-networking.md'), byPath(r, '0033-ip-ranges.md')];
    expect(old.fields).toMatchObject({ status: 'accepted', payload: expect.objectContaining({ status_text: 'Partly superseded' }), related_entry_ids: [newer.entry_id] });
    expect(newer.fields).toMatchObject({ status: 'proposed', supersedes_entry_id: null });
    expect(newer.fields.related_entry_ids).toEqual([old.entry_id]);
    // Its words and the link agree (superseded in part): nothing to review (the demo said "supersede link contradicts explicit status").
    expect(r.unmapped.filter((u) => u.source_path === '0003-networking.md')).toEqual([]);
  });

  it('never links an entry to itself, and reports a successor it cannot identify', async () => {
    const r = await importFiles({
      '0001-a.md': nygard('A', 'Superseded by [1. A](0001-a.md)'),
      '0002-b.md': nygard('B', 'Superseded by ADR-0009'),
      '0003-c.md': nygard('C', 'Superseded'),
    });
    for (const d of r.drafts) {
      expect(d.fields.status).toBe('superseded');
      expect(d.fields.related_entry_ids).toEqual([]);
      expect(d.fields.supersedes_entry_id).toBeNull();
    }
    expect(r.unmapped.map((u) => u.reason)).toEqual(Array(3).fill('superseded, but the successor could not be identified'));
  });

  it('does not guess when an ADR number matches several files', async () => {
    const r = await importFiles({ '0001-a.md': nygard('A', 'superseded by 2'), '0002-b.md': nygard('B', 'Accepted'), '0002-c.md': nygard('C', 'Accepted') });
    expect(byPath(r, '0001-a.md').fields.related_entry_ids).toEqual([]);
  });

  it('drops two files that each claim to supersede the other, and reports both', async () => {
    const r = await importFiles({ '0001-a.md': nygard('A', 'Superseded by ADR-2'), '0002-b.md': nygard('B', 'Superseded by ADR-1') });
    expect(r.drafts.every((d) => d.fields.related_entry_ids?.length === 0 && d.fields.supersedes_entry_id === null)).toBe(true);
    expect(r.unmapped.map((u) => [u.source_path, u.reason])).toEqual([
      ['0001-a.md', 'contradictory supersede links'],
      ['0002-b.md', 'contradictory supersede links'],
    ]);
  });

  it('resolves links relative to the referring file', async () => {
    const r = await importFiles({ 'a/0001-x.md': nygard('X', 'Superseded by [Y](../b/0001-y.md#top)'), 'b/0001-y.md': nygard('Y', 'Accepted') });
    expect(byPath(r, 'b/0001-y.md').fields.supersedes_entry_id).toBe(byPath(r, 'a/0001-x.md').entry_id);
  });
});
