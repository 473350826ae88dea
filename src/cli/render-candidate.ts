/**
 * Candidates for people (issue #20): `brain candidates` as a table (relation, suggestion, the
 * entry it concerns), and one candidate in full — the proposal, the reviewer's verdict and
 * evidence, the decision. Terminal safety is the caller's (context.ts neutralizes human output).
 */
import type { Candidate, Evidence } from '../model/candidate.js';
import { describeApprover } from '../model/candidate-id.js';
import { suggestionLine } from '../model/candidate-suggestion.js';
import { table } from './table.js';
import { titleText } from '../model/title-text.js';

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The table's short form: `reject: duplicate of dec-4f9k…`, `accept as a new entry: no current entry says this` (src/model/candidate-suggestion.ts). */
export const suggestionText = (c: Candidate): string => suggestionLine(c.review, (id) => id);

/** `brain candidates` as a table. */
export function renderCandidateList(candidates: Candidate[], all: boolean): string {
  if (candidates.length === 0) return all ? 'no candidates' : 'no pending candidates (brain candidates --all lists decided ones too)';
  return table(
    ['ID', 'STATUS', 'KIND', 'RELATION', 'SUGGESTS', 'BY', 'TITLE'],
    candidates.map((c) => [c.candidate_id, c.status, c.proposal.entry_kind, c.review.relation, suggestionText(c), oneLine(describeApprover(c.proposed_by), 32), oneLine(titleText(c.proposal.title), 60)]),
  );
}

function evidenceTable(evidence: Evidence[]): string {
  return table(
    ['ENTRY', 'REV', 'SCORE', 'TITLE~', 'TEXT~', 'COVER', 'NEW', 'SIGNALS', 'TITLE'],
    evidence.map((e) => [e.entry_id, `r${e.revision}`, e.score.toFixed(3), e.title_similarity.toFixed(3), e.text_similarity.toFixed(3), e.coverage.toFixed(3), e.novelty.toFixed(3), oneLine([...e.signals, ...e.shared_scope].join(' '), 60), oneLine(titleText(e.title), 50)]),
  );
}

/** One candidate in full. */
export function renderCandidate(c: Candidate): string {
  const p = c.proposal;
  const lines = [
    `${c.candidate_id}  ${c.status}  r${c.revision}  proposes ${p.entry_kind}`,
    `title:       ${titleText(p.title)}`,
    `proposed by: ${describeApprover(c.proposed_by)}${c.capture ? ` (captured by the ${c.capture.extractor} extractor)` : ''}`,
    `recorded:    ${c.recorded_at} by ${describeApprover(c)}`,
    `relation:    ${c.review.relation} — ${c.review.summary}`,
    `suggests:    ${suggestionLine(c.review)}`,
  ];
  if (c.review.conflict_signals.length > 0) lines.push(`conflicts:   ${c.review.conflict_signals.join(', ')}`);
  for (const key of ['status', 'tags', 'paths', 'related_task_ids', 'related_entry_ids', 'supersedes_entry_id', 'confidence'] as const) {
    const value = p[key];
    if (value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0)) lines.push(`${`${key}:`.padEnd(12)} ${Array.isArray(value) ? value.join(', ') : String(value)}`);
  }
  if (p.payload && Object.keys(p.payload).length > 0) lines.push(`payload:     ${JSON.stringify(p.payload)}`);
  const d = c.decision;
  if (d) lines.push(`decision:    ${d.action}${d.entry_id ? ` ${d.entry_id}` : ''} by ${describeApprover(d.decided_by)}${d.written.length ? ` (wrote ${d.written.map((w) => `${w.entry_id} r${w.revision}`).join(', ')})` : ''}${d.reason ? ` — ${oneLine(d.reason, 200)}` : ''}`);
  if (c.review.evidence.length > 0) lines.push('', evidenceTable(c.review.evidence));
  if (p.rationale?.trim()) lines.push('', p.rationale.trimEnd());
  return lines.join('\n');
}
