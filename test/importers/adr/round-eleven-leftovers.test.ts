/**
 * Decision 0082, the leftovers of earlier rounds, each in the shape met: a record dated only by a
 * month whose first revision was stamped as the month's first day (0073), a KEP's `kep.yaml`
 * under `--history` and under export (0076), and a heading left as the template's title (alphagov/forms ADR025).
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { exportAdr } from '../../../src/service/export-adr.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, git, initRepo } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

/** Writes `files` under `repo` and commits them as `author` on `date` (ISO). */
function commitAt(repo: string, files: Record<string, string>, date: string, author = 'Berry'): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', `change on ${date}`], { env: { GIT_AUTHOR_NAME: author, GIT_AUTHOR_EMAIL: 'b@x.invalid', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
}

describe('a record dated only by a month: its first revision (0073 "Left out")', () => {
  const MAY = '# ADR 49: Flipbook\n\nMay 2023\n\n## Status\n\nAccepted\n\n## Context\n\nText.\n';

  it('is stamped by the commit that created it when that commit is in the month, else by the month’s first day', async () => {
    const repo = initRepo();
    commitAt(repo, { 'adr/adr-49.md': MAY }, '2023-05-17T09:30:00Z');
    commitAt(repo, { 'adr/adr-50.md': MAY.replace('ADR 49', 'ADR 50') }, '2024-01-05T08:00:00Z');
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const report = await importAdr(brain, { dir: join(repo, 'adr') });
      const stamped = await Promise.all(report.entries.map(async (e) => {
        const first = (await brain.history({ entryId: e.entry_id }))[0]?.entry;
        return [e.source_path, first?.recorded_at, first?.payload['decision_date'], first?.payload['decision_date_precision']];
      }));
      expect(stamped).toEqual([
        ['adr-49.md', '2023-05-17T09:30:00.000Z', '2023-05-01', 'month'],
        // Committed months later (a folder copied in): the month's first day, as before.
        ['adr-50.md', '2023-05-01T00:00:00.000Z', '2023-05-01', 'month'],
      ]);
      // --history already stamps each revision by its commit; the plain run after it writes nothing more.
      expect((await importAdr(brain, { dir: join(repo, 'adr'), history: true })).entries.map((e) => e.written)).toEqual([0, 0]);
    } finally {
      await brain.close();
    }
  });
});

describe('a KEP’s kep.yaml under --history (0076 "Left out")', () => {
  const README = '# KEP-1440: kubectl events\n\n## Summary\n\nAn events sub-command.\n\n## Proposal\n\nAdd `kubectl events`.\n';
  const yaml = (status: string): string => `title: Kubectl events\nkep-number: 1440\nauthors:\n  - "@soltysh"\nowning-sig: sig-cli\nstatus: ${status}\ncreation-date: 2019-10-08\n`;

  it('reads the kep.yaml as it was at each commit: the status path is the revision chain, and a plain import adds nothing', async () => {
    const repo = initRepo();
    commitAt(repo, { 'keps/1440-kubectl-events/README.md': README, 'keps/1440-kubectl-events/kep.yaml': yaml('provisional') }, '2019-10-08T10:00:00Z', 'Maciej');
    commitAt(repo, { 'keps/1440-kubectl-events/kep.yaml': yaml('implementable') }, '2020-02-01T10:00:00Z', 'Sean');
    commitAt(repo, { 'keps/1440-kubectl-events/kep.yaml': yaml('implemented') }, '2021-06-01T10:00:00Z', 'Sean');
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const dir = join(repo, 'keps');
      const report = await importAdr(brain, { dir, history: true });
      const [entry] = report.entries;
      const chain = (await brain.history({ entryId: entry?.entry_id ?? '' })).map((r) => [r.entry.recorded_at.slice(0, 10), r.entry.author, r.entry.status, r.entry.payload['status_text'], r.entry.payload['decision_date']]);
      expect(chain).toEqual([
        ['2019-10-08', 'Maciej', 'proposed', 'provisional', '2019-10-08'],
        ['2020-02-01', 'Sean', 'accepted', 'implementable', '2019-10-08'],
        ['2021-06-01', 'Sean', 'accepted', 'implemented', '2019-10-08'],
      ]);
      expect((await importAdr(brain, { dir })).entries.map((e) => e.written)).toEqual([0]);
    } finally {
      await brain.close();
    }
  });
});

