/**
 * Issue #18 "Any real ADR corpus in, faithfully": ADR metadata written as a Markdown key/value
 * table (nats-io/nats-architecture-and-design's `|Metadata|Value|`) is read like front matter —
 * status (mapped, words kept), date, people, tags — with or without a label row, keys in any
 * case; other tables (revision logs, tables in the body) are not metadata, and a `## Status`
 * section further down the body of such an ADR is body text, never its status.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';

const parse = (source: string) => parseAdr({ sourcePath: 'ADR-1.md', source });
const NATS = fileURLToPath(new URL('../../../fixtures/adr/nats-io__nats-architecture-and-design', import.meta.url));

const NATS_SHAPE = [
  '# JetStream JSON API Design',
  '',
  '|Metadata|Value|',
  '|--------|-----|',
  '|Date    |2020-04-30|',
  '|Author  |@ripienaar, @aricart|',
  '|Status  |Implemented|',
  '|Tags    |jetstream, Client, server|',
  '',
  '## Context',
  '',
  'Some context.',
  '',
].join('\n');

describe('parseAdr: a metadata table', () => {
  it('reads status, date, people and tags from a Metadata|Value table and keeps the table in the rationale', () => {
    const adr = parse(NATS_SHAPE);
    expect(adr.status_origin).toBe('metadata_table');
    expect(adr.raw_status).toBe('Implemented');
    expect(adr.status_text).toBe('Implemented');
    expect(adr.status_mapping).toMatchObject({ mapped: true, status: 'accepted' });
    expect(adr.date).toBe('2020-04-30');
    expect(adr.deciders).toBe('@ripienaar, @aricart');
    expect(adr.tags).toEqual(['jetstream', 'client', 'server']);
    for (const line of NATS_SHAPE.split('\n').slice(2, 8)) expect(adr.rationale).toContain(line);
  });

  it('reads a table without a label row, keys in any case, with a Field|Value label too', () => {
    const bare = parse('# T\n\n| STATUS: | Deprecated |\n|---|---|\n| date | 11/08/2021 |\n| Authors | Ann |\n| TAGS | Server |\n\n## Context\n\nc\n');
    expect(bare.status_origin).toBe('metadata_table');
    expect(bare.status_mapping).toMatchObject({ mapped: true, status: 'deprecated' });
    expect(bare.date).toBe('2021-08-11');
    expect(bare.deciders).toBe('Ann');
    expect(bare.tags).toEqual(['server']);
    const field = parse('# T\n\n| Field | Value |\n| --- | --- |\n| Deciders | Bob, Cy |\n| **Status** | Proposed |\n| Decision Date | 2022-03-04 |\n');
    expect(field.status_mapping).toMatchObject({ mapped: true, status: 'proposed' });
    expect(field.raw_status).toBe('Proposed');
    expect(field.date).toBe('2022-03-04');
    expect(field.deciders).toBe('Bob, Cy');
  });

  it('ignores tables that are not metadata: a revision log, a key/value table in the body', () => {
    const adr = parse([
      '# T',
      '',
      '| Revision | Date       | Author  | Info    |',
      '|----------|------------|---------|---------|',
      '| 1        | 2021-11-03 | @scottf | Initial |',
      '',
      '## Context',
      '',
      '| Field  | Value    |',
      '|--------|----------|',
      '| Status | Accepted |',
      '| Date   | 2020-01-01 |',
      '| Tags   | api      |',
      '',
    ].join('\n'));
    expect(adr.raw_status).toBeNull();
    expect(adr.status_origin).toBeNull();
    expect(adr.date).toBeNull();
    expect(adr.tags).toEqual([]);
  });

  it('never takes the status from a Status heading or sentence in the body of an ADR whose table states it (nats ADR-48, ADR-2)', () => {
    const adr = parse(`${NATS_SHAPE}\n## Status\n\nThe \`Status\` interface would get a new property:\n`);
    expect(adr.status_origin).toBe('metadata_table');
    expect(adr.raw_status).toBe('Implemented');
    expect(adr.rationale).toContain('The `Status` interface would get a new property:');
  });

  it('reads a Superseded by row as the supersession', () => {
    const adr = parse('# T\n\n| Metadata | Value |\n|---|---|\n| Status | Superseded |\n| Superseded by | [ADR-37](ADR-37.md) |\n');
    expect(adr.status_mapping).toMatchObject({ mapped: true, status: 'superseded' });
    expect(adr.supersede_refs).toEqual([{ direction: 'superseded_by', phrase: 'superseded by', href: 'ADR-37.md', number: 37 }]);
  });

  it('ranks front matter above the table, as the other header forms', () => {
    const adr = parse(`---\nstatus: rejected\n---\n${NATS_SHAPE}`);
    expect(adr.status_origin).toBe('front_matter');
    expect(adr.status_mapping).toMatchObject({ mapped: true, status: 'rejected' });
  });
});

describe('the nats-io corpus (52 ADRs, every one with a metadata table)', () => {
  it('imports each ADR with its table status words, date, authors and tags', async () => {
    const read = await readAdrDirectory({ dir: NATS, projectId: 'demo' });
    expect(read.drafts).toHaveLength(52);
    const counts: Record<string, number> = {};
    for (const d of read.drafts) {
      const status = String(d.fields.status);
      counts[status] = (counts[status] ?? 0) + 1;
      // Independent of the importer: the source's own `| Status | x |` and `| Date | y |` rows.
      const source = readFileSync(`${NATS}/${d.source_path}`, 'utf8');
      const row = (key: string) => new RegExp(`^\\|\\s*${key}\\s*\\|\\s*(.*?)\\s*\\|`, 'mi').exec(source)?.[1];
      const payload = d.fields.payload as Record<string, unknown>;
      expect(payload['status_text'], d.source_path).toBe(row('Status'));
      expect(payload['decision_date'], d.source_path).toBe(row('Date'));
      expect(payload['decision_makers'], d.source_path).toBe(row('Author'));
      expect(d.fields.tags?.length, d.source_path).toBeGreaterThan(1);
    }
    expect(counts).toEqual({ accepted: 45, deprecated: 3, proposed: 4 });
    const byPath = new Map(read.drafts.map((d) => [d.source_path, d.fields]));
    for (const file of ['ADR-15.md', 'ADR-18.md', 'ADR-52.md']) expect(byPath.get(file)?.status, file).toBe('deprecated');
    for (const file of ['ADR-53.md', 'ADR-54.md', 'ADR-57.md', 'ADR-58.md']) expect(byPath.get(file)?.status, file).toBe('proposed');
    expect(byPath.get('ADR-1.md')?.tags).toEqual(['adr', 'jetstream', 'client', 'server']);
  });
});
