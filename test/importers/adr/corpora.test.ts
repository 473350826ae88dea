/**
 * The four bundled ADR corpora (fixtures/adr/<owner>__<repo>, copied verbatim from public
 * projects; licences and SOURCE.txt beside each): known hard cases pinned, every draft valid.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readAdrDirectory, type AdrDraft, type AdrReadResult } from '../../../src/importers/adr/read-adr-dir.js';
import { deriveEntryId } from '../../../src/model/entry-id.js';
import { buildEntry, newEntryBase } from '../../../src/model/input.js';

const CORPORA = [
  'JabRef__jabref',
  'adr__madr',
  'cometbft__cometbft',
  'cosmos__ibc-go',
  'cosmos__interchain-security',
  'ministryofjustice__cloud-platform',
  'thomvaill__log4brains',
] as const;
type Corpus = (typeof CORPORA)[number];
const PROJECT = 'demo';
const dirOf = (corpus: Corpus): string => fileURLToPath(new URL(`../../../fixtures/adr/${corpus}`, import.meta.url));

const results = new Map<Corpus, AdrReadResult>();
beforeAll(async () => {
  for (const corpus of CORPORA) results.set(corpus, await readAdrDirectory({ dir: dirOf(corpus), projectId: PROJECT }));
});

function result(corpus: Corpus): AdrReadResult {
  const r = results.get(corpus);
  if (!r) throw new Error(`corpus ${corpus} not read`);
  return r;
}

function draft(corpus: Corpus, prefix: string): AdrDraft {
  const matches = result(corpus).drafts.filter((d) => d.source_path.startsWith(prefix));
  if (matches.length !== 1 || !matches[0]) throw new Error(`expected one draft ${prefix} in ${corpus}, got ${matches.length}`);
  return matches[0];
}

function statusCounts(r: AdrReadResult): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const d of r.drafts) {
    const status = String(d.fields.status);
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

describe('ADR corpora', () => {
  it('every draft of every corpus passes buildEntry', () => {
    for (const corpus of CORPORA) {
      for (const d of result(corpus).drafts) {
        const base = newEntryBase({
          entry_id: d.entry_id,
          entry_kind: 'decision',
          project_id: PROJECT,
          author: 'importer',
          recorded_at: '2024-01-01T00:00:00.000Z',
        });
        expect(() => buildEntry(base, d.fields, { revision: 1, author: 'importer', recorded_at: base.recorded_at }), `${corpus}/${d.source_path}`).not.toThrow();
        expect(d.entry_id).toBe(deriveEntryId('decision', `adr:${PROJECT}:${d.source_path}`));
        expect(d.fields.citations?.[0], `${corpus}/${d.source_path}`).toEqual({ source_ref: d.source_path, source_kind: 'file', locator: expect.stringMatching(/^ADR-\d{4,}$/) });
        expect(d.fields.tags?.[0]).toBe('adr');
        expect(d.fields.related_entry_ids).not.toContain(d.entry_id);
        expect(d.fields.supersedes_entry_id).not.toBe(d.entry_id);
      }
    }
  });

  it('reads every file of every corpus, sorted by path', () => {
    const counts = Object.fromEntries(CORPORA.map((c) => [c, result(c).drafts.length]));
    expect(counts).toEqual({
      JabRef__jabref: 70,
      adr__madr: 19,
      cometbft__cometbft: 93,
      'cosmos__ibc-go': 15,
      'cosmos__interchain-security': 21,
      'ministryofjustice__cloud-platform': 49,
      thomvaill__log4brains: 9,
    });
    for (const corpus of CORPORA) {
      const paths = result(corpus).drafts.map((d) => d.source_path);
      expect(paths).toEqual([...paths].sort());
      expect(result(corpus).skipped.every((s) => s.reason === 'index page' || s.reason === 'template'), corpus).toBe(true);
    }
    expect(result('cometbft__cometbft').skipped).toEqual([
      { source_path: 'README.md', reason: 'index page' },
      { source_path: 'adr-template.md', reason: 'template' },
      { source_path: 'tendermint-core/README.md', reason: 'index page' },
    ]);
    expect(result('cosmos__ibc-go').skipped.map((s) => s.source_path)).toEqual(['README.md', 'adr.template.md']);
    expect(result('cosmos__interchain-security').skipped.map((s) => s.source_path)).toEqual(['intro.md']);
  });

  it('counts statuses per corpus', () => {
    const summary = Object.fromEntries(
      CORPORA.map((c) => [c, { statuses: statusCounts(result(c)), unmapped: result(c).unmapped.length, defaulted: result(c).defaulted.length }]),
    );
    console.log(JSON.stringify(summary, null, 2));
    expect(summary['ministryofjustice__cloud-platform']).toEqual({
      statuses: { accepted: 34, proposed: 12, rejected: 2, superseded: 1 },
      unmapped: 4,
      defaulted: 0,
    });
    expect(summary['thomvaill__log4brains']).toEqual({ statuses: { accepted: 8, superseded: 1 }, unmapped: 0, defaulted: 0 });
    expect(summary['JabRef__jabref']?.statuses).toEqual({ accepted: 69, superseded: 1 });
  });

  it('is deterministic', async () => {
    const again = await readAdrDirectory({ dir: dirOf('JabRef__jabref'), projectId: PROJECT });
    expect(again).toEqual(result('JabRef__jabref'));
  });
});

describe('JabRef: 0057 supersedes 0045', () => {
  it('0045 says "superseded by ADR-0057" in its front matter', () => {
    const old = draft('JabRef__jabref', '0045-');
    const successor = draft('JabRef__jabref', '0057-');
    expect(old.fields.status).toBe('superseded');
    expect(old.status_source).toBe('explicit');
    expect(old.fields.related_entry_ids).toEqual([successor.entry_id]);
    expect(old.fields.supersedes_entry_id).toBeNull();
  });

  it('0057 says "accepted; supersedes ADR-0045" and links back', () => {
    const old = draft('JabRef__jabref', '0045-');
    const successor = draft('JabRef__jabref', '0057-');
    expect(successor.fields.status).toBe('accepted');
    expect(successor.status_source).toBe('explicit');
    expect(successor.fields.supersedes_entry_id).toBe(old.entry_id);
    // 0065 links 0057 in its text: related too (decision 0113).
    expect(successor.fields.related_entry_ids).toContain(old.entry_id);
    expect(successor.fields.title).toBe('Allow a Positional Input File Argument for `jabkit` Commands');
  });

  it('files without a status get the MADR default, reported', () => {
    const r = result('JabRef__jabref');
    const first = draft('JabRef__jabref', '0000-');
    expect(first.fields.status).toBe('accepted');
    expect(first.status_source).toBe('defaulted');
    expect(r.defaulted).toContainEqual({ source_path: first.source_path, format: 'madr', status: 'accepted' });
    expect(r.defaulted).toHaveLength(64);
    expect(r.defaulted.map((d) => d.source_path)).not.toContain(draft('JabRef__jabref', '0042-').source_path);
    expect(draft('JabRef__jabref', '0042-').status_source).toBe('explicit');
    expect(r.unmapped).toEqual([]);
  });

  it('keeps MADR options and outcome', () => {
    const d = draft('JabRef__jabref', '0003-');
    expect(d.fields.payload).toEqual({
      alternatives: ['[Maven](https://maven.apache.org/)', '[Gradle](https://gradle.org/)', '[Ant](https://ant.apache.org/)'],
      decision_outcome: 'Chosen option: "Gradle", because it is lean and fits our development style.',
      status_text: null,
      decision_date: null,
      decision_makers: null,
      // The site generator's keys, kept for the export.
      front_matter: 'parent: Decision Records\nnav_order: 3',
    });
    const jabref8 = draft('JabRef__jabref', '0008-');
    expect(jabref8.fields.payload?.['decision_outcome']).toContain('### Negative Consequences');
    expect(draft('adr__madr', '0008-').fields.rationale).toContain('## Pros and Cons of the Options');
    expect(d.fields.rationale).toMatch(/^## Context and Problem Statement\n\nWhich build tool should be used\?/);
  });
});

describe('ministryofjustice/cloud-platform', () => {
  it('021 is superseded by 036 (emoji status with a link)', () => {
    const old = draft('ministryofjustice__cloud-platform', '021-');
    const successor = draft('ministryofjustice__cloud-platform', '036-');
    expect(old.fields.status).toBe('superseded');
    expect(old.fields.related_entry_ids).toContain(successor.entry_id);
    expect(successor.fields.status).toBe('accepted');
    expect(successor.fields.supersedes_entry_id).toBe(old.entry_id);
    expect(successor.fields.related_entry_ids).toContain(old.entry_id);
    expect(old.fields.title).toBe('Multi-cluster');
    expect(old.fields.citations?.[0]?.locator).toBe('ADR-0021');
  });

  it('018 is rejected ("❌ Rejected (see [019](…))"): related to 019 with a citation, not superseded', () => {
    const d = draft('ministryofjustice__cloud-platform', '018-');
    const other = draft('ministryofjustice__cloud-platform', '019-');
    expect(d.fields.status).toBe('rejected');
    expect(d.status_source).toBe('explicit');
    expect(d.fields.related_entry_ids).toEqual([other.entry_id]);
    expect(other.fields.related_entry_ids).toEqual([d.entry_id]);
    expect(d.fields.citations).toContainEqual({ source_ref: other.entry_id, source_kind: 'entry', locator: 'see' });
    expect(d.fields.supersedes_entry_id).toBeNull();
  });

  it('takes dates from "Date:" lines, day first, and strips source numbering from titles', () => {
    expect(draft('ministryofjustice__cloud-platform', '004-').date).toBe('2018-04-10');
    expect(draft('ministryofjustice__cloud-platform', '015-').date).toBe('2020-03-23');
    expect(draft('ministryofjustice__cloud-platform', '029-').fields.title).toBe('Kubernetes security config auditing');
  });

  it('keeps 022-EKS.md whole, though it is longer than the typed rationale bound', () => {
    const rationale = String(draft('ministryofjustice__cloud-platform', '022-').fields.rationale);
    expect(rationale.length).toBeGreaterThan(20_000);
    expect(rationale).not.toMatch(/more characters in/);
  });

  it.each([
    ['000-', 'accepted', 'Record Architecture Decisions'],
    ['017-', 'proposed', 'Variable names in YAML & Terraform files are in snake case'],
    ['033-', 'accepted', 'Manager cluster'],
    ['034-', 'proposed', 'EKS Fargate'],
    ['037-', 'rejected', 'Serverless (Lambda/Functions-as-a-Service)'],
  ])('emoji status of %s → %s', (prefix, status, title) => {
    const d = draft('ministryofjustice__cloud-platform', prefix);
    expect(d.fields.status).toBe(status);
    expect(d.status_source).toBe('explicit');
    expect(d.fields.title).toBe(title);
  });

  it('sign-post ADRs without any status are proposed and reported', () => {
    const r = result('ministryofjustice__cloud-platform');
    expect(r.unmapped.map((u) => [u.source_path.slice(0, 4), u.reason])).toEqual([
      ['028-', 'no status'],
      ['029-', 'no status'],
      ['030-', 'no status'],
      ['031-', 'no status'],
    ]);
    expect(draft('ministryofjustice__cloud-platform', '028-').fields.status).toBe('proposed');
  });
});

describe('log4brains', () => {
  it('20200926 is superseded by 20201016, which lists it under Links', () => {
    const old = draft('thomvaill__log4brains', '20200926-');
    const successor = draft('thomvaill__log4brains', '20201016-');
    expect(old.fields.status).toBe('superseded');
    expect(old.fields.related_entry_ids).toEqual([successor.entry_id]);
    expect(successor.fields.status).toBe('accepted');
    expect(successor.fields.supersedes_entry_id).toBe(old.entry_id);
    expect(successor.fields.related_entry_ids).toEqual([old.entry_id]);
  });
});

describe('adr/madr', () => {
  it('reports the free-text "on hold" status instead of accepting it', () => {
    const r = result('adr__madr');
    expect(r.unmapped).toEqual([{ source_path: '0003-provide-own-madr-tools.md', raw_status: 'on hold', reason: 'unrecognised status', status: 'proposed' }]);
    expect(draft('adr__madr', '0003-').fields.payload?.['status_text']).toBe('on hold');
    expect(draft('adr__madr', '0003-').fields.status).toBe('proposed');
    expect(r.defaulted).toHaveLength(18);
  });

  it('does not read the example status inside a code block of 0008', () => {
    const d = draft('adr__madr', '0008-');
    expect(d.fields.status).toBe('accepted');
    expect(d.status_source).toBe('defaulted');
  });
});
