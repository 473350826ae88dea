/**
 * Issue #18, what round eight left out (decision 0062 "Left out", decision 0070): a Nygard
 * heading's number kept by an export to a fresh folder, a series label read from the file names
 * of a folder (`tep-0070-x.md`), and the NHS England template's `### Options` under `## Decision`.
 * Each in a small fixture written here in the shape met.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { exportAdr } from '../../../src/service/export-adr.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { openTestBrain } from '../../helpers/brain.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { cleanupTempDirs, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

/** The `# ` heading line of every Markdown file in `dir`, by file name. */
function headings(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.md')).sort()) {
    out[f] = readFileSync(join(dir, f), 'utf8').split('\n').find((l) => l.startsWith('# ')) ?? '';
  }
  return out;
}

const nygard = (heading: string): string => `# ${heading}\n\n## Status\n\nAccepted\n\n## Context\n\nWe need it.\n\n## Decision\n\nDo it.\n`;

describe('an export to a fresh folder writes the heading numbering it read (0062 left out)', () => {
  it('keeps `1. `, `ADR 1: `, `ADR-001 `, `0001 `, `1) ` before the title, and re-imports with no write', async () => {
    const files = {
      '0001-record-architecture-decisions.md': nygard('1. Record architecture decisions'),
      '0002-use-postgres.md': nygard('ADR 2: Use Postgres'),
      '0003-use-kafka.md': nygard('ADR-003 Use Kafka'),
      '0004-use-redis.md': nygard('0004 Use Redis'),
      '0005-use-nats.md': nygard('5) Use NATS'),
      '0006-no-number.md': nygard('No number'),
    };
    await adrRoundTrip(files, (out) => {
      expect(headings(out)).toEqual({
        '0001-record-architecture-decisions.md': '# 1. Record architecture decisions',
        '0002-use-postgres.md': '# ADR 2: Use Postgres',
        '0003-use-kafka.md': '# ADR-003 Use Kafka',
        '0004-use-redis.md': '# 0004 Use Redis',
        '0005-use-nats.md': '# 5) Use NATS',
        '0006-no-number.md': '# No number',
      });
    });
  });
});

describe('a series label from the file names of a folder (0062 left out)', () => {
  /** Labels of the drafts read from `files`, by path. */
  async function labels(files: Record<string, string>): Promise<Record<string, string | undefined>> {
    const dir = tempDir('brain-adr-');
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    const read = await readAdrDirectory({ dir, projectId: 'p' });
    return Object.fromEntries(read.drafts.map((d) => [d.source_path, d.fields.citations?.[0]?.locator]));
  }

  it('labels `tep-0070-x.md` TEP-0070 when most files of its folder share the word; `adr-001-x.md` stays ADR', async () => {
    expect(await labels({
      'teps/tep-0070-platform-support.md': nygard('Platform support'),
      'teps/tep-0012-api.md': nygard('API'),
      'teps/tep-0100-pipelines.md': nygard('Pipelines'),
      'teps/0001-older.md': nygard('Older'),
      'rfcs/rfc-0012-x.md': nygard('X'),
      'keps/kep-123-y.md': nygard('Y'),
      'adr/adr-001-use-x.md': nygard('Use X'),
      'adr/adr-002-use-y.md': nygard('Use Y'),
    })).toEqual({
      'adr/adr-001-use-x.md': 'ADR-0001',
      'adr/adr-002-use-y.md': 'ADR-0002',
      'keps/kep-123-y.md': 'KEP-0123',
      'rfcs/rfc-0012-x.md': 'RFC-0012',
      'teps/0001-older.md': 'ADR-0001',
      'teps/tep-0012-api.md': 'TEP-0012',
      'teps/tep-0070-platform-support.md': 'TEP-0070',
      'teps/tep-0100-pipelines.md': 'TEP-0100',
    });
  });

  it('reads no series from a word few files of the folder share', async () => {
    expect(await labels({
      '0001-use-x.md': nygard('Use X'),
      '0002-use-y.md': nygard('Use Y'),
      'rfc-0012-z.md': nygard('Z'),
    })).toEqual({ '0001-use-x.md': 'ADR-0001', '0002-use-y.md': 'ADR-0002', 'rfc-0012-z.md': undefined });
  });

  it('finds the record by TEP-0070 and 70, and exports its heading as read, with no write on re-import', async () => {
    const repo = initRepo();
    const dir = tempDir('brain-adr-');
    writeFileSync(join(dir, 'tep-0070-platform-support.md'), nygard('Platform support'));
    writeFileSync(join(dir, 'tep-0071-pipelines.md'), nygard('Pipelines'));
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      await importAdr(brain, { dir });
      for (const typed of ['TEP-0070', '70']) expect((await brain.get({ entryId: typed })).entry.title, typed).toBe('Platform support');
      for (const format of ['madr', 'nygard'] as const) {
        const out = tempDir('brain-export-');
        await exportAdr(brain, { dir: out, format });
        expect(headings(out)['tep-0070-platform-support.md'], format).toBe('# Platform support');
        expect((await importAdr(brain, { dir: out })).entries.reduce((n, e) => n + e.written, 0), format).toBe(0);
      }
    } finally {
      await brain.close();
    }
  });
});

/** NHSDigital/nhs-notify's ADR-002 in the NHS England template: the options are a `###` section of `## Decision`. */
const NHS_ADR = [
  '---',
  'title: ADR-002',
  'description: Scan repository for hard-coded secrets',
  '---',
  '',
  '## Context',
  '',
  'Secrets leak.',
  '',
  '## Decision',
  '',
  '### Assumptions',
  '',
  'Developers commit often.',
  '',
  '### Drivers',
  '',
  'Cheap to run.',
  '',
  '### Options',
  '',
  '- [Git-secrets](https://github.com/awslabs/git-secrets)',
  '- Trufflehog',
  '- Gitleaks',
  '',
  '### Outcome',
  '',
  'Gitleaks, on every commit.',
  '',
  '## Consequences',
  '',
  'One more hook.',
  '',
].join('\n');

describe('the NHS England template\'s options under its decision section (0062 left out)', () => {
  it('reads the `### Options` of `## Decision` as the options; a top-level options section still wins', () => {
    const parsed = parseAdr({ sourcePath: 'ADR-002_Scan_repository_for_hardcoded_secrets.md', source: NHS_ADR });
    expect(parsed.alternatives).toEqual(['[Git-secrets](https://github.com/awslabs/git-secrets)', 'Trufflehog', 'Gitleaks']);
    expect(parsed.decision_outcome).toContain('### Options');
    const both = NHS_ADR.replace('## Decision', '## Considered Options\n\n- Nothing\n- Something\n\n## Decision');
    expect(parseAdr({ sourcePath: 'x.md', source: both }).alternatives).toEqual(['Nothing', 'Something']);
    const beside = NHS_ADR.replace('## Decision', '## Decision\n\nScan.\n\n## Notes').replace('### Options', '## Options');
    expect(parseAdr({ sourcePath: 'x.md', source: beside }).alternatives).toEqual(['[Git-secrets](https://github.com/awslabs/git-secrets)', 'Trufflehog', 'Gitleaks']);
  });

  it('exports and re-imports with no write', async () => {
    await adrRoundTrip({ 'ADR-002_Scan_repository_for_hardcoded_secrets.md': NHS_ADR }, () => undefined);
  });
});
