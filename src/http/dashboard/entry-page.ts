/**
 * The entry page (issue #8 part 2): every field of the current revision — text fields as
 * sanitized Markdown (the payload's outcome, answer, resolution or mitigation and the
 * alternatives before the rationale: what was decided before why, as `brain show` prints it;
 * decision 0054, round seven), facts, tags, paths and tasks as board filters —
 * the linked entries (related, supersedes / superseded by, depends on / depended on by, the
 * plan it supersedes) and citations as links (only `http(s)` URLs become `<a href>`), then the
 * revision history newest first: each revision's author, time and commit, and the field-level
 * change from the revision before it (status, values, a line diff of the rationale, citations).
 */
import { withoutEmptyHeadings } from '../../model/empty-headings.js';
import type { Citation, Entry } from '../../model/entry.js';
import type { EntryView, LinkedEntry, RevisionView } from '../../service/entry-view.js';
import { diffLines, splitLines } from '../../review/line-diff.js';
import { h, type Html } from './html.js';
import { renderMarkdown, type MarkdownOptions, type ReferenceLinker } from './markdown.js';
import { renderAsciidoc } from './asciidoc.js';
import { markupFamily } from '../../importers/adr/markup-family.js';
import { decisionOrigin, originWords } from '../../model/decision-origin.js';
import { statusWordsOf } from '../../model/summary.js';
import { boardUrl, entryLink, entryUrl, kindDetail, kindName, recordedTag, statusBadge, tagList, timeTag, withQuery, writtenByHtml, type LinkBase } from './parts.js';
import { titleText } from '../../model/title-text.js';
import { adrLabelOf } from '../../model/adr-label.js';

/** A citation: an `http(s)` URL is a link; an entry id links to the entry; anything else is text. */
export function citationItem(project: LinkBase, c: Citation): Html {
  const ref = c.source_ref;
  const target = /^https?:\/\//i.test(ref) ? h`<a href="${ref}" rel="noopener noreferrer nofollow">${ref}</a>` : c.source_kind === 'entry' && /^[a-z]+-[0-9a-z]{12,}$/.test(ref) ? entryLink(project, ref) : h`<span class="mono">${ref}</span>`;
  return h`<li><span class="tag">${c.source_kind.replace(/_/g, ' ')}</span>${target}${c.locator ? h` <span class="muted small">${c.locator}</span>` : ''}</li>`;
}

function linked(project: LinkBase, list: LinkedEntry[]): Html {
  return h`<ul class="plain">${list.map((l) => ('missing' in l ? h`<li><span class="id">${l.entry_id}</span> <span class="muted small">(not in this project's current state)</span></li>` : h`<li>${entryLink(project, l.entry_id, l.title)} ${statusBadge(l.status, l.entry_kind)} <span class="muted small">${kindName(l.entry_kind).one}</span></li>`))}</ul>`;
}

const PAYLOAD_TEXT: Record<string, string> = { decision_outcome: 'Outcome', answer: 'Answer', resolution: 'Resolution', mitigation: 'Mitigation', summary: 'Summary' };

/** The Markdown texts of an entry's page: its rationale, the payload's text fields and alternatives (for the references they hold). */
export function entryTexts(e: Entry): string[] {
  const alternatives = Array.isArray(e.payload.alternatives) ? e.payload.alternatives.map(String) : [];
  return [e.rationale, ...Object.keys(PAYLOAD_TEXT).flatMap((key) => (typeof e.payload[key] === 'string' ? [e.payload[key] as string] : [])), ...alternatives];
}

/**
 * Whether the entry's text is AsciiDoc: it was imported from an AsciiDoc ADR (its first
 * citation, the source file, ends `.adoc`/`.asciidoc`: decision 0082). Everything else is
 * rendered as Markdown — reStructuredText included, which reads acceptably so (decision 0094).
 */
function isAsciidoc(e: Entry): boolean {
  const c = e.citations[0];
  return c?.source_kind === 'file' && markupFamily(c.source_ref) === 'asciidoc';
}

function payloadBlocks(e: Entry, md: MarkdownOptions): Html[] {
  const render = isAsciidoc(e) ? renderAsciidoc : renderMarkdown;
  const blocks: Html[] = [];
  for (const [key, label] of Object.entries(PAYLOAD_TEXT)) {
    const value = e.payload[key];
    if (typeof value === 'string' && value.trim() !== '') blocks.push(h`<section class="panel" aria-labelledby="p-${key}"><h2 id="p-${key}">${label}</h2><div class="prose">${render(value, md)}</div></section>`);
  }
  const alternatives = e.payload.alternatives;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    blocks.push(h`<section class="panel" aria-labelledby="p-alternatives"><h2 id="p-alternatives">Alternatives considered</h2><ul>${alternatives.map((a) => h`<li class="prose">${render(String(a), md)}</li>`)}</ul></section>`);
  }
  return blocks;
}