describe('a KEP’s kep.yaml under export over the source folder (0076 "Left out")', () => {
  it('writes a status and a supersession changed in brain into the kep.yaml, in the KEP’s words, leaving the README as it is', async () => {
    const repo = initRepo();
    const kep = (n: number, title: string): Record<string, string> => ({
      [`keps/${n}-${title}/README.md`]: `# KEP-${n}: ${title}\n\n## Summary\n\nText of ${title}.\n`,
      [`keps/${n}-${title}/kep.yaml`]: `title: ${title}\nkep-number: ${n}\n# the stage\nstatus: implementable\ncreation-date: 2019-10-08\n`,
    });
    commitAt(repo, { ...kep(1440, 'events'), ...kep(1441, 'events-v2') }, '2019-10-08T10:00:00Z');
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const dir = join(repo, 'keps');
      const report = await importAdr(brain, { dir });
      const id = (path: string): string => report.entries.find((e) => e.source_path === path)?.entry_id ?? '';
      await brain.writes.supersede({ entryId: id('1440-events/README.md'), byEntryId: id('1441-events-v2/README.md') });
      await exportAdr(brain, { dir });
      expect(git(repo, ['status', '--porcelain'])).toBe(' M keps/1440-events/kep.yaml\n M keps/1441-events-v2/kep.yaml');
      expect(readFileSync(join(dir, '1440-events/kep.yaml'), 'utf8')).toBe('title: events\nkep-number: 1440\n# the stage\nstatus: replaced\ncreation-date: 2019-10-08\nsuperseded-by:\n  - 1441-events-v2\n');
      expect(readFileSync(join(dir, '1441-events-v2/kep.yaml'), 'utf8')).toContain('replaces:\n  - 1440-events\n');
      // Read back: the kep.yaml states the status and the link (`replaces` / `superseded-by` are read as links now).
      const again = await importAdr(brain, { dir });
      expect(again.entries.map((e) => e.status)).toEqual(['superseded', 'accepted']);
      const [old, successor] = await Promise.all(['1440-events/README.md', '1441-events-v2/README.md'].map(async (p) => (await brain.get({ entryId: id(p) })).entry));
      expect([old?.related_entry_ids, successor?.supersedes_entry_id, old?.payload['status_text']]).toEqual([[id('1441-events-v2/README.md')], id('1440-events/README.md'), 'replaced']);
      await exportAdr(brain, { dir });
      expect((await importAdr(brain, { dir })).entries.map((e) => e.written)).toEqual([0, 0]);
    } finally {
      await brain.close();
    }
  });
});

describe('a heading left as the template’s title (alphagov/forms ADR025)', () => {
  const PAPERTRAIL = '# ADR025: Decision Record Title (a description of the decision, not the problem)\n\nDate: 2024-02-01\n\n## Status\n\nAccepted\n\n## Context\n\nPapertrail costs.\n\n## Decision\n\nRemove it.\n';

  it('titles the record by its file name’s words and keeps the heading line in the text', () => {
    const adr = parseAdr({ sourcePath: 'ADR025-remove-papertrail.md', source: PAPERTRAIL });
    expect([adr.title, adr.adr_number, adr.title_prefix]).toEqual(['Remove papertrail', 25, null]);
    expect(adr.rationale.startsWith('# ADR025: Decision Record Title (a description of the decision, not the problem)')).toBe(true);
    for (const heading of ['# Title', '# ADR 7: [Short title of solved problem and solution]', '# <Title>']) {
      expect(parseAdr({ sourcePath: '0007-use-x.md', source: `${heading}\n\n## Status\n\nAccepted\n` }).title, heading).toBe('Use x');
    }
    expect(parseAdr({ sourcePath: '0008-title-case.md', source: '# Title case for labels\n\nText.\n' }).title).toBe('Title case for labels');
  });

  it('round-trips: an export in either format re-imports with no write', async () => {
    await adrRoundTrip({ 'ADR025-remove-papertrail.md': PAPERTRAIL, 'ADR025-use-aasm-to-manage-form-state.md': PAPERTRAIL.replace('Decision Record Title (a description of the decision, not the problem)', 'Use AASM to manage form state') }, (out) => {
      const text = readFileSync(join(out, readdirSync(out).find((f) => f.includes('papertrail')) ?? ''), 'utf8');
      expect(text).toContain('# ADR025: Decision Record Title (a description of the decision, not the problem)');
    });
  });
});

