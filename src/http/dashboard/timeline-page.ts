/**
 * The timeline page (issue #8 part 2: "decisions, plan revisions and status changes in order
 * of recorded_at, with who, when, commit and citations"): newest first, grouped by UTC day;
 * each event links to the revision in the entry's history. A kind filter and an "older" pager
 * (keyset on recorded_at + file path). The daemon's and the hub's (issue #22), with their links.
 */
import { ENTRY_KINDS } from '../../model/kinds.js';
import type { Timeline, TimelineEvent } from '../../service/timeline.js';
import { citationItem } from './entry-page.js';
import { h, type Html } from './html.js';
import { encodeKeyset } from '../../service/keyset-cursor.js';
import { entryUrl, KIND_NAMES, kindName, pager, recordedTag, statusBadge, timeTag, writtenByHtml, type LinkBase } from './parts.js';
import type { PictureLinks } from './picture-pages.js';
import { titleText } from '../../model/title-text.js';

function what(project: LinkBase, ev: TimelineEvent): Html {
  const e = ev.entry;
  const title = h`<a href="${entryUrl(project, e.entry_id, `r${e.revision}`)}">${titleText(e.title)}</a>`;
  const kind = h`<span class="kind-label">${kindName(e.entry_kind).one}</span>`;
  if (ev.event === 'status_changed') return h`${kind} ${title} <span class="muted">moved</span> ${statusBadge(ev.previous_status ?? '', e.entry_kind)} → ${statusBadge(e.status, e.entry_kind)}`;
  if (ev.event === 'revised') return h`${kind} ${title} <span class="muted">revised (r${e.revision})</span> ${statusBadge(e.status, e.entry_kind)}`;
  return h`${kind} ${title} <span class="muted">recorded</span> ${statusBadge(e.status, e.entry_kind)}`;
}

/**
 * The timeline page body: the picture of decisions and plans (`chart`, timeline-chart.ts; only
 * on the first page), then the list of changes. `links`: where entries and this page (other
 * query values) link, and the surface's extra form fields (the hub's project); `paged`: not
 * the first page.
 */
export function renderTimeline(args: { timeline: Timeline; kind?: string; paged: boolean; chart?: Html; links: PictureLinks }): { title: string; body: Html } {
  const { timeline, links } = args;
  const project = links.base;
  const days: { day: string; events: TimelineEvent[] }[] = [];
  for (const ev of timeline.events) {
    const day = ev.entry.recorded_at.slice(0, 10);
    const last = days[days.length - 1];
    if (last?.day === day) last.events.push(ev);
    else days.push({ day, events: [ev] });
  }
  const option = (value: string, label: string) => h`<option value="${value}"${(args.kind ?? '') === value ? h` selected` : ''}>${label}</option>`;
  const form = h`<form class="panel filters" method="get" action="${links.url({ project: undefined })}" aria-label="Filter the timeline">${links.fields ?? ''}
<div><label for="t-kind">Kind</label><select id="t-kind" name="kind">${option('', 'All kinds')}${ENTRY_KINDS.map((k) => option(k, KIND_NAMES[k].plural))}</select></div>
<div class="actions"><button type="submit">Show</button></div></form>`;
  const list = days.length === 0
    ? h`<p class="empty">Nothing recorded yet.</p>`
    : h`${days.map((d) => h`<h2 class="day">${timeTag(`${d.day}T00:00:00.000Z`, { dateOnly: true })}</h2>
<ol class="timeline">${d.events.map((ev) => h`<li class="event"><div class="time">${recordedTag(ev.entry, { timeOnly: true })}</div><div>
<p class="what">${what(project, ev)}</p>
<p class="small muted by">by ${writtenByHtml(ev.entry)}${ev.commit ? h` · commit <span class="mono" title="${ev.commit.oid}">${ev.commit.oid.slice(0, 10)}</span>` : ''} · <span class="id">${ev.entry.entry_id}</span></p>
${ev.entry.citations.length ? h`<ul class="plain small">${ev.entry.citations.map((c) => citationItem(project, c))}</ul>` : ''}</div></li>`)}</ol>`)}`;
  const next = timeline.next ? links.url({ kind: args.kind, cursor: encodeKeyset([timeline.next.recorded_at, timeline.next.path]) }) : null;
  return {
    title: 'Timeline',
    body: h`<h1>Timeline</h1>
<p class="lede">The story of the project's reasoning: decisions, plan revisions and status changes, newest first.</p>
${args.chart ?? ''}${form}${list}${pager({ first: args.paged ? links.url({ kind: args.kind }) : null, next, label: 'Timeline pages' })}`,
  };
}
