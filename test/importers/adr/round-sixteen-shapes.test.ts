/**
 * Issue #18, round sixteen: eight public ADR folders no earlier round had read — getsentry/rfcs,
 * uktrade/trade-remedies-api, mozilla/normandy, Altinn/altinn-authentication,
 * SandrineCipolla/stockhub_back, wer-inc/gogooku3, an Alliander decision folder
 * (ctekinay/aion-ainstein) and zarvent/v2m-lab — all kept every line and round-tripped with no
 * write; what they showed wrong, each as its family in a small fixture written here in the shape met.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { badgeMessage } from '../../../src/model/badge-text.js';
import { statusWordsOf } from '../../../src/model/summary.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { parseMarkupAdr } from '../../../src/importers/adr/parse-markup-adr.js';
import { mapStatusText } from '../../../src/importers/adr/status-map.js';
import { withMetadataStatus } from '../../../src/exporters/adr/status-placement.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { cleanupTempDirs } from '../../helpers/git.js';
import type { Entry } from '../../../src/model/entry.js';

afterAll(cleanupTempDirs);

const parse = (source: string, sourcePath = '0001-x.md') => parseAdr({ sourcePath, source });
const statusOf = (source: string, sourcePath?: string) => {
  const m = parse(source, sourcePath).status_mapping;
  return m?.mapped ? m.status : null;
};

const nygardStatus = (status: string) => `# 1. A\n\nDate: 2021-03-04\n\n## Status\n\n${status}\n\n## Decision\n\nD.\n`;

/** getsentry/rfcs' shape: a list of header notes, then the template's `# Summary`, no title heading. */
const SENTRY = [
  '- Start Date: 2023-02-01',
  '- RFC Type: feature',
  '- RFC PR: https://github.com/getsentry/sentry-kafka-schemas/pull/2',
  '- RFC Status: approved',
  '',
  '# Summary',
  '',
  'This RFC proposes a centralized schema repository.',
  '',
  '# Motivation',
  '',
  'Kafka is increasingly used as the message bus.',
  '',
].join('\n');

describe('an RFC whose header list names its status `RFC Status:` and that opens with `# Summary`', () => {
  it('reads `- RFC Status: approved` as the status (and `ADR Status:`, `Proposal Status:`), never another status', () => {
    expect(statusOf(SENTRY, '0072-kafka-schema-registry.md')).toBe('accepted');
    expect(parse(SENTRY, '0072-kafka-schema-registry.md').status_text).toBe('approved');
    expect(statusOf(SENTRY.replace('RFC Status: approved', 'RFC Status: draft'), '0072-k.md')).toBe('proposed');
    // The stage after `approved` (getsentry/rfcs 0116), and its other wordings: accepted, the words kept.
    for (const words of ['implementation', 'In implementation', 'under implementation']) {
      const source = SENTRY.replace('RFC Status: approved', `RFC Status: ${words}`);
      expect([statusOf(source, '0116-x.md'), parse(source, '0116-x.md').status_text], words).toEqual(['accepted', words]);
    }
    expect(statusOf('# A\n\n- ADR Status: Rejected\n- Date: 2021-03-04\n\n## Decision\n\nD.\n')).toBe('rejected');
    expect(statusOf('# A\n\n**Proposal Status:** Accepted\n\n## Decision\n\nD.\n')).toBe('accepted');
    expect(statusOf('# A\n\n| Key | Value |\n|---|---|\n| RFC Status | Approved |\n| Date | 2022-01-02 |\n\n## Decision\n\nD.\n')).toBe('accepted');
    // Another status is no record's status.
    expect(parse('# A\n\n- Implementation Status: done\n\n## Decision\n\nD.\n').status_text).toBeNull();
  });

  it('titles the RFC by its file name, not "Summary"; a `Feature Name:` note still names a Rust RFC', () => {
    expect(parse(SENTRY, '0072-kafka-schema-registry.md').title).toBe('Kafka schema registry');
    expect(parse(SENTRY.replace('# Summary', '# Stakeholders'), '0149-merge-bundler-plugins.md').title).toBe('Merge bundler plugins');
    expect(parse(SENTRY.replace('# Summary', '# Summary / Motivation'), '0095-escalating-forecasts.md').title).toBe('Escalating forecasts');
    expect(parse(SENTRY.replace('# Summary', '# Introduction'), '0084-move-docs.md').title).toBe('Move docs');
    const rust = '- Feature Name: `or_patterns`\n- Start Date: 2018-08-29\n\n# Summary\n[summary]: #summary\n\nAllow `|` anywhere.\n\n# Motivation\n[motivation]: #motivation\n\nWhy.\n';
    expect(parse(rust, '2535-or-patterns.md').title).toBe('or_patterns');
    // A title heading over a `# Summary` keeps its title; the Summary is one of its sections.
    const titled = parse('# Escalating Issues\n\n- RFC Status: approved\n\n# Summary\n\nS.\n', '0078-escalating-issues.md');
    expect(titled.title).toBe('Escalating Issues');
    expect(titled.rationale).toContain('# Summary');
  });

  it("reads `- RFC Driver:` as the RFC's author", () => {
    const driven = SENTRY.replace('- RFC Status: approved', '- RFC Status: approved\n- RFC Driver: [Charly Gomez](https://github.com/chargome)\n- RFC Approver: JavaScript SDK Team');
    expect(parse(driven, '0149-merge-bundler-plugins.md').deciders).toBe('Charly Gomez');
  });

  it('writes a status changed in brain into the `RFC Status` line or row it was read from', () => {
    expect(withMetadataStatus(SENTRY, 'rejected')).toContain('- RFC Status: rejected\n');
    expect(withMetadataStatus('| Key | Value |\n|---|---|\n| RFC Status | Approved |\n', 'Rejected')).toContain('| RFC Status | Rejected |');
  });

  it('round-trips in both formats with no write, the status line written back as it was', async () => {
    await adrRoundTrip({ '0072-kafka-schema-registry.md': SENTRY, '0001-workflow.md': SENTRY.replace('RFC Status: approved', 'RFC Status: -') }, (out) => {
      expect(out).toBeTruthy();
    });
  });
});

