/**
 * `brain review` as Markdown for a pull request description or comment (issue #4): a header
 * with the range, commit count and counts per group, then one section per non-empty group
 * (Decided, Newly proposed, Resolved, Newly open, Newly blocked, Risks, Plan, Other changes) with one block per
 * entry, then Problems. Deterministic: same review, same bytes (groups in fixed order, entries
 * by title then id, no clock times). Every piece of entry text goes through markdown-text.ts.
 */
import type { Citation } from '../model/entry.js';
import type { EntryKind } from '../model/kinds.js';
import { writtenBy } from '../model/entry-fields.js';
import { GROUP_TITLES } from './group.js';
import { codeSpan, fencedBlock, mdText } from './markdown-text.js';
import { REVIEW_GROUPS, REWRITE_CODES, type EntryChange, type Review, type ReviewProblem, type ValueChange } from './review.js';
import type { CandidateChange } from './candidate-changes.js';
import { plural } from '../model/plural.js';
import { titleText } from '../model/title-text.js';

/** Options of {@link renderReview}. */
export interface RenderReviewOptions {
  /** Rationale diff lines shown per entry before the rest is counted (default 80). */
  maxDiffLines?: number;
}

const KIND_LABEL: Readonly<Record<EntryKind, string>> = {
  decision: 'decision',
  open_question: 'open question',
  blocker: 'blocker',
  risk: 'risk',
  dependency: 'dependency',
  plan_revision: 'plan revision',
};

/** Fields whose values are identifiers, paths or tags: shown as code spans. */
const CODE_FIELDS = new Set(['tags', 'paths', 'related_task_ids', 'related_entry_ids', 'supersedes_entry_id', 'payload.supersedes_plan_entry_id', 'payload.depends_on']);

const short = (oid: string) => codeSpan(oid.slice(0, 12));
const label = (field: string) => (field.startsWith('payload.') ? field.slice(8) : field);

/** The review as Markdown, ending with a newline. */
export function renderReview(review: Review, options: RenderReviewOptions = {}): string {
  const maxDiffLines = options.maxDiffLines ?? 80;
  const all = REVIEW_GROUPS.flatMap((g) => review.groups[g]);
  const showProject = new Set(all.map((c) => c.project_id)).size > 1;
  const { range } = review;
  const base = range.merge_base === null ? 'no merge base (unrelated histories: everything at HEAD is new)' : `merge base ${short(range.merge_base)}`;
  const out = [`## Brain review ${codeSpan(range.spec, 300)}`, '', `${plural(review.commits, 'commit')} · ${base} → head ${short(range.head)} · ${all.length} ${all.length === 1 ? 'entry' : 'entries'} changed`];
  const counts = REVIEW_GROUPS.filter((g) => review.groups[g].length > 0).map((g) => `${GROUP_TITLES[g]} **${review.groups[g].length}**`);
  if (review.problems.length > 0) counts.push(`Problems **${review.problems.length}**`);
  if (review.candidates.length > 0) counts.push(`Candidates **${review.candidates.length}**`);
  if (counts.length === 0) return `${[...out, '', 'No brain changes in this range.'].join('\n')}\n`;
  out.push('', counts.join(' · '));
  if (review.rewrites.length > 0) out.push('', ...renderRewrites(review));
  for (const group of REVIEW_GROUPS) {
    const changes = review.groups[group];
    if (changes.length === 0) continue;
    out.push('', `### ${GROUP_TITLES[group]} (${changes.length})`);
    for (const change of changes) out.push('', ...renderChange(change, { showProject, maxDiffLines }));
  }
  if (review.candidates.length > 0) {
    out.push('', `### Candidates (${review.candidates.length})`, '', ...review.candidates.map(renderCandidateChange));
  }
  const others = review.problems.filter((p) => !REWRITE_CODES.has(p.code));
  if (others.length > 0) {
    out.push('', `### ${review.rewrites.length > 0 ? 'Other problems' : 'Problems'} (${others.length})`, '', ...others.map(renderProblem));
  }
  return `${out.join('\n')}\n`;
}

/** `- cand-… · decision · **Title** · proposed · duplicate; suggests reject: duplicate of `dec-…` · by claude-code for Ada` (text escaped: it is hostile). */
function renderCandidateChange(c: CandidateChange): string {
  const suggestion = c.target_entry_id === null ? c.suggestion : c.suggestion.replace(c.target_entry_id, codeSpan(c.target_entry_id));
  const status = c.proposed_in_range ? (c.status === 'pending' ? 'proposed' : `proposed, ${c.status}`) : c.status;
  return `- ${codeSpan(c.candidate_id)} · ${KIND_LABEL[c.entry_kind]} · **${mdText(titleText(c.title))}** · ${status} · ${c.relation}; suggests ${suggestion} · by ${mdText(c.proposed_by, 170)}`;
}

