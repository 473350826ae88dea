/**
 * One candidate's page (issue #20; docs/decisions/0045): what it proposes in full (text as
 * sanitized Markdown, payload, scope, citations), the reviewer's verdict — relation, suggested
 * action, summary, conflict signals and the evidence against every entry it compared closely —
 * beside the entry the verdict concerns, and its history: each revision (proposed, then
 * approved or rejected), who wrote it and when, how it was decided and why; an approved one
 * links to the entry revisions it wrote. Read-only, from plain data
 * (src/service/candidate-page.ts) through {@link CandidateLinks}.
 */
import type { Candidate, Evidence } from '../../model/candidate.js';
import type { Entry } from '../../model/entry.js';
import type { CandidateView } from '../../service/candidate-page.js';
import { candidateStatusBadge, concernsPanel, howToDecide, relationBadge, signalList, suggestionHtml, whoHtml, type CandidateLinks } from './candidate-parts.js';
import { citationItem } from './entry-page.js';
import { h, type Html } from './html.js';
import { renderMarkdown } from './markdown.js';
import { entryUrl, kindName, timeTag } from './parts.js';
import { titleText } from '../../model/title-text.js';

const show = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(', ') : JSON.stringify(v));

const entryRef = (links: CandidateLinks, id: string, entries: Readonly<Record<string, Entry>>, anchor = '') => h`<a href="${entryUrl(links.base, id, anchor)}"><bdi>${titleText(entries[id]?.title ?? id)}</bdi></a>`;

function evidenceTable(links: CandidateLinks, evidence: readonly Evidence[]): Html {
  if (evidence.length === 0) return h`<p class="muted small">No current entry overlapped it.</p>`;
  const n = (x: number) => x.toFixed(2);
  return h`<table class="entries evidence"><thead><tr><th scope="col">Entry compared</th><th scope="col">Score</th><th scope="col">Title ~</th><th scope="col">Text ~</th><th scope="col">Coverage</th><th scope="col">Novelty</th><th scope="col">Signals</th></tr></thead>
<tbody>${evidence.map((e) => h`<tr><td class="title"><a href="${entryUrl(links.base, e.entry_id)}"><bdi>${titleText(e.title)}</bdi></a><div class="meta"><span class="id">${e.entry_id}</span> · r${e.revision} · ${kindName(e.entry_kind).one} · ${e.status}</div></td>
<td>${n(e.score)}</td><td>${n(e.title_similarity)}</td><td>${n(e.text_similarity)}</td><td>${n(e.coverage)}</td><td>${n(e.novelty)}</td><td class="small">${signalList(e)}</td></tr>`)}</tbody></table>`;
}

/** The proposal's fields other than title and text, as facts (entry ids linked). */
function proposalFacts(links: CandidateLinks, c: Candidate, entries: Readonly<Record<string, Entry>>): Html {
  const p = c.proposal;
  const rows: Html[] = [];
  const fact = (label: string, value: Html | string) => rows.push(h`<dt>${label}</dt><dd>${value}</dd>`);
  if (p.status) fact('Status', p.status.replace(/_/g, ' '));
  if (p.confidence !== undefined && p.confidence !== null) fact('Confidence', `${Math.round(p.confidence * 100)}%`);
  if (p.tags?.length) fact('Tags', h`${p.tags.map((t) => h`<span class="tag"><bdi>${t}</bdi></span>`)}`);
  if (p.paths?.length) fact('Paths', h`${p.paths.map((x) => h`<span class="mono"><bdi>${x}</bdi></span> `)}`);
  if (p.related_task_ids?.length) fact('Tasks', h`${p.related_task_ids.map((x) => h`<span class="mono"><bdi>${x}</bdi></span> `)}`);
  if (p.related_entry_ids?.length) fact('Related', h`${p.related_entry_ids.map((x, i) => h`${i ? ', ' : ''}${entryRef(links, x, entries)}`)}`);
  if (p.supersedes_entry_id) fact('Supersedes', entryRef(links, p.supersedes_entry_id, entries));
  for (const [key, value] of Object.entries(p.payload ?? {})) fact(key.replace(/_/g, ' '), h`<bdi>${show(value)}</bdi>`);
  return rows.length ? h`<dl class="facts">${rows}</dl>` : h`<p class="muted small">No other fields.</p>`;
}

