/**
 * The brief across repositories (issue #11: "the brief across repositories for one team or
 * path"): what is decided, open, blocked, at risk and why, for every visible repository and
 * project, as Markdown within a token budget. Each (repository, project) gets the re-entry
 * brief of src/context/ (DESIGN §7, docs/decisions/0007) — same sections, ranking, `paths`
 * boosting and "+N more" accounting — under a `## <repo> · <project>` heading, with an equal
 * share of the budget. When the budget cannot give every group a useful share
 * ({@link MIN_SHARE} tokens), the groups with the most open work (blockers, open questions,
 * active risks, proposed decisions, open dependencies) come first and the rest are named on one
 * line each, never dropped silently: its counts in the one vocabulary of the brief
 * (model/state-terms.ts: Decided · Proposed · Open · Blocked · At risk) and the request that
 * briefs it alone (`repo` and `project`), docs/decisions/0054. A group whose repository's branch
 * has problems with entries of its project gets the clone's `Problems:` header line
 * (service/problems-line.ts, docs/decisions/0078) naming where the hub lists them: a revision
 * that fails to validate never becomes an entry, so the counts leave it out (decision 0088).
 * Visible repositories that hold no entry (`unrecorded`: empty, new, or failing to project — the
 * repository list says which) are named on one line under the title, so a reader does not take
 * their absence for a missing permission (0088); a project whose every revision is a problem
 * (no entry, so no group) gets its `Problems` line under the title too.
 */
import { buildBrief, DEFAULT_BUDGET } from '../context/build-brief.js';
import { SECTION_KEYS } from '../context/sections.js';
import { estimateTokens } from '../context/budget.js';
import { inlineText } from '../context/inline-text.js';
import { BrainError } from '../model/errors.js';
import { kindStatusCounts } from '../context/entries-source.js';
import { plural } from '../model/plural.js';
import { answerLine } from '../model/state-terms.js';
import type { ProblemRow, RepoRow } from '../projection/backend.js';
import { hubProblemsLine } from './hub-problems-line.js';

/** The smallest budget share (tokens) a repository/project brief gets before groups are left out. */
export const MIN_SHARE = 400;

/** The cross-repository brief. */
export interface HubBrief {
  markdown: string;
  /** Estimated tokens (Math.ceil(chars / 4)); ≤ budget unless even the first lines exceed it. */
  tokens: number;
  /** Distinct entries listed across the included groups. */
  included: number;
  /** Per section key: items of the included groups that did not fit, summed (as a clone's brief; groups only named are in `groups`). */
  omitted: Record<string, number>;
  /** The groups briefed, and the groups only named (budget too small), as `repo/project`. */
  groups: { repo: string; project_id: string; included: boolean }[];
}

const OPEN_WORK = new Set(['blocker:blocked', 'open_question:open', 'risk:active', 'decision:proposed', 'dependency:open']);

/**
 * Builds the brief from the current rows of the visible scope (any status), the projected tip
 * per repository, the visible problems (absent: none), boosts (`paths`, `taskIds`) and budget.
 * Errors: `invalid_argument` (budget).
 */
