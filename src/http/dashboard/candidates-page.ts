/**
 * The Candidates page (issue #20; docs/decisions/0045): a project's candidates of one status —
 * `pending` by default, `approved`, `rejected` or `all` as chips with their counts — newest
 * first, 50 a page (keyset pager). Each candidate is a card: on the left what was proposed
 * (kind, title, status, an excerpt of its text, who proposed it and when), on the right the
 * entry the reviewer's verdict concerns with its evidence; under both the relation and the
 * suggested action, and for a decided one how it was decided. Read-only, from plain data
 * (src/service/candidate-page.ts) through {@link CandidateLinks}.
 */
import type { Candidate } from '../../model/candidate.js';
import type { Entry } from '../../model/entry.js';
import { CANDIDATE_FILTERS, encodeCandidateCursor, type CandidateList } from '../../service/candidate-page.js';
import { candidateStatusBadge, clip, concernsPanel, howToDecide, relationBadge, suggestionHtml, whoHtml, type CandidateLinks } from './candidate-parts.js';
import { h, type Html } from './html.js';
import { entryUrl, kindName, pager, timeTag } from './parts.js';
import { titleText } from '../../model/title-text.js';

/** How a decided candidate was decided, in one line: `approved by Ada: accept → <entry>`, `rejected by Ada: <reason>`. */
function decisionLine(links: CandidateLinks, c: Candidate, entries: Readonly<Record<string, Entry>>): Html {
  const d = c.decision;
  if (!d) return h``;
  const entry = d.entry_id === null ? '' : h` → <a href="${entryUrl(links.base, d.entry_id)}"><bdi>${titleText(entries[d.entry_id]?.title ?? d.entry_id)}</bdi></a>`;
  return h`<p class="decided small">${candidateStatusBadge(c.status)} by ${whoHtml(d.decided_by)} ${timeTag(c.recorded_at)}: <strong>${d.action}</strong>${entry}${d.reason ? h` — <bdi>${clip(d.reason, 300)}</bdi>` : ''}</p>`;
}

function card(links: CandidateLinks, c: Candidate, entries: Readonly<Record<string, Entry>>): Html {
  const p = c.proposal;
  const text = p.rationale?.trim() ? clip(p.rationale, 280) : '';
  return h`<article class="candidate panel" aria-labelledby="c-${c.candidate_id}">
<div class="cand-grid">
<div class="proposed"><p class="kind-label">Proposes · ${kindName(p.entry_kind).one}</p>
<h2 id="c-${c.candidate_id}"><a href="${links.candidate(c.candidate_id)}"><bdi>${titleText(p.title)}</bdi></a></h2>
<p class="small">${candidateStatusBadge(c.status)} <span class="id">${c.candidate_id}</span>${p.status ? h` · as ${p.status.replace(/_/g, ' ')}` : ''}</p>
${text ? h`<p class="key-text"><bdi>${text}</bdi></p>` : ''}
<p class="small muted">proposed by ${whoHtml(c.proposed_by)}${c.status === 'pending' ? h` · ${timeTag(c.recorded_at)}` : ''}${c.capture ? ` (captured, ${c.capture.extractor} extractor)` : ''}</p></div>
${concernsPanel(links.base, c, entries)}
</div>
<p class="verdict">${relationBadge(c.review.relation)} <span class="small muted">suggests</span> ${suggestionHtml(links.base, c.review)}</p>
${decisionLine(links, c, entries)}
</article>`;
}

const FILTER_LABEL: Record<string, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', all: 'All' };

/** What to do when the list is empty. */
function empty(list: CandidateList): Html {
  if (list.status !== 'pending' && list.status !== 'all') return h`<p class="empty">No ${list.status} candidates.</p>`;
  return h`<p class="empty">No ${list.status === 'pending' ? 'pending ' : ''}candidates. Agents propose entries with the MCP tool <code>brain_propose</code>; people with <code>brain propose decision --title "…"</code>; <code>brain capture notes.md</code> turns a transcript or PR description into candidates.</p>`;
}

/** The Candidates page body. `paged`: this is not the first page. */
export function renderCandidates(args: { links: CandidateLinks; list: CandidateList; paged: boolean }): { title: string; body: Html } {
  const { links, list } = args;
  const total = list.counts.pending + list.counts.approved + list.counts.rejected;
  const count = (f: string) => (f === 'all' ? total : list.counts[f as keyof CandidateList['counts']]);
  const chips = CANDIDATE_FILTERS.map((f) => h`<li><a href="${links.list(f === 'pending' ? {} : { status: f })}"${f === list.status ? h` aria-current="true"` : ''}>${FILTER_LABEL[f]} ${count(f)}</a></li>`);
  const status = list.status === 'pending' ? undefined : list.status;
  return {
    title: 'Candidates',
    body: h`<h1>Candidates</h1>
<p class="lede">Entries proposed for this project and the reviewer's verdict on each, beside the entry it concerns. Nothing here is in the record until someone approves it.</p>
${howToDecide()}
<ul class="chips filters-status" aria-label="Candidates by status">${chips}</ul>
${list.candidates.length === 0 ? empty(list) : list.candidates.map((c) => card(links, c, list.entries))}
${pager({ first: args.paged ? links.list({ status }) : null, next: list.next ? links.list({ status, cursor: encodeCandidateCursor(list.next) }) : null, label: 'Candidate pages' })}`,
  };
}