function renderChange(c: EntryChange, opts: { showProject: boolean; maxDiffLines: number }): string[] {
  const isNew = c.from_revision === null;
  const revisions = isNew ? (c.to_revision === 1 ? 'new r1' : `new r1 → r${c.to_revision}`) : `r${c.from_revision} → r${c.to_revision}`;
  const status = c.from_status !== null && c.from_status !== c.to_status ? `**${c.from_status} → ${c.to_status}**` : isNew ? `**${c.to_status}**` : c.to_status;
  const meta = [KIND_LABEL[c.entry_kind], codeSpan(c.entry_id), revisions, status, `by ${mdText(writtenBy(c), 170)}`];
  if (opts.showProject) meta.splice(2, 0, `project ${codeSpan(c.project_id)}`);
  if (c.forked) meta.push('⚠ forked');
  const lines = [`#### ${mdText(titleText(c.title))}`, '', meta.join(' · ')];
  if (c.summary !== '') lines.push('', mdText(c.summary, 300));
  const bullets: string[] = [];
  if (!isNew) {
    bullets.push(c.changed_fields.length ? `- **changed:** ${c.changed_fields.map(label).join(', ')}` : '- no field changes (a new revision with the same content)');
  }
  for (const v of c.value_changes) bullets.push(`- **${label(v.field)}:** ${renderValueChange(v, isNew)}`);
  if (c.new_citations.length) bullets.push(`- **${isNew ? 'citations' : 'new citations'}:** ${c.new_citations.map(renderCitation).join(', ')}`);
  if (c.removed_citations.length) bullets.push(`- **removed citations:** ${c.removed_citations.map(renderCitation).join(', ')}`);
  if (c.rationale_diff !== null) {
    const diff = c.rationale_diff.split('\n');
    const added = diff.filter((l) => l.startsWith('+')).length;
    const removed = diff.filter((l) => l.startsWith('-')).length;
    bullets.push(`- **rationale:** ${isNew ? plural(added, 'line') : `+${added} −${removed} ${removed + added === 1 ? 'line' : 'lines'}`}`);
  }
  if (bullets.length) lines.push('', ...bullets);
  if (c.rationale_diff !== null) {
    const diff = c.rationale_diff.split('\n');
    lines.push('', fencedBlock(diff.slice(0, opts.maxDiffLines), 'diff'));
    if (diff.length > opts.maxDiffLines) lines.push('', `_… ${plural(diff.length - opts.maxDiffLines, 'more diff line')} not shown._`);
  }
  return lines;
}

function renderValueChange(v: ValueChange, isNew: boolean): string {
  const code = CODE_FIELDS.has(v.field);
  if (Array.isArray(v.to) || Array.isArray(v.from)) {
    const before = (Array.isArray(v.from) ? v.from : []).map(String);
    const after = (Array.isArray(v.to) ? v.to : []).map(String);
    const item = (s: string) => codeSpan(s, 120);
    if (isNew) return after.map(item).join(', ');
    const added = after.filter((s) => !before.includes(s)).map((s) => `+ ${item(s)}`);
    const removed = before.filter((s) => !after.includes(s)).map((s) => `− ${item(s)}`);
    return [...added, ...removed].join(', ') || 'reordered';
  }
  const value = (x: unknown): string => {
    if (x === null || x === undefined) return '_(none)_';
    if (typeof x === 'string') return x.trim() === '' ? '_(empty)_' : code ? codeSpan(x) : mdText(x, 300);
    if (typeof x === 'number' || typeof x === 'boolean') return String(x);
    return codeSpan(JSON.stringify(x), 300);
  };
  return isNew ? value(v.to) : `${value(v.from)} → ${value(v.to)}`;
}

function renderCitation(c: Citation): string {
  return `${codeSpan(c.locator ? `${c.source_ref}#${c.locator}` : c.source_ref, 300)} (${c.source_kind})`;
}

/**
 * The block under the header when the range rewrites history (decision 0067): a GitHub
 * `[!CAUTION]` alert (a plain quote elsewhere) naming each file, what to do, and the command
 * that names the commits.
 */
function renderRewrites(review: Review): string[] {
  const n = review.rewrites.length;
  return [
    '> [!CAUTION]',
    `> **This range rewrites committed history: ${plural(n, 'problem')}.** Revision files are never edited or deleted and ledger lines never change (a change is a new revision, a deletion is a status), so do not merge it as it is: ${codeSpan(`brain verify --range ${review.range.spec}`, 300)} names the commits that did it, and reverting them restores the files.`,
    '>',
    ...review.rewrites.map((p) => `> ${renderProblem(p)}`),
  ];
}

function renderProblem(p: ReviewProblem): string {
  const where = p.path !== null ? codeSpan(p.path, 500) : p.entry_id !== null ? codeSpan(p.entry_id) : '';
  return `- **${p.code}** ${where}: ${mdText(p.message, 500)}`;
}
