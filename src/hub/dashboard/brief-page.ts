/**
 * The hub dashboard's brief (docs/decisions/0028): the brief across the repositories the token
 * can read (HubService.brief, src/hub/hub-brief.ts) rendered as sanitized HTML, with a GET form
 * to narrow it to one repository or project and set the budget, the groups it briefed and the
 * ones it only named, and the exact Markdown an agent receives from `GET /api/brief`.
 */
import { h, type Html } from '../../http/dashboard/html.js';
import { briefForDisplay } from '../../http/dashboard/brief-page.js';
import { renderMarkdown } from '../../http/dashboard/markdown.js';
import type { HubBrief } from '../hub-brief.js';
import { repoSelect } from './repo-select.js';

/** The brief page body; `repo`, `project`, `budget` as given in the query. */
export function renderHubBrief(args: { brief: HubBrief; repos: readonly string[]; repo?: string; project?: string; budget?: number }): { title: string; body: Html } {
  const { brief } = args;
  const left = brief.groups.filter((g) => !g.included);
  return {
    title: 'Brief',
    body: h`<h1>Brief across repositories</h1>
<p class="lede">What is decided, open, blocked, at risk and depending — and why — in ${brief.tokens} estimated tokens: ${brief.included} entries from ${brief.groups.length - left.length} of ${brief.groups.length} repository projects${left.length ? h`; only named for the budget: ${left.map((g, i) => h`${i ? ', ' : ''}<span class="repo">${g.repo}</span>${g.project_id}`)}` : ''}.</p>
<form class="panel filters" method="get" action="/brief" aria-label="Brief options">
${repoSelect({ id: 'b-repo', repos: args.repos, selected: args.repo })}
<div><label for="b-project">Project</label><input id="b-project" type="text" name="project" value="${args.project ?? ''}" placeholder="e.g. payments"></div>
<div><label for="b-budget">Budget (tokens)</label><input id="b-budget" type="number" name="budget" min="1" max="1000000" step="1" value="${args.budget ?? ''}" placeholder="6000"></div>
<div class="actions"><button type="submit">Rebuild</button></div></form>
<article class="panel prose brief">${renderMarkdown(briefForDisplay(brief.markdown), { breaks: true })}</article>
<details class="panel"><summary>The Markdown an agent receives</summary><pre class="mono">${brief.markdown}</pre></details>`,
  };
}
