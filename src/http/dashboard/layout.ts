/**
 * The page shell of the dashboard: a skip link, the header (brand, project switcher, search
 * box — plain GET forms, so they work with JavaScript off), the page navigation, `<main>`, and
 * a footer naming the projected commit. Landmarks: header, nav, main, footer.
 */
import { h, type Html } from './html.js';
import { pageUrl } from './parts.js';
import { STYLE_PATH } from './style.js';
import { ICON_PATH } from './security.js';

/** The dashboard's pages, in navigation order. */
export type PageName = 'board' | 'timeline' | 'graph' | 'brief' | 'search' | 'candidates' | 'entry' | 'error' | 'repos' | 'signin';

/**
 * The navigation of both dashboards, in one order (decision 0054, round six): a page's path
 * under a project of the daemon (`/projects/<p>/<sub>`) or at the hub's root (`/<sub>`). The
 * hub adds its Repositories page last.
 */
const NAV: { page: PageName; label: string; sub: string }[] = [
  { page: 'board', label: 'Board', sub: '' },
  { page: 'timeline', label: 'Timeline', sub: 'timeline' },
  { page: 'graph', label: 'Graph', sub: 'graph' },
  { page: 'brief', label: 'Brief', sub: 'brief' },
  { page: 'search', label: 'Search', sub: 'search' },
  { page: 'candidates', label: 'Candidates', sub: 'candidates' },
];
const HUB_NAV = [...NAV, { page: 'repos' as const, label: 'Repositories', sub: 'repos' }];

/** Options of {@link renderPage}. */
export interface PageOptions {
  /** The document title (the project and "Project Brain" are appended). */
  title: string;
  /** The project shown, or null (error pages before a project is known). */
  project: string | null;
  /** Every project with entries, for the switcher (the current one is always included). */
  projects?: readonly string[];
  active: PageName;
  body: Html;
  /** The projected commit the page reflects. */
  oid?: string | null;
  /** How the docs branch stands against its upstream (service/upstream-status.ts), shown under the navigation. */
  upstream?: { summary: string; fix: string | null } | null;
  /** What the docs branch's problems may hide from the project (service/problems-line.ts), shown under the navigation; absent or null: none. */
  problems?: string | null;
  /** How many candidates of the project are pending: shown beside the Candidates link (absent: no count). */
  pendingCandidates?: number;
  /** The search words to prefill in the header's search box. */
  query?: string;
  /** Set by the hub's dashboard (src/hub/dashboard/): its header, navigation and footer instead of the per-project ones. */
  hub?: HubChrome;
}

/**
 * The hub variant of the page shell: signed in (navigation, search, sign-out) or not (the
 * brand only). Its referrer policy is `same-origin`, not `no-referrer`: browsers send
 * `Origin: null` on a form POST from a no-referrer page, and the sign-in's CSRF guard needs
 * the real origin (src/hub/dashboard/session.ts); other sites still get no referrer.
 */
export interface HubChrome {
  signedIn: boolean;
  /** The repository and project a per-repository page shows: named in the header and the document title, as the daemon names its project. */
  place?: { repo: string; project: string };
}

function searchBox(action: string, query: string | undefined): Html {
  return h`<form class="search" role="search" method="get" action="${action}">
<label for="header-q" class="sr-only">Search entries</label>
<input id="header-q" type="search" name="q" value="${query ?? ''}" placeholder="Search decisions, questions, risks…">
<button type="submit">Search</button></form>`;
}

function hubHeader(options: PageOptions, chrome: HubChrome): Html {
  if (!chrome.signedIn) return h`<div class="wrap bar"><a class="brand" href="/">Project Brain hub</a></div>`;
  return h`
<div class="wrap bar">
<a class="brand" href="/">Project Brain hub</a>
${chrome.place ? h`<span class="muted small">repository <strong>${chrome.place.repo}</strong> · project <strong>${chrome.place.project}</strong></span>` : ''}
${searchBox('/search', options.query)}
<form class="signout" method="post" action="/session/end"><button type="submit" class="quiet">Sign out</button></form>
</div>
<nav class="wrap pages" aria-label="Pages"><ul>${HUB_NAV.map((n) => h`<li><a href="/${n.sub}"${n.page === options.active ? h` aria-current="page"` : ''}>${n.label}</a></li>`)}</ul></nav>${problemsLine(options.problems)}`;
}

