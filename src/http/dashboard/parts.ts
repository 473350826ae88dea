/**
 * Small pieces every dashboard page uses: URLs, kind names, status / severity badges, entry
 * links, times (UTC, absolute — a page is a function of the projected commit, never of the
 * clock, so its ETag is exact), tags, the per-kind detail of an entry, and pagers.
 */
import { decisionOrigin, originWords, recordedDayOnly } from '../../model/decision-origin.js';
import type { Entry } from '../../model/entry.js';
import { adrLabelOf } from '../../model/adr-label.js';
import type { EntryKind } from '../../model/kinds.js';
import { h, type Html } from './html.js';
import { titleText } from '../../model/title-text.js';

/** Display names per kind, in board order: `plural` heads a board section, `one` names one entry, `items` counts them in a sentence ("No plan revisions match"). */
export const KIND_NAMES: Readonly<Record<EntryKind, { plural: string; one: string; anchor: string; items: string }>> = {
  decision: { plural: 'Decisions', one: 'Decision', anchor: 'decisions', items: 'decisions' },
  open_question: { plural: 'Open questions', one: 'Open question', anchor: 'open-questions', items: 'open questions' },
  blocker: { plural: 'Blockers', one: 'Blocker', anchor: 'blockers', items: 'blockers' },
  risk: { plural: 'Risks', one: 'Risk', anchor: 'risks', items: 'risks' },
  dependency: { plural: 'Dependencies', one: 'Dependency', anchor: 'dependencies', items: 'dependencies' },
  plan_revision: { plural: 'Plan', one: 'Plan revision', anchor: 'plan', items: 'plan revisions' },
};

/** A kind's display names; unknown kinds (from a newer clone) show as they are. */
export const kindName = (kind: string) => KIND_NAMES[kind as EntryKind] ?? { plural: kind, one: kind, anchor: kind, items: kind };

/** `path` with `query` (values that are undefined or '' left out): every dashboard URL, the daemon's and the hub's. */
export function withQuery(path: string, query: UrlQuery = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `${path}${qs ? `?${qs}` : ''}`;
}

/** URL of a dashboard page of `project`: `sub` is '' (board), 'timeline', `entries/<id>`, …; see {@link withQuery}. */
export function pageUrl(project: string, sub = '', query: UrlQuery = {}): string {
  return withQuery(`/projects/${encodeURIComponent(project)}${sub ? `/${sub}` : ''}`, query);
}

/** Query values of a dashboard URL (undefined or '' values are left out). */
export type UrlQuery = Record<string, string | number | undefined>;

/**
 * Where the links of a rendered entry point: the board filtered by `query`, an entry page, the
 * search page. The daemon's per-project pages use a project id ({@link pageUrl} URLs); the
 * hub's dashboard passes the links of one repository (src/hub/dashboard/links.ts).
 */
export interface Links {
  board(query?: UrlQuery): string;
  entry(entryId: string): string;
  search: string;
}

/** A project id (the daemon's dashboard) or {@link Links} (the hub's). */
export type LinkBase = string | Links;

/** The board URL of `base` filtered by `query`. */
export const boardUrl = (base: LinkBase, query: UrlQuery = {}) => (typeof base === 'string' ? pageUrl(base, '', query) : base.board(query));

/** The search page URL of `base`. */
export const searchUrl = (base: LinkBase) => (typeof base === 'string' ? pageUrl(base, 'search') : base.search);

/** URL of an entry page. */
export const entryUrl = (base: LinkBase, entryId: string, anchor = '') =>
  `${typeof base === 'string' ? pageUrl(base, `entries/${encodeURIComponent(entryId)}`) : base.entry(entryId)}${anchor ? `#${anchor}` : ''}`;

const STATUS_TONE: Record<string, string> = {
  accepted: 'good', resolved: 'good', cleared: 'good', mitigated: 'good',
  proposed: 'info', open: 'info', active: 'info',
  blocked: 'bad',
  rejected: 'dim', deprecated: 'dim', superseded: 'dim', retired: 'dim',
};

/** A status badge; an active risk is amber (it needs attention), an active plan blue. */
export function statusBadge(status: string, kind?: string): Html {
  const tone = kind === 'risk' && status === 'active' ? 'warn' : (STATUS_TONE[status] ?? 'dim');
  return h`<span class="badge ${tone}">${status.replace(/_/g, ' ')}</span>`;
}

const LEVEL_TONE: Record<string, string> = { low: 'dim', medium: 'warn', high: 'bad', critical: 'bad' };

/** A severity / likelihood badge. */
export const levelBadge = (label: string, level: string) => h`<span class="badge ${LEVEL_TONE[level] ?? 'dim'}">${label}${level}</span>`;

/** `<time>` of an ISO instant, shown as `YYYY-MM-DD HH:MM` UTC (`dateOnly`: the date). */
export function timeTag(iso: string, options: { dateOnly?: boolean; timeOnly?: boolean } = {}): Html {
  const shown = options.dateOnly ? iso.slice(0, 10) : options.timeOnly ? `${iso.slice(11, 16)}` : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
  return h`<time datetime="${iso}" title="${iso}">${shown}</time>`;
}

