/**
 * The timeline picture (issue #22; docs/decisions/0044): one window of decisions and plan
 * revisions (service/timeline-chart.ts) on a time axis, as inline SVG — a band per kind, each
 * entry a dot and its cut title (full title, date and status in a `<title>` tooltip), linked
 * to its entry; dashed arrows from a superseded entry to its successor; a linear axis with
 * year, month or day ticks. Rows are filled greedily so labels never overlap. Beside it, the
 * same entries as a table (the text alternative), and the pager to older windows.
 */
import type { DatedEntry, EntryFacts } from '../../service/picture-reader.js';
import type { TimelineChart } from '../../service/timeline-chart.js';
import { h, type Html } from './html.js';
import { entryLink, entryUrl, KIND_NAMES, kindName, statusBadge, type LinkBase } from './parts.js';
import { displayText, fitText, textWidth } from './svg-text.js';
import { titleText } from '../../model/title-text.js';

const W = 1160;
const LEFT = 12;
// Titles are 12 px, measured as 13 px (svg-text.ts estimates; wide fallback fonts) so that labels in a row never touch.
const LABEL = { max: 190, font: 13 };
const AXIS = 26;
const ROW = 20;
const BAND_HEAD = 24;
const DAY = 86_400_000;

/**
 * Axis ticks for `t0`…`t1` (ms): at most about `max` + 1, on day, month or year boundaries, with
 * their labels. The first tick is at or before `t0` (the boundary the axis starts in), so what
 * lies before the first inner boundary is labelled too: decisions of 2017 sit right of "2017",
 * not left of "2018" with no year; the caller starts its axis there.
 */
export function timeTicks(t0: number, t1: number, max = 9): { t: number; label: string }[] {
  const span = t1 - t0;
  for (const days of [1, 2, 7, 14]) {
    if (span / (days * DAY) > max) continue;
    const out = [];
    for (let t = Math.floor(t0 / DAY) * DAY; t <= t1; t += days * DAY) out.push({ t, label: new Date(t).toISOString().slice(0, 10) });
    return out;
  }
  for (const months of [1, 2, 3, 6, 12, 24, 60, 120, 240, 600]) {
    if (span / (months * 30.44 * DAY) > max) continue;
    // Months since year 0, rounded down to a multiple of the step (12: every January; 24: even years).
    const start = new Date(t0);
    let index = start.getUTCFullYear() * 12 + start.getUTCMonth();
    index = Math.floor(index / months) * months;
    const out = [];
    for (let t = Date.UTC(Math.floor(index / 12), index % 12); t <= t1; index += months, t = Date.UTC(Math.floor(index / 12), index % 12)) out.push({ t, label: new Date(t).toISOString().slice(0, months >= 12 ? 4 : 7) });
    return out;
  }
  return [];
}

const day = (iso: string) => iso.slice(0, 10);
const tipOf = (e: DatedEntry) => `${displayText(titleText(e.title))} — ${kindName(e.entry_kind).one}, ${e.status}, ${e.own_date ? 'decided' : 'last changed'} ${day(e.date)}`;

