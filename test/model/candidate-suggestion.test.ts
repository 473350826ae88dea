/**
 * The reviewer's suggestion in words about the candidate (issue #20; docs/decisions/0045): for
 * each relation, what to do with the candidate and why, naming the entry it concerns by title
 * and id — never the bare `reject dec-…` that read as if the entry were rejected; and the CLI's
 * full view of a candidate says it so.
 */
import { describe, expect, it } from 'vitest';
import type { Candidate, Relation, Review } from '../../src/model/candidate.js';
import { suggestionLine } from '../../src/model/candidate-suggestion.js';
import { renderCandidate, suggestionText } from '../../src/cli/render-candidate.js';

const DEC = 'dec-4f9k2m1x7q3z';
const ACTION = { novel: 'accept', duplicate: 'reject', additive_update: 'merge', full_replacement: 'supersede', possible_split: 'reject', ambiguous_overlap: 'accept' } as const;

function review(relation: Relation, target: string | null = DEC): Review {
  const evidence = target === null ? [] : [{ entry_id: target, revision: 2, entry_kind: 'decision' as const, status: 'accepted' as const, title: 'Use SQLite for the cache', score: 0.9, title_similarity: 0.8, text_similarity: 0.9, coverage: 0.8, novelty: 0.1, search_relevance: 1, shared_scope: [], signals: ['same_kind'] }];
  return { reviewer: 'brain-reviewer/1', relation, suggested_action: ACTION[relation], target_entry_id: target, conflict_signals: [], summary: `${relation}`, compared: [], evidence };
}

describe('suggestionLine', () => {
  it('says what to do with the candidate and why, naming the entry by title and id', () => {
    expect(suggestionLine(review('duplicate'))).toBe(`reject: duplicate of "Use SQLite for the cache" (${DEC})`);
    expect(suggestionLine(review('additive_update'))).toBe(`merge into "Use SQLite for the cache" (${DEC}) as its next revision: an update of it`);
    expect(suggestionLine(review('full_replacement'))).toBe(`supersede "Use SQLite for the cache" (${DEC}): it replaces it`);
    expect(suggestionLine(review('possible_split'))).toBe(`reject: it spans "Use SQLite for the cache" (${DEC})`);
    expect(suggestionLine(review('ambiguous_overlap'))).toBe(`accept as a new entry: it overlaps "Use SQLite for the cache" (${DEC})`);
    expect(suggestionLine(review('novel', null))).toBe('accept as a new entry: no current entry says this');
    // The id alone where titles may not go (MCP's trusted lines, the CLI table).
    expect(suggestionLine(review('duplicate'), (id) => id)).toBe(`reject: duplicate of ${DEC}`);
  });

  it('is what the CLI shows for a candidate', () => {
    const c = { candidate_id: 'cand-4f9k2m1x7q3z', revision: 1, project_id: 'demo', status: 'pending', author: 'ada', recorded_at: '2026-01-01T00:00:00.000Z', proposed_by: { author: 'ada' }, proposal: { entry_kind: 'decision', title: 'Use SQLite for the local cache' }, review: review('duplicate') } as Candidate;
    expect(renderCandidate(c)).toContain(`suggests:    reject: duplicate of "Use SQLite for the cache" (${DEC})\n`);
    expect(suggestionText(c)).toBe(`reject: duplicate of ${DEC}`);
  });
});