/**
 * `<time>` of an entry's recorded_at as {@link timeTag} shows it (`timeOnly`: `HH:MM UTC`), but
 * only the day when the day is all the source told (an imported ADR's; model/decision-origin.ts
 * `recordedDayOnly`), and nothing in the `timeOnly` form then.
 */
export function recordedTag(e: Entry, options: { timeOnly?: boolean } = {}): Html {
  if (recordedDayOnly(e)) return options.timeOnly ? h`` : timeTag(e.recorded_at, { dateOnly: true });
  return options.timeOnly ? h`${timeTag(e.recorded_at, { timeOnly: true })} UTC` : timeTag(e.recorded_at);
}

/**
 * When and by whom a decision was decided (an imported ADR records it), for the lists' "Updated"
 * cell: `decided 2019-06-27 · ADR by Marko` (`decided day unknown` when the ADR and git told no day) under
 * the last change; '' for an entry that is not an imported decision. `shownAuthor`: the author
 * the row already shows — a "by" naming the same people is left out (decision 0054, round six).
 */
export function decidedNote(e: Entry, shownAuthor?: string): Html {
  const origin = decisionOrigin(e);
  if (origin === null) return h``;
  const { verb, byLabel } = originWords(e);
  return h`<div class="meta">${verb} ${origin.date === null ? 'day unknown' : h`<time datetime="${origin.date}">${origin.date}</time>`}${origin.by === null || origin.by === shownAuthor ? '' : h` · ${byLabel} ${origin.by}`}</div>`;
}

/** The board's "Updated" cell, beside its Author column: the last change's day and, under it, {@link decidedNote}; only the latter when the day is the decision's own (an import stamped it: the same day twice says nothing). */
export function updatedCell(e: Entry): Html {
  return recordedDayOnly(e) ? decidedNote(e, e.author) : h`${timeTag(e.recorded_at, { dateOnly: true })}${decidedNote(e, e.author)}`;
}

/** An imported ADR's label (`ADR-0071 · `) before an entry's id in a row, or nothing (model/adr-label.ts). */
export function adrLabelSpan(e: Pick<Entry, 'citations'>): Html | '' {
  const label = adrLabelOf(e);
  return label === null ? '' : h`<span class="adr">${label}</span> · `;
}

/** A link to an entry with its title (or its id when the title is unknown). */
export const entryLink = (project: LinkBase, entryId: string, title?: string) => h`<a href="${entryUrl(project, entryId)}">${title === undefined ? entryId : titleText(title)}</a>`;

/** Tag chips, each a link to the board filtered by that tag. */
export const tagList = (project: LinkBase, tags: readonly string[]) => h`${tags.map((t) => h`<a class="tag" href="${boardUrl(project, { tag: t })}">${t}</a>`)}`;

/** The kind-specific fact shown beside an entry in lists: severity, likelihood × impact, what it depends on, confidence. */
export function kindDetail(project: LinkBase, e: Entry, titles: Readonly<Record<string, string>> = {}): Html {
  const p = e.payload;
  switch (e.entry_kind) {
    case 'blocker':
      return levelBadge('', String(p.severity ?? ''));
    case 'risk':
      return h`${levelBadge('likelihood ', String(p.likelihood ?? ''))} ${levelBadge('impact ', String(p.impact ?? ''))}`;
    case 'dependency': {
      const target = String(p.depends_on ?? '');
      const shown = /^[a-z]+-[0-9a-z]{12,}$/.test(target) ? entryLink(project, target, titles[target]) : h`<span class="mono">${target}</span>`;
      return h`<span class="small muted">${String(p.dependency_kind ?? 'requires').replace(/_/g, ' ')}</span> ${shown}`;
    }
    case 'open_question':
      return typeof p.answer === 'string' && p.answer.trim() !== '' ? h`<span class="small muted">answered</span>` : h``;
    default:
      return e.confidence === null ? h`` : h`<span class="small muted">confidence ${Math.round(e.confidence * 100)}%</span>`;
  }
}

/** A "next page" / "first page" pager; renders nothing when there is neither. */
export function pager(args: { first?: string | null; next?: string | null; label?: string }): Html {
  if (!args.first && !args.next) return h``;
  return h`<nav class="pager" aria-label="${args.label ?? 'Pages'}">${args.first ? h`<a class="button quiet" href="${args.first}">← First page</a>` : ''}${args.next ? h`<a class="button quiet" href="${args.next}" rel="next">Next page →</a>` : ''}</nav>`;
}

/** Who wrote a revision: the author, or the agent that wrote it for them (`agent … for …`; docs/decisions/0032). Escaped by `h`. */
export function writtenByHtml(e: Pick<Entry, 'author' | 'agent'>): Html {
  return e.agent === undefined ? h`<strong>${e.author}</strong>` : h`agent <strong class="agent">${e.agent}</strong> for <strong>${e.author}</strong>`;
}
