/**
 * `brain review --code` as Markdown for a pull request comment (issue #8 part 3): a header (range,
 * files, commits, merge base), one section per non-empty group — "Decisions that govern these
 * files", "Open questions", "Risks", "Blockers", "Dependencies" — one bullet per entry with its
 * why in one line, its id and the paths that matched, then the brain revisions recorded since
 * the merge base. Nothing matching is one line saying so. Deterministic: same review, same
 * bytes. Entry text goes through markdown-text.ts (untrusted: no links, HTML or mentions).
 */
import { CODE_GROUP_TITLES, CODE_REVIEW_GROUPS, type CodeReview, type ConcerningEntry, type RangeRevision } from './code-review.js';
import { codeSpan, mdText } from './markdown-text.js';
import { writtenBy } from '../model/entry-fields.js';
import { plural } from '../model/plural.js';

const KIND: Readonly<Record<string, string>> = { decision: 'decision', open_question: 'open question', blocker: 'blocker', risk: 'risk', dependency: 'dependency', plan_revision: 'plan revision' };

/** Code spans of `items`, the first `max`, then `+N more`. */
function spans(items: readonly string[], max: number): string {
  const shown = items.slice(0, max).map((s) => codeSpan(s, 120));
  return items.length > max ? `${shown.join(', ')} +${items.length - max} more` : shown.join(', ');
}

function renderEntry(e: ConcerningEntry): string {
  const status = e.status === 'proposed' ? ' (proposed)' : '';
  const why = e.why === '' ? '' : ` — ${mdText(e.why, 200)}`;
  return `- **${mdText(e.title)}**${status} ${codeSpan(e.entry_id)}${why}  \n  paths ${spans(e.matched_paths, 3)} → ${plural(e.files.length, 'file')}: ${spans(e.files, 3)}`;
}

function renderRevision(r: RangeRevision): string {
  const why = [r.matched_paths.length ? `paths ${spans(r.matched_paths, 3)}` : '', r.matched_task_ids.length ? `${r.matched_task_ids.length === 1 ? 'task' : 'tasks'} ${spans(r.matched_task_ids, 5)}` : ''].filter((s) => s !== '');
  return `- ${codeSpan(r.recorded_at, 40)} ${codeSpan(r.entry_id)} r${r.revision} · ${KIND[r.entry_kind] ?? r.entry_kind} · ${r.status} · **${mdText(r.title)}** · by ${mdText(writtenBy(r), 170)} · ${why.join('; ')}`;
}

/** The code review as Markdown, ending with a newline. */
export function renderCodeReview(review: CodeReview): string {
  const { range } = review;
  const entries = CODE_REVIEW_GROUPS.reduce((n, g) => n + review.groups[g].length, 0);
  if (entries === 0 && review.revisions.length === 0) {
    return `No brain entries concern the ${plural(review.files.length, 'file')} changed in ${codeSpan(range.spec, 300)}.\n`;
  }
  const out = [
    `## Brain: decisions for ${codeSpan(range.spec, 300)}`,
    '',
    `${plural(review.files.length, 'file')} changed in ${plural(review.commits, 'commit')} · merge base ${codeSpan(range.merge_base.slice(0, 12))} (${range.merge_base_date}) · project ${codeSpan(review.project_id)}`,
  ];
  for (const group of CODE_REVIEW_GROUPS) {
    const items = review.groups[group];
    if (items.length === 0) continue;
    out.push('', `### ${CODE_GROUP_TITLES[group]} (${items.length})`, '', ...items.map(renderEntry));
  }
  if (review.revisions.length > 0) {
    out.push('', `### Brain revisions since the merge base (${review.revisions.length})`, '');
    if (review.task_ids.length) out.push(`Tasks named by this branch or its commits: ${spans(review.task_ids, 10)}`, '');
    out.push(...review.revisions.map(renderRevision));
  }
  return `${out.join('\n')}\n`;
}
