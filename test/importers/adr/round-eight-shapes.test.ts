/**
 * Issue #18, eighth round: the shapes four corpora nobody here had seen showed a newcomer
 * (kumahq/kuma's MADRs, DependencyTrack/hyades, NHSDigital/nhs-notify, thanos-io/thanos's
 * proposals), each reproduced in a small fixture written here in the shape met there.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lexMarkdown } from '../../../src/model/markdown-tokens.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { skipReason } from '../../../src/importers/adr/list-adr-files.js';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { lostLines } from '../../../bench/adr-line-rule.js';
import { exportAdr } from '../../../src/service/export-adr.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { openTestBrain } from '../../helpers/brain.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { cleanupTempDirs, commitFiles, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (sourcePath: string, source: string) => parseAdr({ sourcePath, source });

/** A draft's fields as the reference rule reads an entry. */
const asEntry = (fields: Record<string, unknown>) => fields as { title: string; rationale: string; payload: Record<string, unknown> };

describe('a block quote holding a list with lazy quoted lines (kumahq/kuma MADR 081)', () => {
  const quoted = [
    '> #### Merging behaviour',
    '> Same as MeshHTTPRoute merging:',
    '> 1. Pick policies that select the DPP with top-level targetRef',
    '> 2. Sort these policies by top-level targetRef',
    '     > the new rule position is the highest of two merged rules',
    '> 3. Stable sort rules based on the matches order',
    '     > we need to split individual matches into separate rules',
  ].join('\n');

  it('lexes into tokens whose raws join back into the text', () => {
    const text = `# T\n\nWe said:\n\n${quoted}\n\nBut later:\n\n1. one\n`;
    expect(lexMarkdown(text).map((t) => t.raw).join('')).toBe(text);
  });

  it('keeps every line of the quote as written', () => {
    const source = `# SPIFFE ID matches\n\n## Context and Problem Statement\n\nWe said:\n\n${quoted}\n\n## Decision Outcome\n\nChosen option: new matching.\n`;
    const parsed = parse('081-inbound-policies-matches.md', source);
    expect(parsed.rationale).toContain(quoted);
    expect(lostLines(source, asEntry({ title: parsed.title, rationale: parsed.rationale, payload: { decision_outcome: parsed.decision_outcome, alternatives: parsed.alternatives } })).lost).toEqual([]);
  });
});

describe('a zero-numbered index page (DependencyTrack/hyades `000-index.md`)', () => {
  it('is an index page, not a decision; `001-x.md` and `0000-index-tuning.md` stay ADRs', () => {
    expect(skipReason('000-index.md')).toBe('index page');
    expect(skipReason('00_README.md')).toBe('index page');
    expect(skipReason('001-drop-kafka-dependency.md')).toBeNull();
    expect(skipReason('0000-index-tuning.md')).toBeNull();
    expect(skipReason('004-index.md')).toBeNull();
  });
});

/** NHSDigital/nhs-notify's ADR: a Jekyll title that is the label, a metadata table in a block quote. */
const NHS_ADR = [
  '---',
  'title: ADR-002',
  'parent: Active ADRs',
  'description: Scan repository for hard-coded secrets',
  'summary: Scan repository for hard-coded secrets',
  '---',
  '',
  '> |              |                           |',
  '> | ------------ | ------------------------- |',
  '> | Date         | `05/06/2023`              |',
  '> | Status       | `RFC`                     |',
  '> | Deciders     | `Engineering`             |',
  '> | Significance | `Construction techniques` |',
  '',
  '---',
  '',
  '- [Context](#context)',
  '- [Decision](#decision)',
  '',
  '## Context',
  '',
  'Secrets leak.',
  '',
  '## Decision',
  '',
  'Scan every commit.',
  '',
].join('\n');

describe('the NHS England ADR template (NHSDigital/nhs-notify)', () => {
  it('reads the status, day (day first) and deciders of a metadata table set in a block quote', () => {
    const parsed = parse('ADR-002_Scan_repository_for_hardcoded_secrets.md', NHS_ADR);
    expect(parsed.status_mapping).toMatchObject({ mapped: true, status: 'proposed' });
    expect(parsed.raw_status).toBe('`RFC`');
    expect(parsed.date).toBe('2023-06-05');
    expect(parsed.deciders).toBe('Engineering');
    expect(parsed.adr_number).toBe(2);
  });

  it('takes the description as the title when the front matter title is only the label', () => {
    expect(parse('ADR-002_Scan_repository_for_hardcoded_secrets.md', NHS_ADR).title).toBe('Scan repository for hard-coded secrets');
    const bare = NHS_ADR.replace(/^description:.*\n^summary:.*\n/m, '');
    expect(parse('adr-004-github.md', bare).title).toBe('Github');
    expect(parse('x.md', NHS_ADR.replace('title: ADR-002', 'title: Use ADR-002 tooling')).title).toBe('Use ADR-002 tooling');
  });
});

