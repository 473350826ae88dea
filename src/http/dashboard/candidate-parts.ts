/**
 * Pieces of the Candidates pages (issue #20; docs/decisions/0045), from plain data — a
 * candidate revision and the current entries it concerns — never a Brain, so the hub's
 * dashboard can render them too: where the links go, who proposed it, the proposal's fields,
 * the reviewer's verdict (relation, suggestion, evidence scores and signals) beside the entry it
 * concerns, and the one line saying how to approve (the pages write nothing). All candidate
 * text is escaped by `h` and isolated with `<bdi>` (it may carry bidi overrides).
 */
import type { Candidate, Evidence, Review } from '../../model/candidate.js';
import type { Approver } from '../../model/approval.js';
import { describeSuggestion } from '../../model/candidate-suggestion.js';
import type { Entry } from '../../model/entry.js';
import { h, type Html } from './html.js';
import { entryUrl, kindName, pageUrl, statusBadge, type LinkBase, type UrlQuery } from './parts.js';
import { titleText } from '../../model/title-text.js';

/** Where the Candidates pages link: entries and the board (`base`), the list, one candidate. */
export interface CandidateLinks {
  base: LinkBase;
  list(query?: UrlQuery): string;
  candidate(candidateId: string): string;
}

/** The daemon's candidate links of `project`: `/projects/<p>/candidates[/<id>]`. */
export function projectCandidateLinks(project: string): CandidateLinks {
  return {
    base: project,
    list: (query = {}) => pageUrl(project, 'candidates', query),
    candidate: (id) => pageUrl(project, `candidates/${encodeURIComponent(id)}`),
  };
}

/** `text` on one line, at most `max` characters (an ellipsis marks the cut). */
export function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

const RELATION_TONE: Record<string, string> = { novel: 'good', duplicate: 'bad', additive_update: 'info', full_replacement: 'warn', possible_split: 'warn', ambiguous_overlap: 'warn' };
const CANDIDATE_TONE: Record<string, string> = { pending: 'info', approved: 'good', rejected: 'dim' };

/** A relation badge (`duplicate`, `additive update`, …). */
export const relationBadge = (relation: string) => h`<span class="badge ${RELATION_TONE[relation] ?? 'dim'}">${relation.replace(/_/g, ' ')}</span>`;

/** A candidate status badge. */
export const candidateStatusBadge = (status: string) => h`<span class="badge ${CANDIDATE_TONE[status] ?? 'dim'}">${status}</span>`;

/** `Ada`, `agent claude-code for Ada`, `the auto_approve:safe rule`. */
export function whoHtml(who: Approver): Html {
  if ('rule' in who) return h`the <span class="mono">${who.rule}</span> rule`;
  return who.agent === undefined ? h`<strong><bdi>${who.author}</bdi></strong>` : h`agent <strong class="agent"><bdi>${who.agent}</bdi></strong> for <strong><bdi>${who.author}</bdi></strong>`;
}

/** A link to an entry, its title isolated. */
const entryA = (base: LinkBase, id: string, title: string) => h`<a href="${entryUrl(base, id)}"><bdi>${titleText(title)}</bdi></a>`;

/**
 * The reviewer's suggestion for the candidate, its entry linked: `reject: duplicate of
 * <a>Use SQLite</a> dec-…` (the wording of src/model/candidate-suggestion.ts).
 */
export function suggestionHtml(base: LinkBase, review: Review): Html {
  const s = describeSuggestion(review);
  const entry = s.entry === null ? '' : h`${entryA(base, s.entry.entry_id, s.entry.title ?? s.entry.entry_id)} <span class="id">${s.entry.entry_id}</span>`;
  return h`<span class="suggestion">${s.before}${entry}${s.after}</span>`;
}

const PAYLOAD_KEYS = ['decision_outcome', 'answer', 'resolution', 'mitigation', 'summary'] as const;

/** The text that says most about an entry: its outcome / answer / resolution / mitigation / summary, else its rationale. */
export function keyText(e: Entry): string {
  for (const key of PAYLOAD_KEYS) if (typeof e.payload[key] === 'string' && (e.payload[key] as string).trim() !== '') return e.payload[key] as string;
  return e.rationale;
}

/** The scores of one piece of evidence, as `<dl>` facts. */
function scores(ev: Evidence): Html {
  const n = (x: number) => x.toFixed(2);
  return h`<dl class="facts scores"><dt>score</dt><dd>${n(ev.score)}</dd><dt>title ~</dt><dd>${n(ev.title_similarity)}</dd><dt>text ~</dt><dd>${n(ev.text_similarity)}</dd><dt>coverage</dt><dd>${n(ev.coverage)}</dd><dt>novelty</dt><dd>${n(ev.novelty)}</dd><dt>search</dt><dd>${n(ev.search_relevance)}</dd></dl>`;
}

/** Signals and shared scope as small chips. */
export const signalList = (ev: Pick<Evidence, 'signals' | 'shared_scope'>) =>
  h`${ev.signals.map((s) => h`<span class="tag mono">${s}</span>`)}${ev.shared_scope.map((s) => h`<span class="tag mono">shared ${s}</span>`)}`;

/**
 * The entry the verdict concerns, beside the candidate: its current title (linked), kind,
 * status, revision and key text, with the evidence scores and signals the reviewer recorded —
 * or, for a verdict that names no entry, what that means.
 */
export function concernsPanel(base: LinkBase, c: Candidate, entries: Readonly<Record<string, Entry>>, options: { full?: boolean } = {}): Html {
  const r = c.review;
  const target = r.target_entry_id;
  if (target === null) return h`<div class="concerns none"><p class="kind-label">Concerns</p><p class="muted">No entry: the reviewer found no current entry that says this${r.evidence.length ? ` (closest score ${r.evidence[0]?.score.toFixed(2)})` : ''}.</p></div>`;
  const ev = r.evidence.find((x) => x.entry_id === target);
  const e = entries[target];
  const head = e
    ? h`<p class="kind-label">Concerns · ${kindName(e.entry_kind).one}</p><h3>${entryA(base, e.entry_id, e.title)}</h3>
<p class="small">${statusBadge(e.status, e.entry_kind)} <span class="id">${e.entry_id}</span> · r${e.revision}${ev && ev.revision !== e.revision ? h` <span class="muted">(reviewed against r${ev.revision})</span>` : ''}</p>
<p class="key-text"><bdi>${clip(keyText(e), options.full ? 1200 : 280)}</bdi></p>`
    : h`<p class="kind-label">Concerns</p><h3>${entryA(base, target, ev?.title ?? target)}</h3><p class="small muted"><span class="id">${target}</span> is not in this project's current state.</p>`;
  return h`<div class="concerns">${head}${ev ? h`${scores(ev)}<p class="signals">${signalList(ev)}</p>` : ''}</div>`;
}

/** The line every Candidates page shows: the pages are read-only; approving is a CLI / MCP action with the approve capability. */
export function howToDecide(candidateId = '<id>'): Html {
  return h`<p class="small muted how">Read-only. To decide, run <code>brain approve ${candidateId}</code> (or <code>--as new</code>, <code>--merge &lt;entry&gt;</code>, <code>--supersede &lt;entry&gt;</code>) or <code>brain reject ${candidateId} --reason "…"</code>; agents use the MCP tools <code>brain_approve</code> / <code>brain_reject</code> with a token that has the <code>approve</code> capability. Nobody approves what they proposed.</p>`;
}
