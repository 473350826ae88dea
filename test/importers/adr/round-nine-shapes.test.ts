/**
 * Issue #18, round nine (decision 0073): shapes met in four ADR and proposal folders nobody here
 * had used — zooniverse/front-end-monorepo's `adr-NN.md` with a bare date under the title,
 * golang/proposal's design docs (link definitions with their titles on the next line, dates after
 * the authors' lines, `Last update:`, a `##` title, `2010-06-x.md` month names), the OTEPs of
 * open-telemetry (Motivation / Explanation / Internal details), arsnova-click-v3's German
 * `## Alternativen (geprüft)`, kintone/js-sdk's Japanese ADRs — and two leftovers of 0070 (a
 * series label in both the heading and the file name; a series-named file with no heading).
 * Each in a small fixture written here in the shape met.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bareDate } from '../../../src/importers/adr/adr-dates.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { cleanupTempDirs, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (source: string, sourcePath = '0001-x.md') => parseAdr({ sourcePath, source });

/** Drafts read from `files` (path → text), by path: their title, label and day. */
async function drafts(files: Record<string, string>): Promise<Record<string, { title: string | undefined; label: string | undefined }>> {
  const dir = tempDir('brain-adr-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const read = await readAdrDirectory({ dir, projectId: 'p' });
  return Object.fromEntries(read.drafts.map((d) => [d.source_path, { title: d.fields.title, label: d.fields.citations?.[0]?.locator }]));
}

describe('link reference definitions whose title stands on the next line (golang/proposal)', () => {
  const source = [
    '# Proposal: Lazy module loading',
    '',
    'See the [package pattern] and [CL 121304].',
    '',
    '<!-- References -->',
    '',
    '[package pattern]: https://example.com/cmd/go#patterns',
    '    "go — Package lists and patterns"',
    '[CL 121304]: https://example.com/cl/121304',
    '    "cmd/go/internal/vgo: track directly-used modules"',
    '[plain]: https://example.com/plain',
    '',
  ].join('\n');

  it('keeps the title lines with their definitions, in order', () => {
    const adr = parse(source);
    expect(adr.rationale).toContain(
      '[package pattern]: https://example.com/cmd/go#patterns\n    "go — Package lists and patterns"\n' +
        '[CL 121304]: https://example.com/cl/121304\n    "cmd/go/internal/vgo: track directly-used modules"\n' +
        '[plain]: https://example.com/plain',
    );
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({ '36460-lazy-module-loading.md': source });
  });
});

describe('a date standing alone in the header notes (zooniverse, golang/proposal)', () => {
  it('reads `June 19, 2018`, `10 Oct 2022`, `8th June 2023`, `2021/03/04` under the title', () => {
    const days = ['June 19, 2018', '10 Oct 2022', '8th June 2023', '2021/03/04', '*March 4th, 2021*'].map(
      (line) => parse(`# ADR 1: Adopting ADRs\n\n${line}\n\n## Context\n\nWe need it.\n\n## Decision\n\nDo it.\n`, 'adr-01.md').date,
    );
    expect(days).toEqual(['2018-06-19', '2022-10-10', '2023-06-08', '2021-03-04', '2021-03-04']);
  });

  it('reads the date after the authors’ hard-broken lines, and `Last update:`', () => {
    expect(parse('# Error Handling — Draft Design\n\nMarcel van Lohuizen\\\nAugust 27, 2018\n\n## Abstract\n\nText.\n', 'go2draft-error-handling.md').date).toBe('2018-08-27');
    expect(parse('# Proposal: Go 2 transitions\n\nAuthor: Ian Lance Taylor\n\nLast update: October 15, 2018\n\n## Abstract\n\nText.\n', '28221-go2-transitions.md').date).toBe('2018-10-15');
  });

  it('reads the notes under a `##` title when the file has no `#` one', () => {
    const adr = parse('## Proposal: `go install` in module mode\n\nAuthors: Jay Conrod, Daniel Martí\n\nLast Updated: 2020-09-29\n\n## Abstract\n\nText.\n', '40276-go-install.md');
    expect([adr.title, adr.date, adr.deciders]).toEqual(['`go install` in module mode', '2020-09-29', 'Jay Conrod, Daniel Martí']);
  });

  it('reads no day from a line that says more than a date, nor from a month alone (a month: month-dates.test.ts)', () => {
    for (const line of ['Issue 12, 2020', 'Released on June 19, 2018 to everyone', 'May 2023', 'Taylor in June, 2010.']) expect(bareDate(line), line).toBeNull();
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({
      'adr-01.md': '# ADR 1: Adopting ADRs\n\nJune 19, 2018\n\n## Context\n\nWe need it.\n\n## Decision\n\nDo it.\n',
      'adr-45.md': '# ADR 45: Custom Video Controls\n\n10 Oct 2022\n\n## Status\n\nAccepted\n\n## Context\n\nText.\n\n## Decision\n\nDo it.\n',
    });
  });
});

describe('numbers from month names (golang/proposal design/15292/)', () => {
  it('numbers `2010-06-type-functions.md` 201006, as thanos’ `201006-x.md`, so two files of one year stay apart', async () => {
    const labels = await drafts({
      '2013-10-gen.md': '# Generalized Types In Go\n\nText.\n',
      '2013-12-type-params.md': '# Type Parameters in Go\n\nText.\n',
    });
    expect(Object.values(labels).map((d) => d.label).sort()).toEqual(['ADR-201310', 'ADR-201312']);
  });
});

describe('an OTEP’s decided part (open-telemetry/oteps)', () => {
  const otep = (extra = '') => `# Named Tracers and Meters\n\n${extra}## Motivation\n\nWhy.\n\n## Explanation\n\nWe add a name.\n\n## Internal details\n\nHow.\n\n## Prior art and alternatives\n\nOthers.\n`;

  it('is its Explanation when it has no Decision, Proposal or Summary section', () => {
    expect(parse(otep(), '0016-named-tracers.md').decision_outcome).toBe('We add a name.');
  });

  it('leaves a Summary first, as before', () => {
    expect(parse(otep('## Summary\n\nIn short.\n\n'), '0016-named-tracers.md').decision_outcome).toBe('In short.');
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({ '0016-named-tracers.md': otep() });
  });
});

describe('an options heading with a note after it (arsnova-dev/arsnova-click-v3, German)', () => {
  const source = '# ADR-0003: Nutzung von tRPC\n\n**Status:** Accepted\n**Datum:** 2026-02-18\n\n## Kontext\n\nText.\n\n## Entscheidung\n\ntRPC.\n\n## Alternativen (geprüft)\n\n- REST: mehr Aufwand\n- GraphQL: zu schwer\n';

  it('reads `## Alternativen (geprüft)` as the options', () => {
    expect(parse(source, '0003-use-trpc-for-api.md').alternatives).toEqual(['REST: mehr Aufwand', 'GraphQL: zu schwer']);
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({ '0003-use-trpc-for-api.md': source });
  });
});

describe('Japanese ADRs (kintone/js-sdk)', () => {
  const kintone = (status: string | null) =>
    `# ADR-002: TypeScript 共通設定\n\n${status === null ? '' : `## ステータス\n\n${status}\n\n`}## コンテキスト\n\n調査した。\n\n## 決定\n\nモダン設定を提供する。\n\n## 結果\n\nメリット。\n`;

  it('reads the status, context and decision sections and the status words', () => {
    const adr = parse(kintone('提案中'), '002-tsconfig-settings.md');
    expect([adr.status_text, adr.status_mapping?.mapped, adr.decision_outcome]).toEqual(['提案中', true, 'モダン設定を提供する。']);
    expect(['承認済み', '採用 (Accepted)', '却下', '非推奨', '置き換え済み'].map((w) => parse(kintone(w), '002-x.md').status_mapping)).toMatchObject(
      [{ status: 'accepted' }, { status: 'accepted' }, { status: 'rejected' }, { status: 'deprecated' }, { status: 'superseded' }],
    );
    expect(parse('# ADR-005: Feature Flags\n\nステータス：承認済み\n\n## 決定\n\nDB。\n', '005-x.md').status_mapping).toMatchObject({ status: 'accepted' });
  });

  it('takes the status of a file that states none from the README’s ステータス column', async () => {
    const dir = tempDir('brain-adr-');
    writeFileSync(join(dir, 'README.md'), '# ADR\n\n| ADR | タイトル | ステータス |\n| --- | --- | --- |\n| [ADR-002](./002-tsconfig-settings.md) | TypeScript | 承認済み |\n');
    writeFileSync(join(dir, '002-tsconfig-settings.md'), kintone(null));
    const read = await readAdrDirectory({ dir, projectId: 'p' });
    expect(read.drafts.map((d) => d.fields.status)).toEqual(['accepted']);
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({ '002-tsconfig-settings.md': kintone('提案中'), '003-eslint-settings.md': kintone('承認済み') });
  });
});

describe('series-named files (0070 left out)', () => {
  const nygard = (heading: string | null): string => `${heading === null ? '' : `# ${heading}\n\n`}## Status\n\nAccepted\n\n## Context\n\nWe need it.\n\n## Decision\n\nDo it.\n`;

  it('takes a label the file name carries off the heading, and titles a file with no heading by its words', async () => {
    expect(await drafts({
      'tep-0070-platform-support.md': nygard('TEP-0070: Platform support'),
      'tep-0071-pipelines-in-pipelines.md': nygard(null),
      'tep-0072-other.md': nygard('KEP-0072: Other'),
    })).toEqual({
      'tep-0070-platform-support.md': { title: 'Platform support', label: 'TEP-0070' },
      'tep-0071-pipelines-in-pipelines.md': { title: 'pipelines in pipelines', label: 'TEP-0071' },
      'tep-0072-other.md': { title: 'KEP-0072: Other', label: 'TEP-0072' },
    });
  });

  it('writes the heading back as read, and re-imports with no write', async () => {
    await adrRoundTrip({
      'tep-0070-platform-support.md': nygard('TEP-0070: Platform support'),
      'tep-0071-pipelines-in-pipelines.md': nygard(null),
    }, (out, format) => {
      const heading = (name: string) => readFileSync(join(out, name), 'utf8').split('\n').find((l) => l.startsWith('# '));
      expect(heading('tep-0070-platform-support.md'), format).toBe('# TEP-0070: Platform support');
      expect(heading('tep-0071-pipelines-in-pipelines.md'), format).toBe('# pipelines in pipelines');
    });
  });
});
