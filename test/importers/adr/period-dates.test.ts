/**
 * Issue #18, decision 0076 (0073's leftover): an ADR that states only a quarter (`Q3 2021`,
 * `2021-Q3`) or a year (`Date: 2021`, golang/proposal's one file) is dated by the period's first
 * day with `decision_date_precision` `quarter` / `year`; surfaces show `2021-Q3` / `2021`, the
 * export writes it back so, and a re-import writes nothing. A day, then a month, win over both.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { quarterOrYear } from '../../../src/importers/adr/adr-dates.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { renderEntry } from '../../../src/cli/render-entry.js';
import { decisionOrigin } from '../../../src/model/decision-origin.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const dated = (source: string, sourcePath = '0001-x.md') => {
  const adr = parseAdr({ sourcePath, source });
  return [adr.date, adr.date_precision];
};

describe('a quarter or a year the ADR states, with no day or month', () => {
  it('reads `Q3 2021`, `q3/2021`, `2021-Q3`, `2021 Q4`, `2021` and nothing else', () => {
    expect(['Q3 2021', 'q3/2021', '2021-Q3', '2021 Q4', '2021', '**2021**', 'Q5 2021', 'in 2021', '1492', '2021-06'].map(quarterOrYear)).toEqual([
      { date: '2021-07-01', precision: 'quarter' },
      { date: '2021-07-01', precision: 'quarter' },
      { date: '2021-07-01', precision: 'quarter' },
      { date: '2021-10-01', precision: 'quarter' },
      { date: '2021-01-01', precision: 'year' },
      { date: '2021-01-01', precision: 'year' },
      null,
      null,
      null,
      null,
    ]);
  });

  it('from a date line, front matter, a quarter alone; a year alone or in prose dates nothing', () => {
    expect(dated('# X\n\nDate: 2014\n\n## Context\n\nText.\n')).toEqual(['2014-01-01', 'year']);
    expect(dated('# X\n\n- Created: Q3 2021\n\n## Context\n\nText.\n')).toEqual(['2021-07-01', 'quarter']);
    expect(dated('---\ndate: 2021\n---\n# X\n\nText.\n')).toEqual(['2021-01-01', 'year']);
    expect(dated('---\ndate: 2021-Q2\n---\n# X\n\nText.\n')).toEqual(['2021-04-01', 'quarter']);
    expect(dated('# X\n\nQ1 2022\n\n## Context\n\nText.\n')).toEqual(['2022-01-01', 'quarter']);
    expect(dated('# X\n\n2021\n\n## Context\n\nText.\n')).toEqual([null, null]);
    expect(dated('# X\n\n## Context\n\nWe planned it for Q3 2021.\n')).toEqual([null, null]);
  });

  it('a day or a month wins', () => {
    expect(dated('# X\n\nDate: 2021\n\nDecided: 2021-05-04\n\n## Context\n\nText.\n')).toEqual(['2021-05-04', null]);
    expect(dated('# X\n\nQ3 2021\n\nCreated: August 2021\n\n## Context\n\nText.\n')).toEqual(['2021-08-01', 'month']);
  });
});

describe('a quarter or a year through the brain and back', () => {
  it('is stored as the first day marked so, and shown as the period', async () => {
    const repo = initRepo();
    const dir = tempDir('brain-adr-');
    writeFileSync(join(dir, '0001-use-x.md'), '# 1. Use X\n\nDate: Q3 2021\n\n## Status\n\nAccepted\n\n## Context\n\nText.\n');
    writeFileSync(join(dir, '0002-use-y.md'), '# 2. Use Y\n\nDate: 2014\n\n## Status\n\nAccepted\n\n## Context\n\nText.\n');
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      await importAdr(brain, { dir });
      const quarter = (await brain.get({ entryId: 'ADR-0001' })).entry;
      const year = (await brain.get({ entryId: 'ADR-0002' })).entry;
      expect([quarter.payload['decision_date'], quarter.payload['decision_date_precision']]).toEqual(['2021-07-01', 'quarter']);
      expect(decisionOrigin(quarter)).toMatchObject({ date: '2021-Q3', day: '2021-07-01' });
      expect(decisionOrigin(year)).toMatchObject({ date: '2014', day: '2014-01-01' });
      expect(renderEntry(quarter)).toMatch(/^decided: +2021-Q3$/m);
    } finally {
      await brain.close();
    }
  });

  it('is written back as the period by an export to a fresh folder, and re-imports with no write', async () => {
    await adrRoundTrip({
      '0001-use-x.md': '---\ndate: 2021-Q3\nstatus: accepted\n---\n# Use X\n\n## Decision\n\nX.\n',
      '0002-use-y.md': '---\ndate: 2014\n---\n# Use Y\n\n## Status\n\nAccepted\n\n## Decision\n\nY.\n',
      '0003-use-z.md': '# Use Z\n\nDate: Q4 2020\n\n## Status\n\nAccepted\n\n## Decision\n\nZ.\n',
    }, (out, format) => {
      expect(readFileSync(join(out, '0001-use-x.md'), 'utf8'), format).toMatch(/^---\n(?:.*\n)*date: 2021-Q3\n/);
      expect(readFileSync(join(out, '0002-use-y.md'), 'utf8'), format).toMatch(/^---\n(?:.*\n)*date: 2014\n/);
    });
  });
});
