import { describe, expect, it } from 'vitest';
import { isTemplatePlaceholder, mapStatusText, normalizeStatusText } from '../../../src/importers/adr/status-map.js';

function statusOf(raw: string): string {
  const mapping = mapStatusText(raw);
  return mapping.mapped ? mapping.status : `unmapped:${mapping.reason}`;
}

describe('mapStatusText: the mapping table', () => {
  const table: Array<[string, string]> = [
    // accepted
    ['Accepted', 'accepted'],
    ['accepted', 'accepted'],
    ['ACCEPTED', 'accepted'],
    ['Implemented', 'accepted'],
    ['implementable', 'accepted'],
    ['implementing', 'accepted'],
    ['provisional', 'proposed'],
    ['approved', 'accepted'],
    ['Agreed', 'accepted'],
    ['done', 'accepted'],
    // proposed
    ['Proposed', 'proposed'],
    ['draft', 'proposed'],
    ['In Review', 'proposed'],
    ['pending', 'proposed'],
    ['Incomplete', 'proposed'],
    ['in progress', 'proposed'],
    ['In-Progress', 'proposed'],
    ['open', 'proposed'],
    // rejected
    ['Rejected', 'rejected'],
    ['declined', 'rejected'],
    // deprecated
    ['Deprecated', 'deprecated'],
    ['reverted', 'deprecated'],
    ['Obsolete', 'deprecated'],
    // superseded, with or without a successor, in any notation
    ['Superseded', 'superseded'],
    ['superseded by ADR-0057', 'superseded'],
    ['Superseded by [ADR-0057](0057-x.md)', 'superseded'],
    ['superseded by 036', 'superseded'],
    // superseded or replaced in part: the rest stays in force
    ['Partly superseded', 'accepted'],
    ['Partially superseded by ADR-0033', 'accepted'],
    ['Superseded in part by [ADR 33](0033-x.md)', 'accepted'],
    ['replaced in part', 'accepted'],
    ['superseded by [20201016-use-the-adr-slug](20201016-use-the-adr-slug.md)', 'superseded'],
    ['Superceded by 12', 'superseded'],
  ];
  it.each(table)('%j → %s', (raw, expected) => {
    expect(statusOf(raw)).toBe(expected);
  });
});

describe('mapStatusText: normalisation', () => {
  const table: Array<[string, string]> = [
    ['✅ Accepted', 'accepted'],
    ['❌ Rejected', 'rejected'],
    ['⌛️ Superseded by [036. Multi-cluster](036-multi-cluster.md)', 'superseded'],
    ['🤔 Proposed', 'proposed'],
    ['🤔 Incomplete', 'proposed'],
    ['✔️ done', 'accepted'],
    ['**Accepted**', 'accepted'],
    ['_Proposed_', 'proposed'],
    ['**⌛ Superseded** by 7', 'superseded'],
    ['Accepted on 2020-01-01', 'accepted'],
    ['2020-01-01 accepted', 'accepted'],
    ['Accepted (documenting an existing thing)', 'accepted'],
    ['❌ Rejected (see [019](019-Shared-Ingress-Controllers.md))', 'rejected'],
    ['accepted; supersedes ADR-0045', 'accepted'],
    ['Status: Accepted', 'accepted'],
    ['  accepted.  ', 'accepted'],
    ['[Accepted]', 'accepted'],
  ];
  it.each(table)('%j → %s', (raw, expected) => {
    expect(statusOf(raw)).toBe(expected);
  });

  it('normalises to plain lower-case text', () => {
    expect(normalizeStatusText('**⌛️ Superseded** by [ADR-7](7.md)')).toBe('superseded by adr-7');
  });
});

describe('mapStatusText: bad inputs are never silently accepted', () => {
  const table: Array<[string, string]> = [
    ['{proposed | rejected | accepted | deprecated | … | superseded by ADR-0123}', 'unmapped:unfilled template value'],
    ['[proposed | rejected | accepted | deprecated | … | superseded by [ADR-0005](0005-example.md)]', 'unmapped:unfilled template value'],
    ['proposed | accepted', 'unmapped:unfilled template value'],
    ['[status]', 'unmapped:unfilled template value'],
    ['{status}', 'unmapped:unfilled template value'],
    // One status word alone in braces is the value chosen, the template's braces kept (HHS's `{Active}`, round twenty).
    ['{accepted}', 'accepted'],
    ['{accepted or rejected}', 'unmapped:unfilled template value'],
    ['{accepted soon}', 'unmapped:unfilled template value'],
    ['<status>', 'unmapped:unfilled template value'],
    ['status', 'unmapped:unfilled template value'],
    ['on hold', 'unmapped:unrecognised status'],
    ['Not accepted', 'unmapped:unrecognised status'],
    ['unaccepted', 'unmapped:unrecognised status'],
    ['accepts', 'unmapped:unrecognised status'],
    ['opened', 'unmapped:unrecognised status'],
    ['supersedes ADR-0045', 'unmapped:unrecognised status'],
    ['We will probably do this', 'unmapped:unrecognised status'],
    ['', 'unmapped:empty status'],
    ['   ', 'unmapped:empty status'],
    ['✅', 'unmapped:empty status'],
    ['**', 'unmapped:empty status'],
  ];
  it.each(table)('%j → %s', (raw, expected) => {
    expect(statusOf(raw)).toBe(expected);
  });

  it('recognises placeholders but not bracketed statuses', () => {
    expect(isTemplatePlaceholder('{proposed | rejected}')).toBe(true);
    expect(isTemplatePlaceholder('[Accepted]')).toBe(false);
    expect(isTemplatePlaceholder('Accepted')).toBe(false);
  });
});