export function buildHubBrief(args: { rows: RepoRow[]; tips: ReadonlyMap<string, string | null>; problems?: readonly ProblemRow[]; unrecorded?: readonly string[]; paths?: string[]; taskIds?: string[]; budget?: number }): HubBrief {
  const budget = args.budget ?? DEFAULT_BUDGET;
  if (!Number.isInteger(budget) || budget < 1) throw new BrainError('invalid_argument', `budget must be an integer ≥ 1 (tokens), got ${String(budget)}`, { hint: `omit it for the default of ${DEFAULT_BUDGET}` });
  const groups = new Map<string, { repo: string; project_id: string; entries: RepoRow['entry'][]; open: number }>();
  for (const row of args.rows) {
    const key = `${row.repo}\u0000${row.entry.project_id}`;
    const g = groups.get(key) ?? { repo: row.repo, project_id: row.entry.project_id, entries: [], open: 0 };
    g.entries.push(row.entry);
    if (OPEN_WORK.has(`${row.entry.entry_kind}:${row.entry.status}`)) g.open++;
    groups.set(key, g);
  }
  const ordered = [...groups.values()].sort((a, b) => b.open - a.open || (a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : 0) || (a.project_id < b.project_id ? -1 : 1));
  const repos = new Set(ordered.map((g) => g.repo)).size;
  const head = [`# Brain hub: brief across ${repos} ${repos === 1 ? 'repository' : 'repositories'}, ${ordered.length} ${ordered.length === 1 ? 'project' : 'projects'}`, ''];
  if (ordered.length === 0) head.push('Nothing recorded in the repositories this token can read.');
  else if (args.unrecorded?.length) {
    const names = args.unrecorded.slice(0, 20).map((r) => inlineText(r, 100)).join(', ');
    head.push(`No entries in ${plural(args.unrecorded.length, 'repository', 'repositories')}: ${names}${args.unrecorded.length > 20 ? ', …' : ''} (why: GET /api/repos)`, '');
  }
  // A project whose every revision is a problem has no entry, so no group: its problems still get a line (0088's left-out).
  const withoutEntries = new Map<string, { repo: string; project_id: string }>();
  for (const p of args.problems ?? []) {
    const project = /^projects\/([^/]+)\//.exec(p.path)?.[1];
    if (project !== undefined && !groups.has(`${p.repo}\u0000${project}`)) withoutEntries.set(`${p.repo}\u0000${project}`, { repo: p.repo, project_id: project });
  }
  for (const g of [...withoutEntries.values()].sort((a, b) => (a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : a.project_id < b.project_id ? -1 : 1))) {
    const line = hubProblemsLine(args.problems ?? [], g.repo, g.project_id);
    if (line !== null) head.push(`Problems in ${inlineText(g.repo, 100)} · ${inlineText(g.project_id, 100)}, which has no entry to brief: ${line}`, '');
  }
  const named = (g: { repo: string; project_id: string; entries: RepoRow['entry'][] }) =>
    `- ${inlineText(g.repo, 100)} · ${inlineText(g.project_id, 100)}: ${plural(g.entries.length, 'entry', 'entries')} — ${answerLine(kindStatusCounts(g.entries))} (GET /api/brief?repo=${encodeURIComponent(g.repo)}&project=${encodeURIComponent(g.project_id)})`;
  // How many groups fit with MIN_SHARE each, after the head and the lines naming the others.
  let fit = ordered.length;
  const tail = (n: number) => (n < ordered.length ? ['', `## Not briefed (each needs ${MIN_SHARE} tokens of the budget): ${ordered.length - n}`, ...ordered.slice(n).map(named)] : []);
  const fixed = (n: number) => estimateTokens(`${[...head, ...tail(n)].join('\n')}\n`) + n * 30; // per group: its `## <repo> · ` heading prefix (≤ 100 chars) and a blank line
  while (fit > 0 && (budget - fixed(fit)) / fit < MIN_SHARE) fit--;
  const share = fit > 0 ? Math.floor((budget - fixed(fit)) / fit) : 0;
  const parts: string[] = [...head];
  let included = 0;
  const omitted: Record<string, number> = Object.fromEntries(SECTION_KEYS.map((k) => [k, 0]));
  const boosts = { ...(args.paths?.length ? { paths: args.paths } : {}), ...(args.taskIds?.length ? { taskIds: args.taskIds } : {}) };
  ordered.forEach((g, i) => {
    if (i >= fit) return;
    const brief = buildBrief({ projectId: g.project_id, entries: g.entries, budget: share, ...boosts, tipOid: args.tips.get(g.repo) ?? null, problems: hubProblemsLine(args.problems ?? [], g.repo, g.project_id) });
    included += brief.included;
    for (const [key, n] of Object.entries(brief.omitted)) omitted[key] = (omitted[key] ?? 0) + n;
    parts.push(brief.markdown.replace(/^# Project brain: /, `## ${g.repo} · `).trimEnd(), '');
  });
  parts.push(...tail(fit));
  const markdown = `${parts.join('\n').trimEnd()}\n`;
  return { markdown, tokens: estimateTokens(markdown), included, omitted, groups: ordered.map((g, i) => ({ repo: g.repo, project_id: g.project_id, included: i < fit })) };
}