describe('the export writes a Nygard file back in the shape it was read (round seven leftover)', () => {
  it('adds no front matter date or deciders that came from git, and the export re-imports with no write', async () => {
    const repo = initRepo();
    commitFiles(repo, { 'docs/adr/0001-use-postgres.md': '# 1. Use Postgres\n\n## Status\n\nAccepted\n\n## Context\n\nWe need a database.\n\n## Decision\n\nPostgres.\n' });
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const imported = await importAdr(brain, { dir: join(repo, 'docs/adr') });
      const entry = (await brain.get({ entryId: imported.entries[0]!.entry_id })).entry;
      expect(entry.payload['decision_date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const out = tempDir('brain-export-');
      await exportAdr(brain, { dir: out, format: 'nygard' });
      const text = readFileSync(join(out, '0001-use-postgres.md'), 'utf8');
      expect(text).toMatch(/^# (?:1\. )?Use Postgres\n/);
      expect(text).not.toContain('date:');
      const again = await importAdr(brain, { dir: out });
      expect(again.entries.reduce((n, e) => n + e.written, 0)).toBe(0);
    } finally {
      await brain.close();
    }
  });
});

/** ansforge/ans-architecture-adr's 0001: notes under the title, then a subtitle `#` over the `##` sections. */
const SUBTITLED = [
  '# Choix du modèle pour la rédaction des ADR',
  '',
  '* statut : proposé',
  '* date : 2025-05-27',
  '',
  '---',
  '',
  '# Formalisme des décisions au format markdown',
  '',
  '## Contexte et énoncé du problème',
  '',
  'Les décisions sont dispersées.',
  '',
  '## Options considérées',
  '',
  '* Github',
  '* Wiki',
  '',
  '## Résultat de la Décision',
  '',
  'Option choisie : "Github".',
  '',
  '### Conséquences',
  '',
  '* Bien, traçable',
  '',
].join('\n');

describe('a subtitle `#` heading between the notes and the sections (round seven leftover c)', () => {
  it('reads the sections under it as the ADR\'s: outcome and options found, every line kept', () => {
    const parsed = parse('0001-choix-du-modele-adr.md', SUBTITLED);
    expect(parsed.decision_outcome).toContain('Option choisie : "Github".');
    expect(parsed.alternatives).toEqual(['Github', 'Wiki']);
    expect(parsed.rationale).toContain('# Formalisme des décisions au format markdown');
    const entry = asEntry({ title: parsed.title, rationale: parsed.rationale, payload: { decision_outcome: parsed.decision_outcome, alternatives: parsed.alternatives, status_text: parsed.status_text } });
    expect(lostLines(SUBTITLED, entry).lost).toEqual([]);
  });

  it('leaves a later second `#` heading (cometbft\'s `# Scheduler`) a section of its own', () => {
    const later = '# T\n\n## Context\n\nC.\n\n# Scheduler\n\n## Decision\n\nNot the outcome.\n';
    expect(parse('adr-001-t.md', later).decision_outcome).toBe('');
  });

  it('exports and re-imports with no write', async () => {
    await adrRoundTrip({ '0001-choix-du-modele-adr.md': SUBTITLED });
  });
});

describe('a template status list quoted in a code span (kumahq/kuma MADR 001)', () => {
  it('states no supersede reference in running text; a status line in a code span still does', () => {
    const source = '# Adopt MADR\n\n* Status: accepted\n\n## Context and Problem Statement\n\nThe MADR has one of the following status: `rejected | accepted | superseded by [ADR-0005](0005-example.md) | implemented in ....`\n';
    const parsed = parse('001-adopt-madr.md', source);
    expect(parsed.supersede_refs).toEqual([]);
    expect(parsed.status_mapping).toMatchObject({ mapped: true, status: 'accepted' });
    const coded = parse('003-x.md', '# X\n\n| | |\n|---|---|\n| Status | `Superseded by [ADR-005](adr-005-y.md)` |\n\n## Context\n\nC.\n');
    expect(coded.supersede_refs.map((r) => [r.direction, r.number])).toEqual([['superseded_by', 5]]);
  });
});

describe('a folder named for a state (thanos-io/thanos `proposals-done/`, `proposals-rejected/`)', () => {
  it('gives the status of a file that states none, reported as such; a file\'s own status wins', async () => {
    const root = tempDir('brain-adr-');
    const dir = join(root, 'proposals-done');
    const files: Record<string, string> = {
      '202203-grpc-query-api.md': '## Introduce a Query gRPC API\n\n* **Owners:**\n  * `@fpetkovski`\n\n## Why\n\nFan out.\n',
      '202106-proposals-process.md': '---\ntype: proposal\ntitle: Proposal Process\nstatus: complete\n---\n\n# 2021-06: Proposal Process\n\n## Why\n\nStructure.\n',
      'rejected/201807-config.md': '# Thanos Cluster Configuration\n\n## Why\n\nToo complex.\n',
      '2022-02-07-open/README.md': '# Tracing\n\n## Decision\n\nUse OpenTelemetry.\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const read = await readAdrDirectory({ dir, projectId: 'p' });
    const byPath = new Map(read.drafts.map((d) => [d.source_path, d]));
    expect(byPath.get('202203-grpc-query-api.md')?.fields.status).toBe('accepted');
    expect(byPath.get('202203-grpc-query-api.md')?.fields.title).toBe('Introduce a Query gRPC API');
    expect(byPath.get('202106-proposals-process.md')?.fields.status).toBe('accepted');
    expect(byPath.get('rejected/201807-config.md')?.fields.status).toBe('rejected');
    // A record's own folder (named by its day and words) states nothing, though its last word is "open": the folder above it does.
    expect(byPath.get('2022-02-07-open/README.md')?.fields.status).toBe('accepted');
    expect(read.indexed.map((i) => [i.source_path, i.words, i.index_path])).toEqual([
      ['2022-02-07-open/README.md', 'done', '../proposals-done/'],
      ['202203-grpc-query-api.md', 'done', '../proposals-done/'],
      ['rejected/201807-config.md', 'rejected', 'rejected/'],
    ]);
  });
});

describe('a heading that writes the dated file number as a date (thanos `202106-proposals-process.md`)', () => {
  it('is titled without it, and only when the date is the file\'s number', () => {
    expect(parse('202106-proposals-process.md', '# 2021-06: Proposal Process\n\n## Why\n\nStructure.\n').title).toBe('Proposal Process');
    expect(parse('0007-x.md', '# 2021-06: Proposal Process\n\nText.\n').title).toBe('2021-06: Proposal Process');
  });
});

describe('a design proposal with no Decision section (thanos-io/thanos\'s Why / Goals / How template)', () => {
  it('reads its How (or Solution, Proposed Approach) as the outcome; a Decision section still wins', () => {
    const how = '---\ntitle: Vertical query sharding\nstatus: accepted\n---\n\n## Why\n\nSlow queries.\n\n## Goals\n\n* speed\n\n## How\n\nShard by series.\n\n## Alternatives\n\n* Bigger machines\n';
    const parsed = parse('202205-vertical-query-sharding.md', how);
    expect(parsed.decision_outcome).toBe('Shard by series.');
    expect(parsed.alternatives).toEqual(['Bigger machines']);
    expect(parse('202101-endpoint-discovery.md', '# Unified Endpoint Discovery\n\n## Summary\n\nOne flag.\n\n## Solution\n\nA config file.\n').decision_outcome).toBe('A config file.');
    expect(parse('0001-x.md', '# X\n\n## How\n\nSteps.\n\n## Decision\n\nUse Y.\n').decision_outcome).toBe('Use Y.');
    // kumahq/kuma: Context and Problem Statement, then Design.
    expect(parse('095-x.md', '# X\n\n## Context and Problem Statement\n\nC.\n\n## Design\n\nZones sync.\n').decision_outcome).toBe('Zones sync.');
  });
});

describe('a label that follows the corpus\'s own naming (Tekton TEPs, round seven leftover b)', () => {
  const TEP = '---\ntitle: Platform support in Tekton catalog\nstatus: implemented\n---\n\n# TEP-0070: Platform support in Tekton catalog\n\n## Summary\n\nPlatforms.\n';

  it('labels a TEP `TEP-0070` and titles it without the label; `ADR-70`, `70` and `TEP-0070` all show it; the export re-imports with no write', async () => {
    const parsed = parse('0070-platform-support.md', TEP);
    expect(parsed.title).toBe('Platform support in Tekton catalog');
    expect(parsed.series_word).toBe('TEP');
    expect(parse('0071-x.md', TEP).series_word).toBeNull(); // its number is not the file's
    expect(parse('0012-x.md', '# ADR-0012: X\n').series_word).toBeNull();
    const repo = initRepo();
    const dir = tempDir('brain-adr-');
    writeFileSync(join(dir, '0070-platform-support.md'), TEP);
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const imported = await importAdr(brain, { dir });
      const id = imported.entries[0]!.entry_id;
      const entry = (await brain.get({ entryId: id })).entry;
      expect(entry.citations[0]?.locator).toBe('TEP-0070');
      for (const typed of ['TEP-0070', 'ADR-70', '70']) expect((await brain.get({ entryId: typed })).entry.entry_id, typed).toBe(id);
      for (const format of ['madr', 'nygard'] as const) {
        const out = tempDir('brain-export-');
        await exportAdr(brain, { dir: out, format });
        expect(readFileSync(join(out, '0070-platform-support.md'), 'utf8'), format).toContain('# TEP-0070: Platform support in Tekton catalog\n');
        expect((await importAdr(brain, { dir: out })).entries.reduce((n, e) => n + e.written, 0), format).toBe(0);
      }
    } finally {
      await brain.close();
    }
  });
});