const ENTRY_ID = /^[a-z]+-[0-9a-z]{12,}$/;

/** A changed value: entry ids link to their entries, lists are comma separated, absent values say so. */
function value(project: LinkBase, v: unknown, titles: ReadonlyMap<string, string>): Html {
  if (typeof v === 'string' && ENTRY_ID.test(v)) return entryLink(project, v, titles.get(v));
  if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && ENTRY_ID.test(x))) return h`${v.map((x, i) => h`${i ? ', ' : ''}${entryLink(project, x as string, titles.get(x as string))}`)}`;
  return h`${show(v)}`;
}

const show = (v: unknown): string => (v === null || v === undefined || v === '' ? '(none)' : Array.isArray(v) ? (v.length === 0 ? '(none)' : v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(', ')) : typeof v === 'string' ? v : JSON.stringify(v));

function textDiff(before: string, after: string): Html {
  const lines = diffLines(splitLines(before), splitLines(after));
  return h`<pre class="diff">${lines.map((l) => h`<span class="${l.op === '+' ? 'add' : l.op === '-' ? 'del' : ''}">${l.op} ${l.text}</span>`)}</pre>`;
}

function rationaleDiff(diff: string): Html {
  return h`<pre class="diff">${diff.split('\n').filter((l) => l !== '').map((l) => (l.startsWith('@@') ? h`<span class="hunk">${l}</span>` : l.startsWith('+') ? h`<span class="add">${l}</span>` : l.startsWith('-') ? h`<span class="del">${l}</span>` : h`<span>${l}</span>`))}</pre>`;
}

/** URL of the page of past revision `revision` of an entry. */
const revisionUrl = (project: LinkBase, entryId: string, revision: number) => withQuery(entryUrl(project, entryId), { revision });