function switcher(project: string, projects: readonly string[]): Html {
  const all = [...new Set([project, ...projects])].sort();
  if (all.length < 2) return h`<span class="muted small">project <strong>${project}</strong></span>`;
  return h`<form class="switch" method="get" action="/projects">
<label for="project-switch">Project</label>
<select id="project-switch" name="project">${all.map((p) => h`<option value="${p}"${p === project ? h` selected` : ''}>${p}</option>`)}</select>
<button type="submit" class="quiet">Open</button></form>`;
}

/**
 * `Upstream: <summary> — run <code>brain sync origin</code>` under the navigation, when the
 * branch has an upstream (issue #19). The summary's `code spans` (the command it names,
 * service/upstream-status.ts) are `<code>`, not backticks shown as they are (docs/decisions/0054).
 */
function upstreamLine(upstream: PageOptions['upstream']): Html | string {
  if (!upstream) return '';
  const summary = upstream.summary.split('`').map((part, i) => (i % 2 === 1 ? h`<code>${part}</code>` : part));
  return h`<p class="wrap small upstream${upstream.fix ? ' warn' : ' muted'}">Upstream: ${summary}${upstream.fix ? h` — run <code>${upstream.fix}</code>` : ''}</p>`;
}

/** The problems line under the navigation (its `code span` as `<code>`), or nothing. */
function problemsLine(problems: string | null | undefined): Html | string {
  if (!problems) return '';
  const text = problems.split('`').map((part, i) => (i % 2 === 1 ? h`<code>${part}</code>` : part));
  return h`<p class="wrap small upstream warn">Problems: ${text}</p>`;
}

/** A complete HTML document. */
export function renderPage(options: PageOptions): string {
  const { project } = options;
  const header = options.hub ? hubHeader(options, options.hub) : project === null ? h`<div class="wrap bar"><a class="brand" href="/">Project Brain</a></div>` : h`
<div class="wrap bar">
<a class="brand" href="${pageUrl(project)}">Project Brain</a>
${switcher(project, options.projects ?? [])}
${searchBox(pageUrl(project, 'search'), options.query)}
</div>
<nav class="wrap pages" aria-label="Pages"><ul>${NAV.map((n) => h`<li><a href="${pageUrl(project, n.sub)}"${n.page === options.active ? h` aria-current="page"` : ''}>${n.label}${n.page === 'candidates' && options.pendingCandidates ? h` <span class="count" aria-label="${options.pendingCandidates} pending">${options.pendingCandidates}</span>` : ''}</a></li>`)}</ul></nav>${upstreamLine(options.upstream)}${problemsLine(options.problems)}`;
  const doc = h`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="${options.hub ? 'same-origin' : 'no-referrer'}">
<title>${options.title}${project ? ` · ${project}` : ''}${options.hub?.place ? ` · ${options.hub.place.repo} · ${options.hub.place.project}` : ''} · Project Brain${options.hub ? ' hub' : ''}</title>
<link rel="icon" href="${ICON_PATH}" type="image/svg+xml">
<link rel="stylesheet" href="${STYLE_PATH}">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">${header}</header>
<main id="main" class="wrap" tabindex="-1">
${options.body}
</main>
<footer class="bottom wrap">${options.hub ? h`Read-only view of the docs branches this token can read · served by <span class="mono">brain hub</span>` : h`Read-only view of the docs branch${options.oid ? h` at <span class="mono" title="${options.oid}">${options.oid.slice(0, 12)}</span>` : ''} · served on 127.0.0.1 by <span class="mono">brain daemon</span>`}</footer>
</body>
</html>
`;
  return doc.toString();
}