/** The SVG of a window; `ids` name its `<title>` and `<desc>`. Empty string for an empty window. */
export function timelineSvg(base: LinkBase, chart: TimelineChart, ids: { title: string; desc: string }): Html | string {
  if (chart.items.length === 0) return '';
  const items = [...chart.items].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.entry_id < b.entry_id ? -1 : 1));
  let t0 = Date.parse((items[0] as DatedEntry).date);
  let t1 = Date.parse((items[items.length - 1] as DatedEntry).date);
  if (t1 - t0 < 2 * DAY) (t0 -= DAY), (t1 += DAY);
  const pad = (t1 - t0) * 0.02;
  (t0 -= pad), (t1 += pad);
  const tickMarks = timeTicks(t0, t1);
  t0 = Math.min(t0, tickMarks[0]?.t ?? t0); // the axis starts at the boundary before the first item
  const x = (t: number) => Math.round((LEFT + ((t - t0) / (t1 - t0)) * (W - LEFT - LABEL.max - 20)) * 10) / 10;
  const at = new Map<string, { x: number; y: number }>();
  const bands: Html[] = [];
  let top = AXIS;
  for (const kind of ['decision', 'plan_revision'] as const) {
    const mine = items.filter((e) => e.entry_kind === kind);
    if (mine.length === 0) continue;
    const ends: number[] = [];
    const drawn = mine.map((e) => {
      const cx = x(Date.parse(e.date));
      const label = fitText(titleText(e.title), LABEL.max, LABEL.font);
      let row = ends.findIndex((end) => end < cx - 10);
      if (row < 0) row = ends.push(0) - 1;
      ends[row] = cx + 9 + textWidth(label, LABEL.font);
      const cy = top + BAND_HEAD + row * ROW + ROW / 2;
      at.set(e.entry_id, { x: cx, y: cy });
      return h`<a class="item k-${e.entry_kind} s-${e.status}" href="${entryUrl(base, e.entry_id)}"><title>${tipOf(e)}</title><circle cx="${cx}" cy="${cy}" r="5"></circle><text x="${cx + 9}" y="${cy + 4}">${label}</text></a>`;
    });
    bands.push(h`<g class="band"><text class="band-name" x="${LEFT}" y="${top + 16}">${KIND_NAMES[kind].plural.toUpperCase()}</text>${drawn}</g>`);
    top += BAND_HEAD + ends.length * ROW + 12;
  }
  const height = top + 4;
  const ticks = tickMarks.map((tk) => h`<line x1="${x(tk.t)}" y1="${AXIS - 6}" x2="${x(tk.t)}" y2="${height}"></line><text x="${x(tk.t) + 3}" y="${AXIS - 10}">${tk.label}</text>`);
  const chains = chart.links.flatMap((l) => {
    const a = at.get(l.superseded);
    const b = at.get(l.successor);
    if (!a || !b) return [];
    const dx = Math.max(24, Math.abs(b.x - a.x) / 2);
    return [h`<path class="chain" d="M${a.x},${a.y} C${a.x + dx},${a.y} ${b.x - dx},${b.y} ${b.x - 6},${b.y}" marker-end="url(#arrow-chain)"></path>`];
  });
  const first = day((items[0] as DatedEntry).date);
  const last = day((items[items.length - 1] as DatedEntry).date);
  return h`<svg class="picture timeline-chart" data-picture="timeline" xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="${ids.title} ${ids.desc}" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}">
<title id="${ids.title}">Timeline of ${items.length} decisions and plan revisions from ${first} to ${last}</title>
<desc id="${ids.desc}">Each dot is an entry at the day it was decided (or last changed, when it records no such day); a dashed arrow runs from a superseded entry to the one that superseded it. The table below lists the same entries.</desc>
<defs><marker id="arrow-chain" class="arrow chain" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z"></path></marker></defs>
<g class="axis">${ticks}</g>${chains}${bands}</svg>`;
}

/** The text alternative: the window's entries, newest first, with what each supersedes and is superseded by. */
export function timelineTable(base: LinkBase, chart: TimelineChart): Html {
  const known = new Map<string, EntryFacts>([...chart.items.map((i) => [i.entry_id, i] as const), ...Object.entries(chart.outside)]);
  const ref = (id: string) => { const f = known.get(id); return f ? entryLink(base, id, f.title) : h`<span class="id">${id}</span>`; };
  const list = (ids: string[]) => (ids.length === 0 ? h`<span class="muted">—</span>` : h`${ids.map((id, i) => h`${i ? ', ' : ''}${ref(id)}`)}`);
  return h`<table class="entries chart-table"><caption class="sr-only">The entries drawn above, newest first</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Entry</th><th scope="col">Status</th><th scope="col">Supersedes</th><th scope="col">Superseded by</th></tr></thead>
<tbody>${chart.items.map((e) => h`<tr><td class="when"><time datetime="${day(e.date)}">${day(e.date)}</time><div class="meta">${e.own_date ? 'decided' : 'last changed'}</div></td>
<td class="title"><span class="kind-label">${kindName(e.entry_kind).one}</span> ${entryLink(base, e.entry_id, e.title)}</td><td class="status">${statusBadge(e.status, e.entry_kind)}</td>
<td>${list(chart.links.filter((l) => l.successor === e.entry_id).map((l) => l.superseded))}</td><td>${list(chart.links.filter((l) => l.superseded === e.entry_id).map((l) => l.successor))}</td></tr>`)}</tbody></table>`;
}

/** The picture's section: the SVG, its table in a `<details>`, and links to older windows (`older`, `newest`: URLs or null). */
export function timelineChartSection(base: LinkBase, chart: TimelineChart, pages: { older: string | null; newest: string | null }): Html {
  const svg = timelineSvg(base, chart, { title: 'chart-title', desc: 'chart-desc' });
  const nav = pages.older || pages.newest ? h`<nav class="pager" aria-label="Picture windows">${pages.newest ? h`<a class="button quiet" href="${pages.newest}">← Newest</a>` : ''}${pages.older ? h`<a class="button quiet" href="${pages.older}">Older decisions →</a>` : ''}</nav>` : '';
  return h`<section aria-labelledby="h-chart"><h2 id="h-chart">Decisions and plans by date</h2>
${svg === '' ? h`<p class="empty">No decisions or plan revisions yet.</p>` : h`<figure class="picture-frame">${svg}</figure>
<details class="panel"><summary>The same ${chart.items.length} entries as a table</summary>${timelineTable(base, chart)}</details>`}${nav}</section>`;
}
