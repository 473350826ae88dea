/**
 * The hub dashboard's repositories page (docs/decisions/0028): every repository the token can
 * read with its branch, projected commit, last sync and last error, its visible entries and
 * problems (HubService.repos), then the problems themselves (files of a branch that failed to
 * parse or validate, entry checks), grouped by repository. Problem messages quote branch
 * content, so they are escaped like entry text.
 */
import { h, type Html } from '../../http/dashboard/html.js';
import { timeTag, withQuery } from '../../http/dashboard/parts.js';
import type { ProblemRow } from '../../projection/backend.js';
import type { RepoStatus } from '../hub-service.js';
import { repoPictureUrl } from './links.js';

function state(r: RepoStatus): Html {
  if (r.last_error) return h`<span class="badge bad">failing</span><div class="small"><span class="mono">${r.last_error.code}</span> ${r.last_error.message}</div><div class="small muted">since ${timeTag(r.last_error.at)}</div>`;
  if (r.last_success_at === null) return h`<span class="badge dim">not synced yet</span>`;
  return h`<span class="badge good">in sync</span>`;
}

function row(r: RepoStatus): Html {
  return h`<tr>
<td class="title"><a class="repo" href="${withQuery('/', { repo: r.name })}">${r.name}</a><div class="meta">branch <span class="mono">${r.branch}</span> · <a href="${repoPictureUrl(r.name, 'timeline')}">timeline</a> · <a href="${repoPictureUrl(r.name, 'graph')}">graph</a></div></td>
<td class="status">${state(r)}</td>
<td class="detail">${r.projected_oid ? h`<span class="mono" title="${r.projected_oid}">${r.projected_oid.slice(0, 12)}</span>` : h`<span class="muted">nothing projected</span>`}</td>
<td class="who">${r.entries}</td>
<td class="who">${r.problems > 0 ? h`<a href="#problems-${r.name}">${r.problems}</a>` : '0'}</td>
<td class="when">${r.last_sync_at ? timeTag(r.last_sync_at) : h`<span class="muted">never</span>`}</td>
</tr>`;
}

function problemList(problems: ProblemRow[]): Html {
  const byRepo = new Map<string, ProblemRow[]>();
  for (const p of problems) byRepo.set(p.repo, [...(byRepo.get(p.repo) ?? []), p]);
  return h`${[...byRepo].map(([repo, list]) => h`<section class="panel" id="problems-${repo}" aria-label="Problems of ${repo}"><h3><span class="repo">${repo}</span> ${list.length} ${list.length === 1 ? 'problem' : 'problems'}</h3>
<ul class="plain">${list.map((p) => h`<li><span class="mono">${p.path}</span> <span class="tag">${p.code}</span> ${p.message}</li>`)}</ul></section>`)}`;
}

/** The repositories page body. */
export function renderRepos(args: { repos: RepoStatus[]; problems: ProblemRow[] }): { title: string; body: Html } {
  const { repos } = args;
  const failing = repos.filter((r) => r.last_error !== null).length;
  return {
    title: 'Repositories',
    body: h`<h1>Repositories</h1>
<p class="lede">${repos.length} ${repos.length === 1 ? 'repository' : 'repositories'} visible to this token${failing > 0 ? h`, <strong>${failing} failing</strong> (the others keep serving)` : ''}. Each is projected up to its own commit.</p>
${repos.length === 0 ? h`<p class="empty">This token can read no registered repository.</p>` : h`<table class="entries">
<colgroup><col class="c-entry"><col class="c-state"><col class="c-status"><col class="c-when"><col class="c-when"><col class="c-sync"></colgroup>
<thead><tr><th scope="col">Repository</th><th scope="col">State</th><th scope="col">Projected commit</th><th scope="col">Entries</th><th scope="col">Problems</th><th scope="col">Last sync</th></tr></thead>
<tbody>${repos.map(row)}</tbody></table>`}
${args.problems.length > 0 ? h`<h2>Problems</h2>${problemList(args.problems)}` : ''}`,
  };
}
