import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { stripNumberPrefix } from '../../../src/importers/adr/adr-title.js';
import { findSupersedeRefs } from '../../../src/importers/adr/supersede-refs.js';
import { skipReason } from '../../../src/importers/adr/list-adr-files.js';
import { LIMITS } from '../../../src/model/limits.js';

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
    expect(adr.supersede_refs).toEqual([{ direction: 'superseded_by', href: '0002-u.md', number: 2, phrase: 'superseded by' }]);
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
    ['29 Kubernetes auditing', 30, 'Kubernetes auditing'],
    ['29 clusters per region', 30, '29 clusters per region'],
    ['3.5 million users', null, '3.5 million users'],
    ['2 clusters per region', null, '2 clusters per region'],
    ['1.', null, '1.'],
    ['n. Django Templates', 10, 'Django Templates'],
    ['NNNN: Use X', 7, 'Use X'],
    ['n. Django Templates', null, 'n. Django Templates'],
    ['N. Korea sanctions', 5, 'N. Korea sanctions'],
    ['XXX. Use Y', 3, 'Use Y'],
  ])('%j (file number %s) → %j', (title, fileNumber, expected) => {
    expect(stripNumberPrefix(title, fileNumber)).toBe(expected);
  });

  it('falls back to front matter title, then the words of the file name', () => {
    expect(parse('---\ntitle: From YAML\n---\nText\n').title).toBe('From YAML');
    expect(parse('Just text\n', 'notes/0007-my-choice.md').title).toBe('My choice');
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

  it('maps sections by meaning: the body in document order, the outcome under its own heading left in place', () => {
    const adr = parse(madr);
    expect(adr.rationale).toBe(
      '## Context and Problem Statement\n\nWe need X.\n\n## Considered Options\n\n* X <!-- optional -->\n* Y\n  * nested detail\n\n## Decision Outcome\n\n## Pros and Cons of the Options\n\nLong text.',
    );
    expect(adr.decision_outcome).toBe('Chosen option: "X", because it is best.\n\n### Consequences\n\n* Good, because fast');
    expect(adr.alternatives).toEqual(['X', 'Y']);
    expect(adr.tags).toEqual(['backend', 'api', 'infra']);
  });

  it('keeps header notes and the Status section without its status line (heading included)', () => {
    const adr = parse('# 3. T\n\nDate: 2020-01-31\n\n## Status\n\nAccepted\n\n**June 2020 Update** we moved on.\n\n## Proposal\n\nDo it.\n\n- with a list\n\n## Reasoning\n\nBecause.\n', '003-t.md');
    expect(adr.rationale).toBe('Date: 2020-01-31\n\n## Status\n\n**June 2020 Update** we moved on.\n\n## Proposal\n\n## Reasoning\n\nBecause.');
    expect(adr.decision_outcome).toBe('Do it.\n\n- with a list');
    expect(adr.status_text).toBe('Accepted');
    expect(adr.date).toBe('2020-01-31');
    expect(adr.adr_number).toBe(3);
  });

  it('keeps a status wrapped over two lines whole, as the status words', () => {
    const adr = parse('# T\n\n## Status\n\nAccepted (tracked in\n[\\#9256](https://github.com/x/y/issues/9256))\n\n## Context\n\nc\n');
    expect(adr.status_text).toBe('Accepted (tracked in\n[\\#9256](https://github.com/x/y/issues/9256))');
    expect(adr.status_mapping).toMatchObject({ mapped: true, status: 'accepted' });
    expect(adr.rationale).toBe('## Status\n\n## Context\n\nc');
  });

  it('reads the status after a template block quote, and none from the quote alone', () => {
    const quote = '> A decision may be "proposed" if it has not been agreed upon yet, or "accepted" once it is.';
    expect(parse(`# T\n\n## Status\n\n${quote}\n\nAccepted\n`).status_text).toBe('Accepted');
    const none = parse(`# T\n\n## Status\n\n${quote}\n\n## Context\n\nc\n`);
    expect(none.raw_status).toBeNull();
    expect(none.rationale).toContain(quote);
  });

  it('keeps every section around a second top-level heading (# Scheduler inside the body)', () => {
    const adr = parse('# ADR 043: Riri\n\n## Changelog\n\n- 18-06-2019: Initial draft\n\n## Context\n\nWhy.\n\n## Decision\n\nDo.\n\n# Scheduler\n\nThe scheduler.\n\n## Status\n\nAccepted\n', 'adr-043-riri.md');
    expect(adr.title).toBe('Riri');
    expect(adr.rationale).toBe('## Changelog\n\n- 18-06-2019: Initial draft\n\n## Context\n\nWhy.\n\n## Decision\n\n# Scheduler\n\nThe scheduler.\n\n## Status');
    expect(adr.decision_outcome).toBe('Do.');
    expect(adr.status_text).toBe('Accepted');
    expect(adr.date).toBe('2019-06-18');
  });

  it('maps the Tendermint/Cosmos variant', () => {
    const adr = parse(
      [
        '# ADR 012: State Accessors',
        '',
        '## Changelog',
        '',
        '- 2019 Dec 12: Initial draft',
        '- 2020-01-31: Alternatives added (@bez)',
        '',
        '## Status',
        '',
        'Proposed',
        '',
        '## Context',
        '',
        'Modules need state.',
        '',
        '## Decision',
        '',
        'We add accessors:',
        '',
        '```go',
        'type Value struct{}',
        '```',
        '',
        '## Detailed Design',
        '',
        'Details.',
        '',
        '## Consequences',
        '',
        '### Positive',
        '',
        '- less code',
        '',
        '## Alternative Approaches',
        '',
        '### Keep raw stores',
        '',
        'Too low level.',
        '',
        '### Use an ORM',
        '',
        '## References',
        '',
        '- [ADR 011](./adr-011-x.md)',
      ].join('\n'),
      'adr-012-state-accessors.md',
    );
    expect(adr.title).toBe('State Accessors');
    expect(adr.adr_number).toBe(12);
    expect(adr.status_mapping).toMatchObject({ status: 'proposed' });
    // The Changelog's earliest date: the day the decision was first written down.
    expect(adr.date).toBe('2019-12-12');
    expect(adr.decision_outcome).toBe('We add accessors:\n\n```go\ntype Value struct{}\n```');
    expect(adr.alternatives).toEqual(['Keep raw stores', 'Use an ORM']);
    expect(adr.rationale.split('\n').filter((l) => l.startsWith('## '))).toEqual([
      '## Changelog',
      '## Status',
      '## Context',
      '## Decision',
      '## Detailed Design',
      '## Consequences',
      '## Alternative Approaches',
      '## References',
    ]);
  });

  it('keeps a long rationale whole: no field bound cuts imported text', () => {
    const adr = parse(`# T\n\n## Context\n\n${'word word\n'.repeat(2500)}\n\n## Decision\n\nd\n`, '0001-x.md');
    expect(adr.rationale.length).toBeGreaterThan(25_000);
    expect(adr.rationale.endsWith('word word\n\n## Decision')).toBe(true);
  });

  it('reads an option wrapped over several lines whole, without its nested list (cometbft ADR 111)', () => {
    const adr = parse(
      [
        '# ADR 111: nop Mempool',
        '',
        '## Alternative Approaches',
        '',
        '1. Keep the current model. Useful for basic apps, but clearly suboptimal for applications',
        '   with their own mechanism to disseminate transactions.',
        '2. Provide more efficient general-purpose mempool implementations.',
        '4. Partially adopting this ADR. There are several possibilities:',
        '    * Use the current mempool, disable transaction broadcast.',
        '      Positive: avoids transaction gossiping.',
        '',
        '## Decision',
        '',
        'Implement it.',
      ].join('\n'),
      'adr-111-nop-mempool.md',
    );
    expect(adr.alternatives).toEqual([
      'Keep the current model. Useful for basic apps, but clearly suboptimal for applications with their own mechanism to disseminate transactions.',
      'Provide more efficient general-purpose mempool implementations.',
      'Partially adopting this ADR. There are several possibilities:',
    ]);
  });
});

