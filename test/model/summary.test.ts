/**
 * The shared one-line summary (issue #9 "Clean text"): plain text, decisions lead with the
 * outcome, the why comes from the context (not from header notes), supersession names ids,
 * ADR numbers and titles.
 */
import fc from 'fast-check';
import { Lexer } from 'marked';
import { describe, expect, it, vi } from 'vitest';
import { adrLabelOf } from '../../src/model/adr-label.js';
import { joinParagraphs, lexedParagraphs, plainTextLine, summaryLine, whyOf } from '../../src/model/summary.js';
import { makeEntry } from '../context/make-entry.js';

describe('summaryLine', () => {
  it('leads with the Outcome sub-section of a Decision section and skips a table of contents (NHS England template, decision 0062)', () => {
    const nhs = makeEntry('decision', {
      rationale: '> | | |\n> |---|---|\n> | Status | `RFC` |\n\n---\n\n- [Context](#context)\n- [Decision](#decision)\n  - [Outcome](#outcome)\n\n## Context\n\n## Consequences\n\nSafer.',
      payload: { decision_outcome: '### Assumptions\n\nA tool is in use.\n\n### Options\n\n1. git-secrets\n2. gitleaks\n\n### Outcome\n\nThe decision is to use `gitleaks`.\n\n### Rationale\n\nAdopted widely.', alternatives: [] },
    });
    expect(summaryLine(nhs, { max: 500 })).toBe('The decision is to use gitleaks. — Safer.');
    // An empty Outcome sub-section leaves the outcome whole.
    const empty = makeEntry('decision', { rationale: '', payload: { decision_outcome: 'Use GitHub.\n\n### Outcome\n\n### Rationale\n\nWhy.', alternatives: [] } });
    expect(summaryLine(empty, { max: 500 })).toBe('Use GitHub. Why.');
  });

  it('leads a decision with its whole outcome as plain text, then the context', () => {
    const e = makeEntry('decision', {
      rationale: 'Date: 2021-11-10\n\n**Link to this ADR: https://example.com/x**\n\n## Context and Problem Statement\n\nWhich **build tool** should be used?\n\n## Decision Drivers\n\n* speed',
      payload: { decision_outcome: 'Chosen option: "[Gradle](https://gradle.org/)", because\n\n* it is lean\n* it fits\n\n### Consequences\n\n`fast`', alternatives: [] },
    });
    expect(summaryLine(e, { max: 500 })).toBe('Chosen option: "Gradle", because it is lean; it fits fast — Which build tool should be used?');
  });

  it('reads like a person would (decision 0057): struck-out words left out, paragraphs not run together, a French context, header notes in a list skipped', () => {
    const caencamp = makeEntry('decision', {
      // CaenCamp/jobs-caen-camp: notes as a list, then MADR's context in French.
      rationale: 'Date: 2020-04-22\n\n-   Décideurs: [Alexis Janvier](https://github.com/alexisjanvier)\n-   Pull Request: [#66](https://github.com/x/y/pull/66)\n\n## Contexte et énoncé du problème\n\nLe tri est un tableau stringifié.',
      payload: { decision_outcome: 'Option choisie : scinder le paramètre\n\nNous avons choisi ~~un tableau~~ deux paramètres.', alternatives: [] },
    });
    expect(summaryLine(caencamp, { max: 500 })).toBe('Option choisie : scinder le paramètre; Nous avons choisi deux paramètres. — Le tri est un tableau stringifié.');
    // ansforge/ans-architecture-adr: metadata bullets and no context heading.
    expect(whyOf('* statut : proposé\n* date : 2025-05-27\n* décisionnaires : CTO\n\nLes décisions sont informelles.')).toBe('Les décisions sont informelles.');
    // cosmos/interchain-security: a correction struck out in place.
    expect(plainTextLine('* ~~Slightly more complexity.~~Considerably more complex to manage.')).toBe('Considerably more complex to manage.');
  });

  it('skips header notes when there is no context heading', () => {
    expect(whyOf('Date: 2021-11-10\n\n**Link to this ADR: https://docs.google.com/d/1/edit#**\n\n(Security-related ADRs are stored privately.)')).toBe('(Security-related ADRs are stored privately.)');
  });

  it('shows supersession with ADR numbers, titles and ids', () => {
    const old = makeEntry('decision', { title: 'Multi-cluster', status: 'superseded', citations: [{ source_ref: '021-x.md', source_kind: 'file', locator: 'ADR-0021' }] });
    const successor = makeEntry('decision', { title: 'Multi-cluster', supersedes_entry_id: old.entry_id, citations: [{ source_ref: '036-x.md', source_kind: 'file', locator: 'ADR-0036' }], payload: { decision_outcome: 'Run several clusters.', alternatives: [] } });
    const entries = new Map([old, successor].map((e) => [e.entry_id, e]));
    expect(summaryLine(old, { entries })).toBe(`Superseded by ADR-0036 "Multi-cluster" (${successor.entry_id})`);
    expect(summaryLine(successor, { entries })).toBe(`Run several clusters. supersedes ADR-0021 "Multi-cluster" (${old.entry_id})`);
    expect(adrLabelOf(old)).toBe('ADR-0021');
    // A lead ending in a colon announces what the line leaves out (DFE-Digital's 0032, "Over time:" over a list).
    const colon = { ...successor, payload: { decision_outcome: 'Tests got slow. Over time:', alternatives: [] } };
    expect(summaryLine(colon, { entries })).toBe(`Tests got slow. Over time: …; supersedes ADR-0021 "Multi-cluster" (${old.entry_id})`);
  });

  it('a superseded link in a chain names only its possible successors, never the entry it supersedes (found by brain review, decision 0078)', () => {
    const a = makeEntry('decision', { title: 'Escape all text', status: 'superseded' });
    const c = makeEntry('decision', { title: 'Sanitize Markdown' });
    const b = makeEntry('decision', { title: 'Escape HTML', status: 'superseded', supersedes_entry_id: a.entry_id, related_entry_ids: [a.entry_id, c.entry_id] });
    expect(summaryLine(b)).toBe(`Supersedes ${a.entry_id}; superseded (successor among ${c.entry_id})`);
  });

  it('is one line without Markdown syntax and within its bound, for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.string({ maxLength: 400 }), fc.integer({ min: 10, max: 300 }), (rationale, outcome, max) => {
        const line = summaryLine(makeEntry('decision', { rationale, payload: { decision_outcome: outcome, alternatives: [] } }), { max });
        expect(line).not.toMatch(/[\n\r]/);
        expect(line.length).toBeLessThanOrEqual(max + 1);
      }),
    );
    expect(plainTextLine('## Heading\n\n- **a** [b](c)\n- <!-- x --> d\n\n```\ncode\n```')).toBe('a b; d');
    // A footnote reference is no word of the text (get.gov ADR 0008: "the mayor of Igorville [^1]").
    expect(whyOf('## Context\n\nWe met Design [^1] and read the [guide](https://x.io).\n\n[^1]: Inside joke.')).toBe('We met Design and read the guide.');
  });

  it('a plain line is summarized without the Markdown lexer (issue 21: an MCP list paid 1 ms per entry for it)', () => {
    const lex = vi.spyOn(Lexer.prototype, 'lex');
    try {
      const e = makeEntry('decision', {
        rationale: 'We chose SQLite for the cache because it keeps git as the only source of truth; see task-17 (p95 12 ms, 30% less, no ROW_NUMBER).',
        payload: { decision_outcome: 'Use SQLite: 3.45 or later.', alternatives: [] },
      });
      expect(summaryLine(e, { max: 500 })).toBe('Use SQLite: 3.45 or later. — We chose SQLite for the cache because it keeps git as the only source of truth; see task-17 (p95 12 ms, 30% less, no ROW_NUMBER).');
      expect(lex).not.toHaveBeenCalled();
      expect(whyOf('Date: 2021-11-10')).toBe('');
      expect(lex).not.toHaveBeenCalled();
      expect(plainTextLine('- a list item')).toBe('a list item');
      expect(lex).toHaveBeenCalledTimes(1);
    } finally {
      lex.mockRestore();
    }
  });

  it('plain text: the same line and why as the lexer gives, for any text of Markdown-prone characters', () => {
    // The plain characters alone (mostly the fast path), and with Markdown's own mixed in.
    const plain = [...'aZé1 0.,;:?!\'"()%/+=@$-_', 'http://x.io', 'a@b.io', '1. ', '2) ', 'Date: ', 'ü', '日本', '\u0301'];
    for (const alphabet of [plain, [...plain, ...'*_`~[]<>\\&#|\n\t', '- ', '    ']]) {
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((parts) => parts.join('')), (text) => {
          expect(plainTextLine(text)).toBe(joinParagraphs(lexedParagraphs(text)));
          // A trailing newline changes nothing for the lexer, but takes the text off the fast path.
          expect(whyOf(text)).toBe(whyOf(`${text}\n`));
        }),
        { numRuns: 2000 },
      );
    }
  });
});

describe('angle-bracket placeholders (decision 0105: adr-tools 0009)', () => {
  it('keeps a placeholder that is no HTML element as text, and drops markup and comments', () => {
    const why = whyOf('## Context\n\nThe script will be called _adr_help_<command>_<subcommand> and reads <your-key>.<br>Then <span class="x">it</span> stops<!-- a note -->.');
    expect(why).toBe('The script will be called adr_help<command>_<subcommand> and reads <your-key>.Then it stops.');
  });
});
