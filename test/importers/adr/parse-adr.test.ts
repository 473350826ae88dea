import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { stripNumberPrefix } from '../../../src/importers/adr/adr-title.js';
import { findSupersedeRefs } from '../../../src/importers/adr/supersede-refs.js';
import { skipReason } from '../../../src/importers/adr/list-adr-files.js';

const parse = (source: string, sourcePath = '0001-x.md') => parseAdr({ sourcePath, source });

describe('parseAdr: where the status is read from', () => {
  it('reads MADR front matter first', () => {
    const adr = parse('---\nstatus: "accepted; supersedes ADR-0045"\n---\n# T\n\n## Status\n\nRejected\n');
    expect(adr.status_origin).toBe('front_matter');
    expect(adr.raw_status).toBe('accepted; supersedes ADR-0045');
    expect(adr.status_mapping).toMatchObject({ mapped: true, status: 'accepted' });
    expect(adr.format).toBe('madr');
  });

  it('reads the first non-empty line of a Status section (Nygard / adr-tools)', () => {
    const adr = parse('# 1. T\n\nDate: 2020-01-01\n\n## Status\n\n⌛️ Superseded by [2. U](0002-u.md)\n\nMore text.\n\n## Context\n\nc\n');
    expect(adr.status_origin).toBe('status_section');
    expect(adr.status_mapping).toMatchObject({ mapped: true, status: 'superseded' });
    expect(adr.supersede_refs).toEqual([{ direction: 'superseded_by', href: '0002-u.md', number: 2 }]);
    expect(adr.format).toBe('nygard');
  });

  it.each([
    ['- Status: accepted', 'accepted'],
    ['* Status: proposed', 'proposed'],
    ['**Status:** Accepted', 'accepted'],
    ['**Status**: Rejected', 'rejected'],
    ['Status: Deprecated', 'deprecated'],
    ['Date: 2020-01-01\nStatus: Accepted', 'accepted'],
  ])('reads a status line in the preamble: %j', (line, status) => {
    const adr = parse(`# T\n\n${line}\n\n## Context\n\nc\n`);
    expect(adr.status_origin).toBe('status_line');
    expect(adr.status_mapping).toMatchObject({ mapped: true, status });
  });

  it('does not read status lines inside sections or code blocks', () => {
    const adr = parse(
      '# T\n\n## Context and Problem Statement\n\n**Status**: Completed 2/6/21\n\n```markdown\nstatus: accepted\n```\n',
    );
    expect(adr.raw_status).toBeNull();
    expect(adr.format).toBe('madr');
  });

  it('recognises log4brains header bullets without a status', () => {
    const adr = parse('# T\n\n- Date: 2020-09-24\n- Deciders: Ann\n\n## Context\n\nc\n');
    expect(adr.raw_status).toBeNull();
    expect(adr.format).toBe('log4brains');
  });

  it('returns an unquoted YAML template value as source text', () => {
    const adr = parse('---\nstatus: {proposed | rejected | accepted}\n---\n# T\n');
    expect(adr.raw_status).toBe('{proposed | rejected | accepted}');
    expect(adr.status_mapping).toMatchObject({ mapped: false, reason: 'unfilled template value' });
  });

  it('reports invalid YAML front matter', () => {
    const adr = parse('---\nstatus: [accepted\n---\n# T\n');
    expect(adr.front_matter_error).toMatch(/./);
    expect(adr.raw_status).toBeNull();
  });
});

describe('parseAdr: title', () => {
  it.each([
    ['1. Record architecture decisions', null, 'Record architecture decisions'],
    ['ADR 0001: Use X', null, 'Use X'],
    ['ADR-12 - Use X', null, 'Use X'],
    ['020. Environments and Pipeline', null, 'Environments and Pipeline'],
    ['23 Logging', 23, 'Logging'],
    ['29 Kubernetes auditing', 30, '29 Kubernetes auditing'],
    ['3.5 million users', null, '3.5 million users'],
    ['2 clusters per region', null, '2 clusters per region'],
    ['1.', null, '1.'],
  ])('%j (file number %s) → %j', (title, fileNumber, expected) => {
    expect(stripNumberPrefix(title, fileNumber)).toBe(expected);
  });

  it('falls back to front matter title, then the file name', () => {
    expect(parse('---\ntitle: From YAML\n---\nText\n').title).toBe('From YAML');
    expect(parse('Just text\n', 'notes/0007-my-choice.md').title).toBe('0007-my-choice');
  });

  it('cuts titles at 200 characters with an ellipsis', () => {
    const title = parse(`# ${'x'.repeat(300)}\n`).title;
    expect(title).toHaveLength(200);
    expect(title.endsWith('…')).toBe(true);
  });
});

