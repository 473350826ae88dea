/**
 * The brief page (issue #8 part 2: "Brief: the re-entry brief, rendered"; the hub's across
 * repositories, decision 0028): the reader's brief (DESIGN §7) as sanitized HTML, with its token estimate, what it left out, a GET form for the
 * budget, and the exact Markdown an agent receives — its line breaks kept, as a terminal shows
 * them (issue #22). For display the `<brain-state>` wrapper
 * lines are dropped (they tell agents the quoted text is data; the page shows it as HTML).
 */
import { BRAIN_STATE_CLOSE, BRAIN_STATE_OPEN } from '../../context/untrusted.js';
import { h, type Html } from './html.js';
import { renderMarkdown } from './markdown.js';
import type { ReadBrief } from '../../service/read-scope.js';

/** A brief's Markdown for display: the `<brain-state>` wrapper lines dropped (they tell agents the quoted text is data; a page shows it as HTML). */
export function briefForDisplay(markdown: string): string {
  return markdown.split('\n').map((line) => (line.trim() === BRAIN_STATE_OPEN || line.trim() === BRAIN_STATE_CLOSE ? '' : line)).join('\n');
}

/**
 * The brief page body: a clone's re-entry brief, or, where the brief has `groups` (the hub's,
 * across repositories), which repository projects it briefed and which it only named.
 * `action`: the options form's URL; `fields`: the surface's extra form fields (the hub's
 * repository and project).
 */
export function renderBrief(args: { brief: ReadBrief; action: string; fields?: Html; budget?: number }): { title: string; body: Html } {
  const { brief } = args;
  const shown = briefForDisplay(brief.markdown);
  const omitted = Object.entries(brief.omitted).filter(([, n]) => n > 0);
  const groups = brief.groups;
  const left = groups?.filter((g) => !g.included) ?? [];
  const lede = groups === undefined
    ? h`<h1>Re-entry brief</h1>
<p class="lede">What is decided, open, blocked, at risk and depending — and why — in ${brief.tokens} estimated tokens, as <span class="mono">brain context</span> gives it to an agent.
${brief.included} entries in full${omitted.length ? h`; left out for the budget: ${omitted.map(([k, n], i) => h`${i ? ', ' : ''}${n} ${k.replace(/_/g, ' ')}`)}` : ''}.</p>`
    : h`<h1>Brief across repositories</h1>
<p class="lede">What is decided, open, blocked, at risk and depending — and why — in ${brief.tokens} estimated tokens: ${brief.included} entries from ${groups.length - left.length} of ${groups.length} repository projects${left.length ? h`; only named for the budget: ${left.map((g, i) => h`${i ? ', ' : ''}<span class="repo">${g.repo}</span>${g.project_id}`)}` : ''}.</p>`;
  return {
    title: 'Brief',
    body: h`${lede}
<form class="panel filters" method="get" action="${args.action}" aria-label="Brief options">
${args.fields ?? ''}<div><label for="b-budget">Budget (tokens)</label><input id="b-budget" type="number" name="budget" min="1" max="1000000" step="1" value="${args.budget ?? ''}" placeholder="6000"></div>
<div class="actions"><button type="submit">Rebuild</button></div></form>
<article class="panel prose brief">${renderMarkdown(shown, { breaks: true })}</article>
<details class="panel"><summary>The Markdown an agent receives</summary><pre class="mono">${brief.markdown}</pre></details>`,
  };
}