describe('a status written as a badge (uktrade/trade-remedies-api)', () => {
  const badge = '[![Generic badge](https://badgen.net/badge/ADR/approved/green/)](https://github.com/uktrade/trade-remedies-api/adr/README.md)';
  const uktrade = `# ADR-005: Use Amazon SES\n\n## Status\n\n${badge}\n\n## Context\n\nEmails.\n\n## Decision\n\nWe will use Amazon SES.\n`;

  it('reads the badge message as the status words: badgen.net and shields.io', () => {
    expect(statusOf(uktrade, 'adr-005-use-amazon-ses.md')).toBe('accepted');
    expect(badgeMessage('https://badgen.net/badge/ADR/proposed/orange/')).toBe('proposed');
    expect(badgeMessage('https://img.shields.io/badge/status-accepted-brightgreen')).toBe('accepted');
    expect(badgeMessage('https://img.shields.io/badge/superseded_by-ADR--7-red.svg')).toBe('ADR-7');
    expect(badgeMessage('https://img.shields.io/badge/deprecated-lightgrey')).toBe('deprecated');
    expect(badgeMessage('https://img.shields.io/static/v1?label=status&message=rejected&color=red')).toBe('rejected');
    expect(badgeMessage('https://example.com/badge/accepted.png')).toBeNull();
    expect(mapStatusText('![Status](https://img.shields.io/badge/Status-Deprecated-black)')).toMatchObject({ mapped: true, status: 'deprecated' });
    // Any other image in the status words is no badge: not read as one.
    expect(mapStatusText('![Generic badge](https://example.com/approved.png)').mapped).toBe(false);
  });

  it('keeps the words as written and shows the badge message as the status text', async () => {
    const adr = parse(uktrade, 'adr-005-use-amazon-ses.md');
    expect(adr.status_text).toBe(badge);
    // Its link goes to the folder's README, the list of ADRs: no ADR it relates to.
    expect(adr.supersede_refs).toEqual([]);
    const linked = parse(nygardStatus('Superseded by [ADR 2](../0002-x/README.md)'), '0001-x/README.md').supersede_refs;
    expect(linked.map((r) => [r.direction, r.href])).toEqual([['superseded_by', '../0002-x/README.md']]);
    expect(statusWordsOf({ payload: { status_text: badge } } as unknown as Entry)).toBe('approved');
    await adrRoundTrip({ 'adr-005-use-amazon-ses.md': uktrade });
  });
});

describe('reStructuredText header notes written as list items (mozilla/normandy)', () => {
  const normandy = [
    'ADR 0002 - Syncing data to Firefox with Remote Settings',
    '=======================================================',
    '',
    '* Status: retrospective',
    '* Last Updated: 2021-05-07',
    '* Deciders: Mike Cooper',
    '',
    'Context and Problem Statement',
    '-----------------------------',
    '',
    'Normandy supports two methods.',
    '',
  ].join('\n');

  it('reads `* Status:` and `* Last Updated:` like `:Status:` fields; `retrospective` is accepted', () => {
    const adr = parseMarkupAdr({ sourcePath: 'adr-0002-remote-settings.rst', source: normandy, family: 'rst' });
    expect([adr.status_text, adr.status_mapping?.mapped ? adr.status_mapping.status : null, adr.date]).toEqual(['retrospective', 'accepted', '2021-05-07']);
    expect(mapStatusText('retroactive')).toMatchObject({ mapped: true, status: 'accepted' });
  });

  it('round-trips in both formats with no write', async () => {
    await adrRoundTrip({ 'adr-0002-remote-settings.rst': normandy });
  });
});

describe('Japanese and Chinese date labels (wer-inc/gogooku3)', () => {
  it('reads `日付: 2025-08-28`, `日期：2024-01-02`, `作成日: …` as the day', () => {
    const ja = '# ADR-0001: モダンPythonパッケージ移行\n\n日付: 2025-08-28\nステータス: Accepted\n\n## 背景 / Context\n\n- 旧構成\n';
    expect([parse(ja).date, statusOf(ja)]).toEqual(['2025-08-28', 'accepted']);
    expect(parse('# ADR-2: 采用 X\n\n日期：2024-01-02\n状态：已接受\n\n## 背景\n\n原因。\n', '0002-x.md').date).toBe('2024-01-02');
    expect(parse('# ADR-3: X\n\n- 作成日: 2023-05-06\n\n## 決定\n\nD.\n', '0003-x.md').date).toBe('2023-05-06');
    expect(parse('# ADR-4: X\n\n決定日付：2022-07-08\n\n## 決定\n\nD.\n', '0004-x.md').date).toBe('2022-07-08');
  });
});