/** One revision of the history; `shown`: the revision the page shows (a link to every other past one). */
function revisionItem(project: LinkBase, r: RevisionView, latest: boolean, shown: number, titles: ReadonlyMap<string, string>): Html {
  const c = r.change;
  const first = c.from_revision === null;
  const changes: Html[] = [];
  if (!first && c.from_status !== c.to_status) changes.push(h`<div><span class="field">status</span> ${statusBadge(c.from_status ?? '', c.entry_kind)} → ${statusBadge(c.to_status, c.entry_kind)}</div>`);
  for (const v of c.value_changes) {
    const long = [v.from, v.to].some((x) => typeof x === 'string' && (x.length > 80 || x.includes('\n')));
    changes.push(long && !first
      ? h`<div><span class="field">${v.field}</span>${textDiff(typeof v.from === 'string' ? v.from : show(v.from), typeof v.to === 'string' ? v.to : show(v.to))}</div>`
      : h`<div><span class="field">${v.field}</span> ${first ? '' : h`<span class="old">${value(project, v.from, titles)}</span> → `}<span class="new">${value(project, v.to, titles)}</span></div>`);
  }
  if (c.rationale_diff && !first) changes.push(h`<div><span class="field">rationale</span>${rationaleDiff(c.rationale_diff)}</div>`);
  if (c.new_citations.length > 0 && !first) changes.push(h`<div><span class="field">citations added</span><ul class="plain">${c.new_citations.map((x) => citationItem(project, x))}</ul></div>`);
  if (c.removed_citations.length > 0) changes.push(h`<div><span class="field">citations removed</span><ul class="plain">${c.removed_citations.map((x) => citationItem(project, x))}</ul></div>`);
  const commit = r.commit ? h` · commit <span class="mono" title="${r.commit.oid}">${r.commit.oid.slice(0, 10)}</span> by ${r.commit.author}` : h` · <span class="muted">commit not found</span>`;
  const shownHere = r.entry.revision === shown;
  const heading = latest || shownHere ? h`Revision ${r.entry.revision}` : h`<a href="${revisionUrl(project, r.entry.entry_id, r.entry.revision)}">Revision ${r.entry.revision}</a>`;
  return h`<li id="r${r.entry.revision}"${shownHere && !latest ? h` aria-current="true"` : ''}><div class="rev-head"><h3>${heading}${latest ? h` <span class="badge info">current</span>` : ''}</h3>
<span class="muted small">${first ? 'recorded' : 'revised'} by ${writtenByHtml(r.entry)} · ${recordedTag(r.entry)}${commit}</span></div>
${first ? h`<p class="small muted">Recorded with ${c.changed_fields.map((f, i) => h`${i ? ', ' : ''}<span class="mono">${f}</span>`)}.</p>` : changes.length > 0 ? h`<div class="changes">${changes}</div>` : h`<p class="small muted">No field changed (re-recorded as is).</p>`}</li>`;
}