describe('parseAdr: dates and people', () => {
  it.each([
    ['---\ndate: 2025-07-31\ndecision-makers: "@a, @b"\n---\n# T\n', '2025-07-31', '@a, @b'],
    ['---\ndeciders: [Ann, Bob]\n---\n# T\n\n* Date: 2021-03-04\n', '2021-03-04', 'Ann, Bob'],
    ['# T\n\n- Status: accepted\n- Deciders: Oliver Kopp\n- Date: 2020-09-24\n\n## Context\n\nc\n', '2020-09-24', 'Oliver Kopp'],
    ['# T\n\nDate: 23/03/2020\n\n## Status\n\nAccepted\n', '2020-03-23', null],
    ['# T\n\nDate 09/04/18\n', '2018-04-09', null],
    ['# T\n\n**Date:** 16th September, 2022\n', '2022-09-16', null],
    ['# T\n\n## Status\n\nAccepted\n\nDate: 2019-05-01\n', '2019-05-01', null],
    ['---\ndate: {YYYY-MM-DD when the decision was last updated}\ndecision-makers: {list everyone involved}\n---\n# T\n', null, null],
    // No such day: the month it names (decision 0114).
    ['# T\n\nDate: 31/02/2020\n', '2020-02-01', null],
  ])('%j → %s by %s', (source, date, deciders) => {
    const adr = parse(source);
    expect(adr.date).toBe(date);
    expect(adr.deciders).toBe(deciders);
  });
});

