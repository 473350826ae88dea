/**
 * Issue #18, eighth round: the shapes four corpora nobody here had seen showed a newcomer
 * (kumahq/kuma's MADRs, DependencyTrack/hyades, NHSDigital/nhs-notify, thanos-io/thanos's
 * proposals), each reproduced in a small fixture written here in the shape met there.
 */
import { describe, expect, it } from 'vitest';
import { lexMarkdown } from '../../../src/model/markdown-tokens.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { lostLines } from '../../../bench/adr-line-rule.js';

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