/** The entry page body. `project`: where its links go; `repo`: the hub's repository of the entry (shown in the crumbs and facts). */
export function renderEntry(args: { project: LinkBase; view: EntryView; repo?: string; references?: ReferenceLinker }): { title: string; body: Html } {
  const { project, view } = args;
  const md: MarkdownOptions = args.references ? { references: args.references } : {};
  const e = view.current.entry;
  const names = kindName(e.entry_kind);
  const past = view.history.some((r) => r.entry.revision > e.revision);
  const origin = decisionOrigin(e);
  const words = originWords(e);
  const label = adrLabelOf(e);
  const l = view.links;
  // A supersede links the pair both ways as related too: list each entry once, under its most specific relation.
  const shown = new Set([...l.supersedes, ...l.superseded_by, ...l.supersedes_plan, ...l.depends_on, ...l.depended_on_by].map((x) => x.entry_id));
  const rest = (list: LinkedEntry[]) => list.filter((x) => !shown.has(x.entry_id));
  const related = rest(l.related);
  const relatedIds = new Set(related.map((x) => x.entry_id));
  const linkRows: [string, LinkedEntry[]][] = [
    ['Supersedes', l.supersedes], ['Superseded by', l.superseded_by], ['Supersedes plan', l.supersedes_plan], ['Depends on', l.depends_on],
    ['Depended on by', l.depended_on_by], ['Related', related], ['Referenced by', rest(l.related_from).filter((x) => !relatedIds.has(x.entry_id))],
  ];
  const facts = h`<dl class="facts">
${args.repo !== undefined ? h`<dt>Repository</dt><dd><a class="repo" href="${boardUrl(project)}">${args.repo}</a></dd>` : ''}<dt>ID</dt><dd class="mono">${e.entry_id}</dd>${label === null ? '' : h`<dt>ADR</dt><dd class="mono">${label}</dd>`}
<dt>Kind</dt><dd><a href="${boardUrl(project, { kind: e.entry_kind })}">${names.one}</a></dd>
<dt>Status</dt><dd>${statusBadge(e.status, e.entry_kind)}${statusWordsOf(e) === null ? '' : h` <span class="small muted">“${statusWordsOf(e)}”</span>`}</dd>
${['blocker', 'risk', 'dependency'].includes(e.entry_kind) ? h`<dt>${e.entry_kind === 'dependency' ? 'Depends on' : e.entry_kind === 'risk' ? 'Exposure' : 'Severity'}</dt><dd>${kindDetail(project, e)}</dd>` : ''}
<dt>Revision</dt><dd>${e.revision} of ${view.current.revision_count}${view.current.forked ? h` <span class="badge bad">forked</span>` : ''}</dd>
${origin === null ? '' : h`<dt>${words.verb === 'written' ? 'Written' : 'Decided'}</dt><dd>${origin.date ?? h`<span class="muted">day unknown</span>`}</dd>${origin.by === null ? '' : h`<dt>ADR by</dt><dd>${origin.by}</dd>`}`}<dt>${origin === null ? 'Author' : 'Last change by'}</dt><dd><a href="${boardUrl(project, { author: e.author })}">${e.author}</a></dd>
${e.agent !== undefined ? h`<dt>Agent</dt><dd class="agent">${e.agent} <span class="muted small">wrote it for ${e.author}</span></dd>` : ''}
<dt>${origin === null ? 'Recorded' : 'Last change'}</dt><dd>${recordedTag(e)}</dd>
<dt>Confidence</dt><dd>${e.confidence === null ? h`<span class="muted">not given</span>` : `${Math.round(e.confidence * 100)}%`}</dd>
<dt>Tags</dt><dd>${e.tags.length ? tagList(project, e.tags) : h`<span class="muted">none</span>`}</dd>
<dt>Paths</dt><dd>${e.paths.length ? e.paths.map((p) => h`<a class="mono" href="${boardUrl(project, { path: p })}">${p}</a> `) : h`<span class="muted">none</span>`}</dd>
<dt>Tasks</dt><dd>${e.related_task_ids.length ? e.related_task_ids.map((t) => h`<a class="mono" href="${boardUrl(project, { related_task: t })}">${t}</a> `) : h`<span class="muted">none</span>`}</dd>
</dl>`;
  const links = linkRows.filter(([, list]) => list.length > 0).map(([label, list]) => h`<h3>${label}</h3>${linked(project, list)}`);
  const history = [...view.history].reverse();
  const titles = new Map(Object.values(l).flat().flatMap((x) => ('missing' in x ? [] : [[x.entry_id, x.title] as const])));
  return {
    title: titleText(e.title),
    body: h`<p class="crumbs"><a href="${boardUrl(project)}">${args.repo !== undefined ? args.repo : 'Board'}</a> › <a href="${boardUrl(project, { kind: e.entry_kind })}">${names.plural}</a> › ${label === null ? '' : h`<span class="mono">${label}</span> · `}<span class="mono">${e.entry_id}</span></p>
<header><p class="kind-label">${names.one}</p><h1>${titleText(e.title)}</h1></header>
${past ? h`<p class="lede">This is revision ${e.revision} of ${view.current.revision_count}, as it was recorded; <a href="${entryUrl(project, e.entry_id)}">see the current revision</a>.</p>` : ''}
<div class="entry-grid">
<div>
${payloadBlocks(e, md)}
<section class="panel" aria-labelledby="h-rationale"><h2 id="h-rationale">Rationale</h2><div class="prose">${e.rationale.trim() ? (isAsciidoc(e) ? renderAsciidoc(e.rationale, md) : renderMarkdown(withoutEmptyHeadings(e.rationale), md)) : h`<p class="muted">No rationale recorded.</p>`}</div></section>
<section class="panel" aria-labelledby="h-citations"><h2 id="h-citations">Citations</h2>${e.citations.length ? h`<ul class="plain">${e.citations.map((c) => citationItem(project, c))}</ul>` : h`<p class="muted">None.</p>`}</section>
<section aria-labelledby="h-history"><h2 id="h-history">History <span class="count">${view.history.length}</span></h2>
<ol class="history">${history.map((r, i) => revisionItem(project, r, i === 0, e.revision, titles))}</ol></section>
</div>
<aside class="panel" aria-label="Details">${facts}${links.length ? h`<h2 class="sr-only">Linked entries</h2>${links}` : ''}</aside>
</div>`,
  };
}