describe('findSupersedeRefs', () => {
  const sb = (number: number | null, href: string | null = null, phrase = 'superseded by') => ({ direction: 'superseded_by', href, number, phrase });
  const sp = (number: number | null, href: string | null = null, phrase = 'supersedes') => ({ direction: 'supersedes', href, number, phrase });
  const rel = (number: number | null, href: string | null, phrase: string) => ({ direction: 'related', href, number, phrase });
  // A link in running text with no keyword before it: a relation by its file alone (decision 0113).
  const mention = (href: string) => rel(null, href, 'mentions');
  it.each([
    ['superseded by ADR-0057', false, [sb(57)]],
    ['superseded by 036', false, [sb(36)]],
    ['Superceded by [2. Use Y](0002-use-y.md)', true, [sb(2, '0002-use-y.md', 'superceded by')]],
    ['⌛️ Superseded [0019](0019-x.md)', true, [sb(19, '0019-x.md', 'superseded')]],
    ['accepted; supersedes ADR-0045', false, [sp(45)]],
    ['Supersedes [20200926-x](20200926-x.md)', false, [sp(20200926, '20200926-x.md')]],
    ['This decision is **superseded by [ADR-0057](0057-a.md)**.', false, [sb(57, '0057-a.md')]],
    ['This ADR supersedes the decisions made in ADRs 60 and 61.', false, [sp(60), sp(61)]],
    ['Rejected in favour of ADR 111', true, [rel(111, null, 'in favour of')]],
    ['Partly undo ADR 109', false, [rel(109, null, 'partly undo')]],
    ['This ADR in part supersedes [0003](0003-aws-networking-outline.md).', false, [rel(3, '0003-aws-networking-outline.md', 'in part supersedes')]],
    ['supersedes parts of ADR 3', false, [rel(3, null, 'supersedes parts of')]],
    // DEFRA's epr-re-ex-service ADR 0033 (proposed): the older ADR's other options stay in force.
    ['Supersedes the "option 3" portion of [ADR 0016 (Admin UI Authorisation MVP)](0016-admin-ui.md) for service-maintainer scopes specifically.', false, [rel(16, '0016-admin-ui.md', 'supersedes the "option 3" portion of')]],
    ['replaces the authentication section of ADR 4', false, [rel(4, null, 'replaces the authentication section of')]],
    ['supersedes ADR 5 as part of the migration', false, [sp(5)]],
    // apache/james ADR 38's "Related ADRs": the clause's subject is ADR 35, not the file read.
    ['[Distributed Mailbox Listeners Configuration](0035-distributed-listeners-configuration.md) also covers more in details\n topology changes and supersedes ADR 0026.', false, [mention('0035-distributed-listeners-configuration.md'), rel(26, null, 'supersedes')]],
    ['As ADR 3 said; this ADR supersedes ADR 2.', false, [sp(2)]],
    ['** This part of the decision is superseded by [2021-11-05 - Adjust ADR approval rules](2021-11-05-adjust-adr-approval-rules.md), but the rest of this ADR is untouched.**', false, [rel(20211105, '2021-11-05-adjust-adr-approval-rules.md', 'this part of the decision is superseded by')]],
    ['Partially superseded by [ADR-0033](0033-ip-ranges.md)', true, [rel(33, '0033-ip-ranges.md', 'partially superseded')]],
    ['❌ Rejected (see [019](019-x.md))', true, [rel(19, '019-x.md', 'see')]],
    ['❌ Rejected (see [019](019-x.md))', false, [mention('019-x.md')]],
    ['is superseded by log4j', false, []],
    ['superseded by nothing. See [x](x.md)', false, [mention('x.md')]],
    ['the [Truss playbook](https://github.com/trussworks/Engineering-Playbook/blob/master/web/server/go.md#layers), the [index](../README.md)', false, [mention('https://github.com/trussworks/Engineering-Playbook/blob/master/web/server/go.md#layers')]],
    ['badges (superseeded-by-ADR-0006, for each ADR number)', false, []],
    ['the old one was superseded 2 weeks later', false, []],
    ['deprecated in favor of [CUID2](https://github.com/x/cuid2)', false, []],
  ] as const)('%j (all links: %s)', (text, allLinks, refs) => {
    expect(findSupersedeRefs(text, { allLinks })).toEqual(refs);
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
    ['adr.template.md', 'template'],
    ['intro.md', 'index page'],
    ['SUMMARY.md', 'index page'],
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
        expect(adr.rationale.length).toBeLessThanOrEqual(LIMITS.body);
        expect(adr.alternatives.every((a) => a.trim() !== '')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
