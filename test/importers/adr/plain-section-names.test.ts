/**
 * Issue #18, fifth round: section names written as plain paragraphs instead of headings
 * (StefanMoCoAt/Meldestelle's `0009-final-kmp-architecture.md`: `Kontext`, `Entscheidung`,
 * `Begründung`, `Konsequenzen` each alone on a line; the same in English with `**Context**`,
 * `**Decision:**`) are read as the sections they name — only when no real heading has that name
 * and outside deeper sub-sections (ministryofjustice/cloud-platform's `### Cluster-specific
 * domains` over `**Decision:**` stays text). Every line stays, and the export reads back equal.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adrEntryId } from '../../../src/importers/adr/assemble-drafts.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { summaryLine, whyOf } from '../../../src/model/summary.js';
import { exportAdr } from '../../../src/service/export-adr.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (sourcePath: string, source: string) => parseAdr({ sourcePath, source, dateOrder: 'month_first' });

/** The shape of Meldestelle's 0009 (German names as paragraphs under a `Status:` line). */
const MELD = '# ADR-0009: Final KMP Architecture\n\nStatus: Accepted\n\nKontext\n\nWir schließen die Architektur ab.\n\nEntscheidung\n\n1. Plattformen: KMP.\n2. DI: Koin.\n\nBegründung\n\n- KMP erlaubt Wiederverwendung.\n\nKonsequenzen\n\n- Module folgen der Aufteilung.\n';
const ENGLISH = '# Use Postgres\n\n**Status:** Accepted\n\n**Context**\n\nWe need a database.\n\n**Decision:**\n\nWe use Postgres.\n\n**Considered Options**\n\n* Postgres\n* MySQL\n\nConsequences:\n\nOne more service.\n';

describe('section names written as plain paragraphs', () => {
  it('reads the decision, the options and the why as under real headings; every line stays', () => {
    const de = parse('0009-final-kmp-architecture.md', MELD);
    expect(de.decision_outcome).toBe('1. Plattformen: KMP.\n2. DI: Koin.');
    expect(de.rationale).toBe('Kontext\n\nWir schließen die Architektur ab.\n\nEntscheidung\n\nBegründung\n\n- KMP erlaubt Wiederverwendung.\n\nKonsequenzen\n\n- Module folgen der Aufteilung.');
    expect(whyOf(de.rationale)).toBe('Wir schließen die Architektur ab.');
    const en = parse('0002-use-postgres.md', ENGLISH);
    expect(en).toMatchObject({ decision_outcome: 'We use Postgres.', alternatives: ['Postgres', 'MySQL'], status_text: 'Accepted' });
    expect(whyOf(en.rationale)).toBe('We need a database.');
  });

  it('leaves such a paragraph as text beside a real heading of its name, and inside a sub-section', () => {
    const real = parse('0003-x.md', '# X\n\n## Context\n\nWhy.\n\n## Decision\n\nWe do.\n\nDecision\n\nA word.\n');
    expect(real.decision_outcome).toBe('We do.\n\nDecision\n\nA word.');
    // ministryofjustice/cloud-platform 025: a label inside `### Cluster-specific domains`.
    const nested = parse('025-domains.md', '# 25 Domain names\n\n## Status\n\nAccepted\n\n## Owned domains\n\n### Cluster-specific domains\n\n**Decision:**  \n* live: *.prod\n\n### Reasoning\n\nShort.\n');
    expect(nested.decision_outcome).toBe('');
  });

  it('exports the outcome back under its paragraph: import → export → import writes nothing', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, '0009-final-kmp-architecture.md'), MELD);
    writeFileSync(join(dir, '0002-use-postgres.md'), ENGLISH);
    const brain = await openTestBrain(initRepo(), { projectId: 'p' });
    try {
      await brain.init();
      await importAdr(brain, { dir });
      const { entry } = await brain.get({ entryId: adrEntryId('p', '0009-final-kmp-architecture.md') });
      expect(summaryLine(entry)).toBe('Plattformen: KMP.; DI: Koin. — Wir schließen die Architektur ab.');
      for (const format of ['madr', 'nygard'] as const) {
        const out = join(tempDir(), format);
        mkdirSync(out);
        await exportAdr(brain, { dir: out, format });
        const again = await importAdr(brain, { dir: out });
        expect(again.entries.filter((e) => e.written > 0).map((e) => `${format} ${e.source_path}`)).toEqual([]);
      }
    } finally {
      await brain.close();
    }
  });
});

describe('a header-note block of `**Key:** value` lines (Meldestelle 001-backend-infrastructure-decisions.md)', () => {
  it('is not the why; its Context line\'s value is', () => {
    const adr = parse('001-backend-infrastructure-decisions.md', '# ADR 001: Backend Infrastructure\n\n**Status:** ACCEPTED\n**Date:** 2026-01-15\n**Author:** Lead Architect\n**Context:** "Operation Tracer Bullet" (Phase 1) - Hardening of the `ping-service`.\n\n---\n\n## 1. Persistence Strategy\n\nText.\n');
    expect(adr).toMatchObject({ status_text: 'ACCEPTED', date: '2026-01-15' });
    expect(whyOf(adr.rationale)).toBe('"Operation Tracer Bullet" (Phase 1) - Hardening of the ping-service.');
    expect(whyOf('Date: 2026-01-15\nAuthor: Lead\n\nThe real why.')).toBe('The real why.');
    // One `Key: value` line of prose is text, not a note block.
    expect(whyOf('Note: this matters a lot.\n\nMore.')).toBe('Note: this matters a lot.');
  });
});
