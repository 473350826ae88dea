/** The built-in capture extractor (src/capture/marker-extractor.ts): explicit markers only, hostile text made inert. */
import { describe, expect, it } from 'vitest';
import { extractMarked } from '../../src/capture/marker-extractor.js';

describe('the built-in extractor', () => {
  it('finds each marker, at a line start or in a sentence, with its sentence as the title and the line as the rationale', () => {
    const text = [
      '## Session notes',
      '- Decision: use SQLite for the cache. It is embedded.',
      'We talked a lot. We decided to drop the Windows build! Then lunch.',
      '> Open question: who rotates the tokens?',
      '* blocked by the missing staging cluster',
      '1. RISK: tokens leak into logs',
    ].join('\n');
    expect(extractMarked(text)).toEqual([
      { kind: 'decision', fields: { title: 'Use SQLite for the cache', rationale: 'Decision: use SQLite for the cache. It is embedded.' } },
      { kind: 'decision', fields: { title: 'Drop the Windows build', rationale: 'We talked a lot. We decided to drop the Windows build! Then lunch.' } },
      { kind: 'open_question', fields: { title: 'Who rotates the tokens?', rationale: 'Open question: who rotates the tokens?' } },
      { kind: 'blocker', fields: { title: 'Blocked by the missing staging cluster' } },
      { kind: 'risk', fields: { title: 'Tokens leak into logs', rationale: 'RISK: tokens leak into logs' } },
    ]);
  });

  it('finds nothing without a marker, and the same memory once', () => {
    expect(extractMarked('Our decisions: many. A riskless change; the indecision: none.\nundecided, unblocked by nothing')).toEqual([]);
    expect(extractMarked('Decision: Use Gradle\ndecision: use gradle')).toHaveLength(1);
  });

  it('leaves no control character or escape sequence in a title or rationale, and bounds the title', () => {
    const [m] = extractMarked(`Risk: tokens \u001b[31mleak\u001b[0m \u001b]8;;http://x\u0007here\u001b]8;;\u0007 \u0000\u202e now ${'x'.repeat(300)}`);
    expect(m?.fields.title).toMatch(/^Tokens leak here now x+…$/);
    expect(m?.fields.title.length).toBe(200);
    for (const value of [m?.fields.title, m?.fields.rationale]) expect(value).not.toMatch(/[\p{Cc}\u202e]/u);
  });
});
