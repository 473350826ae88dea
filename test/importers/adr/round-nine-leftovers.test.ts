/**
 * Issue #18, decision 0076: the leftovers of 0073 each in the shape met.
 * - A Nygard export of a source whose only front matter brain models whole (`date`, `status`)
 *   wrote no date (0062's "shape read" rule took it for a file whose day came from git): a fresh
 *   brain reading the export lost the day. The family: front matter with only `date`, only
 *   `status`, `date` + a key brain does not model, a month.
 * - Quarters and bare years (`Q3 2021`, `2021-Q3`, `Date: 2021`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportAdr } from '../../../src/service/export-adr.js';
import { importAdr } from '../../../src/service/import-adr.js';
import type { Entry } from '../../../src/model/entry.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, commitFiles, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const written = (report: { entries: { written: number }[] }): number => report.entries.reduce((n, e) => n + e.written, 0);

/** The decisions a fresh brain (its own repository) reads from `dir`, by source path. */
async function freshRead(dir: string): Promise<Map<string, Entry>> {
  const brain = await openTestBrain(initRepo(), { projectId: 'q' });
  try {
    await brain.init();
    const report = await importAdr(brain, { dir });
    const out = new Map<string, Entry>();
    for (const e of report.entries) out.set(e.source_path, (await brain.get({ entryId: e.entry_id })).entry);
    return out;
  } finally {
    await brain.close();
  }
}

const FRONT_MATTER_FAMILY: Record<string, string> = {
  '0001-date-and-status.md': '---\ndate: 2021-03-04\nstatus: accepted\n---\n# Use X\n\n## Context\n\nC.\n\n## Decision\n\nX.\n',
  '0002-date-only.md': '---\ndate: 2021-03-05\n---\n# Use Y\n\n## Status\n\nAccepted\n\n## Context\n\nC.\n\n## Decision\n\nY.\n',
  '0003-status-only.md': '---\nstatus: rejected\n---\n# Use Z\n\n## Context\n\nC.\n\n## Decision\n\nZ.\n',
  '0004-date-and-more.md': '---\ndate: 2021-03-06\nteam: core\n---\n# Use W\n\n## Status\n\nProposed\n\n## Decision\n\nW.\n',
  '0005-month-only.md': '---\ndate: 2023-05\n---\n# Use V\n\n## Status\n\nAccepted\n\n## Decision\n\nV.\n',
  '0006-no-front-matter.md': '# 6. Use U\n\n## Status\n\nAccepted\n\n## Decision\n\nU.\n',
};

describe('a Nygard export of a source whose front matter brain models whole (0073 left out)', () => {
  it('writes the day the front matter stated, so a fresh brain reading the export has it; re-imports with no write', async () => {
    const repo = initRepo();
    commitFiles(repo, Object.fromEntries(Object.entries(FRONT_MATTER_FAMILY).map(([name, text]) => [`docs/adr/${name}`, text])));
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const report = await importAdr(brain, { dir: join(repo, 'docs/adr') });
      const source = new Map<string, Entry>();
      for (const e of report.entries) source.set(e.source_path, (await brain.get({ entryId: e.entry_id })).entry);
      const gitDay = source.get('0006-no-front-matter.md')?.payload['decision_date'];
      expect(gitDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const out = tempDir('brain-export-');
      await exportAdr(brain, { dir: out, format: 'nygard' });
      const text = (name: string): string => readFileSync(join(out, name), 'utf8');
      expect(text('0001-date-and-status.md')).toMatch(/^---\ndate: 2021-03-04\n/);
      expect(text('0002-date-only.md')).toMatch(/^---\ndate: 2021-03-05\n/);
      expect(text('0005-month-only.md')).toMatch(/^---\ndate: 2023-05\n/);
      // A source with no front matter is still written back without any (0062's shape read).
      expect(text('0006-no-front-matter.md')).not.toContain('---');
      const fresh = await freshRead(out);
      const day = (name: string): unknown => fresh.get(name)?.payload['decision_date'];
      expect([day('0001-date-and-status.md'), day('0002-date-only.md'), day('0004-date-and-more.md'), day('0005-month-only.md')]).toEqual(['2021-03-04', '2021-03-05', '2021-03-06', '2023-05-01']);
      expect(fresh.get('0005-month-only.md')?.payload['decision_date_precision']).toBe('month');
      // The status-only source had front matter too: its day (git's) goes back with it.
      expect(day('0003-status-only.md')).toBe(source.get('0003-status-only.md')?.payload['decision_date']);
      expect(day('0006-no-front-matter.md')).toBeNull();
      expect([...fresh.values()].map((e) => [e.status, e.payload['status_text']])).toEqual([...source.values()].map((e) => [e.status, e.payload['status_text']]));
      expect(written(await importAdr(brain, { dir: out }))).toBe(0);
    } finally {
      await brain.close();
    }
  });

  it('keeps a source without front matter in its shape after an MADR export was re-imported', async () => {
    const repo = initRepo();
    commitFiles(repo, { 'docs/adr/0001-use-postgres.md': '# 1. Use Postgres\n\n## Status\n\nAccepted\n\n## Decision\n\nPostgres.\n' });
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      await importAdr(brain, { dir: join(repo, 'docs/adr') });
      const madr = tempDir('brain-export-');
      await exportAdr(brain, { dir: madr, format: 'madr' });
      expect(readFileSync(join(madr, '0001-use-postgres.md'), 'utf8')).toMatch(/^---\nstatus: "Accepted"\ndate: /);
      expect(written(await importAdr(brain, { dir: madr }))).toBe(0);
      const nygard = tempDir('brain-export-');
      await exportAdr(brain, { dir: nygard, format: 'nygard' });
      expect(readFileSync(join(nygard, '0001-use-postgres.md'), 'utf8')).not.toContain('date:');
      expect(written(await importAdr(brain, { dir: nygard }))).toBe(0);
    } finally {
      await brain.close();
    }
  });

  it('round-trips the family in both formats with no write', async () => {
    await adrRoundTrip(FRONT_MATTER_FAMILY);
  });
});