describe('parseAdr: rationale, outcome and options', () => {
  const madr = [
    '---',
    'tags: [Backend, " API "]',
    'category: Infra',
    '---',
    '# Use X',
    '',
    '## Context and Problem Statement',
    '',
    'We need X.',
    '',
    '## Considered Options',
    '',
    '* X <!-- optional -->',
    '* Y',
    '  * nested detail',
    '',
    '## Decision Outcome',
    '',
    'Chosen option: "X", because it is best.',
    '',
    '### Consequences',
    '',
    '* Good, because fast',
    '',
    '## Pros and Cons of the Options',
    '',
    'Long text.',
  ].join('\n');

  it('keeps context and decision sections as Markdown', () => {
    const adr = parse(madr);
    expect(adr.rationale).toBe(
      '## Context and Problem Statement\n\nWe need X.\n\n## Decision Outcome\n\nChosen option: "X", because it is best.\n\n### Consequences\n\n* Good, because fast',
    );
    expect(adr.decision_outcome).toBe('Chosen option: "X", because it is best.');
    expect(adr.alternatives).toEqual(['X', 'Y']);
    expect(adr.tags).toEqual(['backend', 'api', 'infra']);
  });

  it('uses the body after the title when the ADR lacks context or decision sections', () => {
    const adr = parse('# T\n\n## Status\n\nAccepted\n\n## Proposal\n\nDo it.\n\n## Reasoning\n\nBecause.\n');
    expect(adr.rationale).toBe('## Proposal\n\nDo it.\n\n## Reasoning\n\nBecause.');
    expect(adr.decision_outcome).toBe('Do it.');
  });

  it('truncates the rationale at 20 000 characters with a marker', () => {
    const adr = parse(`# T\n\n## Context\n\n${'word '.repeat(5000)}\n\n## Decision\n\nd\n`);
    expect(adr.rationale).toHaveLength(20_000);
    expect(adr.rationale.endsWith('\n\n[truncated]')).toBe(true);
  });
});

describe('findSupersedeRefs', () => {
  it.each([
    ['superseded by ADR-0057', [{ direction: 'superseded_by', href: null, number: 57 }]],
    ['superseded by 036', [{ direction: 'superseded_by', href: null, number: 36 }]],
    ['accepted; supersedes ADR-0045', [{ direction: 'supersedes', href: null, number: 45 }]],
    ['Supersedes [20200926-x](20200926-x.md)', [{ direction: 'supersedes', href: '20200926-x.md', number: 20200926 }]],
    ['This decision is **superseded by [ADR-0057](0057-a.md)**.', [{ direction: 'superseded_by', href: '0057-a.md', number: 57 }]],
    ['is superseded by log4j', []],
    ['superseded by nothing. See [x](x.md)', []],
  ])('%j', (text, refs) => {
    expect(findSupersedeRefs(text)).toEqual(refs);
  });
});

describe('skipReason', () => {
  it.each([
    ['README.md', 'index page'],
    ['index.md', 'index page'],
    ['adr-template.md', 'template'],
    ['template.md', 'template'],
    ['adr-template-minimal.md', 'template'],
    ['0000-template.md', 'template'],
    ['_draft.md', 'hidden or private file'],
    ['.hidden.md', 'hidden or private file'],
    ['0039-use-apache-velocity-as-template-engine.md', null],
    ['0001-use-x.md', null],
  ])('%s → %s', (name, reason) => {
    expect(skipReason(name)).toBe(reason);
  });
});

describe('parseAdr: any text', () => {
  it('never throws and stays within the entry bounds', () => {
    const piece = fc.constantFrom('# ', '## Status\n', '---\n', 'status: ', '- Status: ', '**Status:** ', '✅ ', '[x](y.md)', 'superseded by ', '\n\n', '{a | b}', '```\n', 'Accepted', ' ');
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string()), { maxLength: 30 }), (parts) => {
        const adr = parse(parts.join(''));
        expect(adr.title.trim()).not.toBe('');
        expect(adr.title.length).toBeLessThanOrEqual(200);
        expect(adr.rationale.length).toBeLessThanOrEqual(20_000);
        expect(adr.alternatives.every((a) => a.trim() !== '')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
