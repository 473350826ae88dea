/**
 * Issue #18 "the ADR's own date in every common form", decision 0073 (0062's leftover): an ADR
 * that states only a month — zooniverse's `May 2023` under the title, golang/proposal's
 * `Created: January 2011` / `Last updated: February 2016`, thanos-io/thanos's `202012-x.md` —
 * is dated by the month's first day with `decision_date_precision: month`; surfaces show the
 * month, and the export writes it back as a month, so a re-import writes nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdrMonth } from '../../../src/importers/adr/adr-dates.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { renderEntry } from '../../../src/cli/render-entry.js';
import { decisionOrigin, orderedAt } from '../../../src/model/decision-origin.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const dated = (source: string, sourcePath = '0001-x.md') => {
  const adr = parseAdr({ sourcePath, source });
  return [adr.date, adr.date_month];
};

describe('a month the ADR states, with no day', () => {
  it('reads `May 2023`, `October, 2015`, `Sept. 2016`, `2021-06` as the month', () => {
    expect(['May 2023', 'October, 2015', 'Sept. 2016', '2021-06', 'no month here', '2021-06-04'].map(parseAdrMonth)).toEqual(['2023-05-01', '2015-10-01', '2016-09-01', '2021-06-01', null, null]);
  });

  it('from a line alone, a date line, a `Last updated:` line, front matter, the file name', () => {
    expect(dated('# ADR 49: Flipbook\n\nMay 2023\n\n## Context\n\nText.\n', 'adr-49.md')).toEqual(['2023-05-01', true]);
    expect(dated('# Proposal: Generics\n\nAuthor: Ian\n\nCreated: January 2011\n\nLast updated: April 2016\n\n## Abstract\n\nText.\n')).toEqual(['2011-01-01', true]);
    expect(dated('# Proposal: Zip archives\n\nAuthor: Russ\n\nLast updated: February 2016\n\n## Abstract\n\nText.\n')).toEqual(['2016-02-01', true]);
    expect(dated('---\ndate: 2023-05\n---\n# Use X\n\n## Decision\n\nX.\n')).toEqual(['2023-05-01', true]);
    expect(dated('# Receive split\n\n## Why\n\nText.\n', '202012-receive-split.md')).toEqual(['2020-12-01', true]);
    expect(dated('# Type Functions\n\nText.\n', '15292/2010-06-type-functions.md')).toEqual(['2010-06-01', true]);
  });

  it('a day anywhere wins over a month; prose that mentions a month dates nothing', () => {
    expect(dated('# X\n\nCreated: May 2018\n\nDate: 2018-05-04\n\n## Context\n\nText.\n')).toEqual(['2018-05-04', false]);
    expect(dated('# X\n\nLast updated: 2019-02-20\n\n## Context\n\nText.\n', '201809-x.md')).toEqual(['2019-02-20', false]);
    expect(dated('# X\n\nMotivated by:\n\n- This issue\n  created in October 2020\n\n## Context\n\nText.\n')).toEqual([null, false]);
  });
});

describe('a month through the brain and back', () => {
  it('is stored as its first day marked a month, shown and ordered as such', async () => {
    const repo = initRepo();
    const dir = tempDir('brain-adr-');
    writeFileSync(join(dir, 'adr-49.md'), '# ADR 49: Flipbook\n\nMay 2023\n\n## Status\n\nAccepted\n\n## Context\n\nText.\n');
    writeFileSync(join(dir, 'adr-50.md'), '# ADR 50: Frames\n\n3 June 2023\n\n## Status\n\nAccepted\n\n## Context\n\nText.\n');
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      await importAdr(brain, { dir });
      const month = (await brain.get({ entryId: 'ADR-0049' })).entry;
      const day = (await brain.get({ entryId: 'ADR-0050' })).entry;
      expect([month.payload['decision_date'], month.payload['decision_date_precision']]).toEqual(['2023-05-01', 'month']);
      expect('decision_date_precision' in day.payload).toBe(false);
      expect(decisionOrigin(month)).toMatchObject({ date: '2023-05', day: '2023-05-01' });
      expect(orderedAt(month)).toBe('2023-05-01T00:00:00.000Z');
      expect(renderEntry(month)).toMatch(/^decided: +2023-05$/m);
      expect(renderEntry(month)).not.toContain('decision_date_precision');
    } finally {
      await brain.close();
    }
  });

  it('is written back as a month by an export to a fresh folder, and re-imports with no write', async () => {
    await adrRoundTrip({
      '0001-use-x.md': '---\ndate: 2023-05\nstatus: accepted\n---\n# Use X\n\n## Decision\n\nX.\n',
      'adr-49.md': '# ADR 49: Flipbook\n\nMay 2023\n\n## Status\n\nAccepted\n\n## Context\n\nText.\n',
      '202012-receive-split.md': '# Receive split\n\n## Why\n\nText.\n\n## How\n\nSplit.\n',
    }, (out, format) => {
      // Both formats write the month back, a Nygard export too since its source had front matter (decision 0076).
      expect(readFileSync(join(out, '0001-use-x.md'), 'utf8'), format).toMatch(/^---\n(?:.*\n)*date: 2023-05\n/);
      expect(readFileSync(join(out, '202012-receive-split.md'), 'utf8'), format).not.toContain('date:');
    });
  });
});