/** One revision in the history: what it recorded, who wrote it, when, and for a decision what it did. */
function revisionItem(links: CandidateLinks, r: Candidate, entries: Readonly<Record<string, Entry>>): Html {
  const d = r.decision;
  const what = r.revision === 1 || !d ? 'proposed' : r.status;
  const detail = d
    ? h`<p class="small"><strong>${d.action}</strong>${d.entry_id ? h` → ${entryRef(links, d.entry_id, entries)}` : ''} · decided by ${whoHtml(d.decided_by)}</p>
${d.written.length ? h`<p class="small">Wrote ${d.written.map((w, i) => h`${i ? ', ' : ''}<a href="${entryUrl(links.base, w.entry_id, `r${w.revision}`)}"><bdi>${titleText(entries[w.entry_id]?.title ?? w.entry_id)}</bdi> r${w.revision}</a>`)}</p>` : ''}
${d.reason ? h`<div class="prose small">${renderMarkdown(d.reason)}</div>` : ''}`
    : h`<p class="small muted">Reviewed by <span class="mono">${r.review.reviewer}</span>: ${r.review.relation.replace(/_/g, ' ')}.</p>`;
  return h`<li id="r${r.revision}"><div class="rev-head"><h3>Revision ${r.revision} · ${what}</h3>
<span class="muted small">by ${whoHtml(r)} · ${timeTag(r.recorded_at)}</span></div>${detail}</li>`;
}

/** The candidate page body. */
export function renderCandidatePage(args: { links: CandidateLinks; view: CandidateView }): { title: string; body: Html } {
  const { links, view } = args;
  const c = view.candidate;
  const p = c.proposal;
  const r = c.review;
  const proposedAt = view.revisions[0]?.recorded_at ?? c.recorded_at;
  return {
    title: `Candidate ${c.candidate_id}`,
    body: h`<p class="crumbs"><a href="${links.list()}">Candidates</a> › <span class="mono">${c.candidate_id}</span></p>
<header><p class="kind-label">Proposed ${kindName(p.entry_kind).one.toLowerCase()}</p><h1><bdi>${titleText(p.title)}</bdi></h1>
<p class="small">${candidateStatusBadge(c.status)} <span class="id">${c.candidate_id}</span> · proposed by ${whoHtml(c.proposed_by)} · ${timeTag(proposedAt)}${c.capture ? ` · captured by the ${c.capture.extractor} extractor` : ''}${view.forked ? h` <span class="badge bad">forked</span>` : ''}</p></header>
${c.status === 'pending' ? howToDecide(c.candidate_id) : ''}
<section class="panel verdict-panel" aria-labelledby="h-verdict"><h2 id="h-verdict">Reviewer's verdict</h2>
<div class="cand-grid">
<div><p class="verdict">${relationBadge(r.relation)} <span class="small muted">suggests</span> ${suggestionHtml(links.base, r)}</p>
<p class="small muted">${r.summary}</p>
${r.conflict_signals.length ? h`<p class="small">Not safe to approve without a person: ${r.conflict_signals.map((s) => h`<span class="tag mono">${s}</span>`)}</p>` : h`<p class="small muted">No conflict signal.</p>`}</div>
${concernsPanel(links.base, c, view.entries, { full: true })}
</div>
<h3>Evidence</h3>${evidenceTable(links, r.evidence)}
<p class="small muted">Compared with ${r.compared.length} current entr${r.compared.length === 1 ? 'y' : 'ies'}; the closest ${r.evidence.length} shown.</p></section>
<section class="panel" aria-labelledby="h-proposal"><h2 id="h-proposal">Proposal</h2>
<div class="prose">${p.rationale?.trim() ? renderMarkdown(p.rationale) : h`<p class="muted">No rationale given.</p>`}</div>
<h3>Fields</h3>${proposalFacts(links, c, view.entries)}
${p.citations?.length ? h`<h3>Citations</h3><ul class="plain">${p.citations.map((x) => citationItem(links.base, x))}</ul>` : ''}</section>
<section aria-labelledby="h-history"><h2 id="h-history">History <span class="count">${view.revisions.length}</span></h2>
<ol class="history">${view.revisions.map((x) => revisionItem(links, x, view.entries))}</ol></section>`,
  };
}
