/**
 * The search page (issue #8 part 2: "Search with relevance and the matched words
 * highlighted"): a GET form (words, kind), then the hits best first, each with its relevance
 * (relative to the best hit, as the service scores it), kind, status, and title and an excerpt
 * of its text with the query words marked — escaped first, then highlighted (markdown.ts).
 */
import { scorePercent, scoreText } from '../../model/relevance-text.js';
import type { Entry } from '../../model/entry.js';
import { ENTRY_KINDS } from '../../model/kinds.js';
import { searchSnippet } from './search-snippet.js';
import { correctionLine, type SearchCorrection } from '../../model/search-correction.js';
import { h, type Html } from './html.js';
import { highlight, queryTerms } from './markdown.js';
import { adrLabelSpan, entryUrl, KIND_NAMES, kindName, searchUrl, statusBadge, tagList, timeTag, type LinkBase } from './parts.js';
import { titleText } from '../../model/title-text.js';

/** Result count of one search page. */
export const SEARCH_LIMIT = 50;

/** A search hit; `repo` is set by the hub (its hits span repositories). */
export interface SearchHitView {
  entry: Entry;
  relevance_score: number;
  repo?: string;
}

/**
 * The search page body; `hits` null when no query was given yet. `project`: where the form and
 * links go. The hub passes `linksOf` (the links of a hit's repository; each hit then shows a
 * repo badge) and `fields` (its extra form fields, e.g. the repository select). `corrections`:
 * what typed words were searched as (decision 0050), said above the hits.
 */
export function renderSearch(args: { project: LinkBase; query: string; kind?: string; hits: SearchHitView[] | null; corrections?: readonly SearchCorrection[]; linksOf?: (repo: string) => LinkBase; fields?: Html }): { title: string; body: Html } {
  const { project, query } = args;
  const baseOf = (hit: SearchHitView): LinkBase => (hit.repo !== undefined && args.linksOf ? args.linksOf(hit.repo) : project);
  const terms = queryTerms(query);
  const option = (value: string, label: string) => h`<option value="${value}"${(args.kind ?? '') === value ? h` selected` : ''}>${label}</option>`;
  const form = h`<form class="panel filters" method="get" action="${searchUrl(project)}" role="search" aria-label="Search entries">
<div><label for="s-q">Words</label><input id="s-q" type="search" name="q" value="${query}" placeholder="e.g. sqlite cache"></div>
<div><label for="s-kind">Kind</label><select id="s-kind" name="kind">${option('', 'All kinds')}${ENTRY_KINDS.map((k) => option(k, KIND_NAMES[k].one))}</select></div>${args.fields ?? ''}
<div class="actions"><button type="submit">Search</button></div></form>`;
  let results: Html = h``;
  const corrected = correctionLine(args.corrections ?? []);
  const note = corrected ? h`<p class="lede correction">${corrected[0]?.toUpperCase()}${corrected.slice(1)}.</p>` : '';
  if (args.hits !== null && args.hits.length === 0) results = h`${note}<p class="empty">Nothing matches <strong>${query}</strong>. Try fewer or shorter words.</p>`;
  else if (args.hits !== null) {
    results = h`${note}<p class="lede">${args.hits.length}${args.hits.length === SEARCH_LIMIT ? '+' : ''} result${args.hits.length === 1 ? '' : 's'} for <strong>${query}</strong>, most relevant first.</p>
<ol class="results">${args.hits.map((hit) => {
      const { entry: e, relevance_score } = hit;
      const base = baseOf(hit);
      const score = Math.max(1, Math.min(10, Math.round(relevance_score * 10)));
      return h`<li><div class="rev-head">${hit.repo !== undefined && args.linksOf ? h`<span class="repo">${hit.repo}</span>` : ''}<span class="kind-label">${kindName(e.entry_kind).one}</span>${statusBadge(e.status, e.entry_kind)}
<span class="small muted" title="relevance ${scoreText(relevance_score)}: 1 = holds every word asked"><span class="rel" aria-hidden="true"><i class="r${score}"></i></span> ${scorePercent(relevance_score)}</span></div>
<div class="title"><a href="${entryUrl(base, e.entry_id)}">${highlight(titleText(e.title), terms)}</a></div>
<p class="small snippet">${highlight(searchSnippet(e, terms), terms)}</p>
<div class="small muted">${adrLabelSpan(e)}<span class="id">${e.entry_id}</span> · ${e.author} · ${timeTag(e.recorded_at, { dateOnly: true })} ${tagList(base, e.tags)}</div></li>`;
    })}</ol>`;
  }
  return { title: query ? `Search: ${query}` : 'Search', body: h`<h1>Search</h1>${form}${results}` };
}
