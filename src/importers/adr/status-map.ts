/**
 * Free-text ADR status → decision status (DESIGN §9: "free-text statuses mapped with a report
 * of what could not be mapped (never a silent default)").
 */
import { withBadgeText } from '../../model/badge-text.js';
import { plainText } from './inline-text.js';

/** The statuses a decision may have (LEGAL_STATUSES.decision in src/model/kinds.ts). */
export type DecisionStatus = 'proposed' | 'accepted' | 'rejected' | 'deprecated' | 'superseded';

/** Result of {@link mapStatusText}: a status, or the reason none could be chosen. */
export type StatusMapping =
  | { mapped: true; status: DecisionStatus; normalized: string }
  | { mapped: false; reason: string; normalized: string };

/**
 * The status words of the languages ADR templates are most often translated into (German,
 * French, Spanish, Portuguese, Italian, Dutch, Norwegian, Danish, Swedish, Japanese, Chinese; the
 * Scandinavian ones since Arbeidstilsynet's `Foreslått` / `Akseptert`, decision 0113), lower case: `## Status` /
 * `Akzeptiert` is an accepted ADR, not an unmapped one; so is `## ステータス` / `承認済み`; hitobito's
 * Swiss German `Status: **Entscheid**` and `Abgeschlossen` (decided, done) and `Vorschlag` (round twenty).
 */
function translatedWords(status: DecisionStatus): string[] {
  const byStatus: Record<DecisionStatus, string> = {
    accepted: 'akzeptiert angenommen genehmigt beschlossen entschieden umgesetzt abgeschlossen entscheid accepté acceptée adopté adoptée approuvé approuvée validé validée mergé mergée fusionné fusionnée aceptado aceptada aprobado aprobada aceito aceita aprovado aprovada accettato accettata approvato approvata geaccepteerd aangenomen goedgekeurd akseptert godkjent vedtatt accepteret godkendt accepterad godkänd beslutad 承認 承認済み 採用 採用済み 決定 決定済み 已接受 接受 已采纳 采纳 已批准',
    proposed: 'vorgeschlagen vorschlag entwurf offen proposé proposée brouillon propuesto propuesta borrador proposto proposta rascunho bozza voorgesteld foreslått foreslåtte utkast foreslået forslag föreslagen 提案 提案中 検討中 草案 提议 提议中 讨论中',
    rejected: 'abgelehnt verworfen rejeté rejetée refusé refusée rechazado rechazada rejeitado rejeitada respinto respinta afgewezen avvist forkastet afvist förkastad avslagen 却下 不採用 否認 已拒绝 拒绝',
    deprecated: 'veraltet obsolet déprécié dépréciée obsolète obsoleto obsoleta descontinuado deprecato verouderd utdatert foreldet forældet föråldrad 非推奨 廃止 已弃用 弃用 已废弃',
    superseded: 'ersetzt abgelöst überholt remplacé remplacée reemplazado reemplazada sustituido sustituida substituído substituída sostituito sostituita vervangen erstattet ersatt 置き換え 置換 置き換え済み 已取代 被取代',
  };
  return byStatus[status].split(' ');
}

/**
 * Leading words per status, matched against the start of the normalised text, so trailing
 * text ("accepted on 2020-01-01", "superseded by [ADR-0057](…)", "rejected (see 019)",
 * "Implemented (moved to …)", "Accepted (tracked in #9256)") is ignored — and kept by the import
 * as the status words (`status_text`). Common misspellings of "superseded" are accepted; words
 * that qualify a status ("partially accepted", "accepted but not yet implemented") map to it.
 * Anything else is unmapped.
 */
const STATUS_WORDS: ReadonlyArray<readonly [DecisionStatus, readonly string[]]> = [
  ['superseded', ['superseded', 'superseeded', 'superceded', 'replaced', ...translatedWords('superseded')]],
  [
    'accepted',
    ['accepted', 'implemented', 'approved', 'agreed', 'done', 'adopted', 'active', 'final', 'finalised', 'finalized', 'completed', 'complete', 'decided', 'in effect', 'in use',
      'partially accepted', 'partly accepted', 'partially implemented', 'partly implemented',
      // Superseded or replaced in part: the rest is still in force (the words are kept).
      'partially superseded', 'partly superseded', 'superseded in part', 'partially replaced', 'partly replaced', 'replaced in part',
      // edgexfoundry's changelog state for a change to an approved ADR; a pending question settled.
      'amended', 'resolved',
      // cilium's CFPs: `Released Cilium 1.17` (round twenty).
      'released',
      // The enhancement-proposal lifecycle (Tekton TEPs, Kubernetes KEPs): approved for implementation, or being implemented.
      'implementable', 'implementing', 'being implemented',
      // gRPC's and Dapr's proposal processes: approved, to be built; getsentry/rfcs'
      // `RFC Status: implementation` (the stage after `approved`).
      'ready for implementation', 'implementation in progress', 'implementation', 'in implementation', 'under implementation',
      // A record written after the fact of a decision already in force (mozilla/normandy's
      // `:Status: retrospective`, "documents a past decision"): accepted, the words kept.
      'retrospective', 'retroactive',
      // `approved` as it gets mistyped (gRPC's P4: `Aprroved`), as `superseded` is above.
      'aproved', 'aprroved', 'approoved',
      // EIPs' `Living` (decentraland/adr: "continually updated", never final, in force); a
      // standard declared `Stable` (SovereignCloudStack's `status: Stable`, `stabilized_at:`). Decision 0112.
      'living', 'stable', 'stabilized', 'stabilised',
      // A proposal merged into the project's records (SocialGouv's French `Statut : mergé`; decision 0113).
      'merged',
      // A feature shipped as an experiment (Kotlin/KEEP's `Experimental in 2.2`, 19 proposals; round twenty-one): in force, the words kept.
      'experimental', ...translatedWords('accepted')],
  ],
  [
    'proposed',
    ['proposed', 'draft', 'in review', 'under review', 'under discussion', 'pending', 'incomplete', 'in progress', 'in-progress', 'work in progress', 'wip', 'open', 'rfc', 'provisional',
      // The review stages of proposal processes (Swift Evolution's `Active Review (…)`, `Awaiting
      // review`, `Returned for revision`, `Previewing`; EIPs' `Review`, `Last Call`, `Stagnant`; PEPs'
      // `Deferred` (Tekton's `deferred` too); Stellar's `Awaiting Decision`, `FCP`; Dapr's `Ready for Review`): not yet
      // decided. `active review` is longer than `active` (accepted), so it wins. `On hold` (MADR's
      // own 0003) stays reported: it says nothing of where the decision stands. Decision 0098.
      'review', 'active review', 'in active review', 'awaiting review', 'scheduled for review', 'ready for review', 'needs review', 'in discussion',
      'returned for revision', 'returned for revisions', 'needs revision', 'revision requested', 'previewing', 'preview', 'in preview',
      'last call', 'final comment period', 'fcp', 'awaiting decision', 'voting', 'deferred', 'postponed', 'stagnant',
      // A prototype to try the proposal on (KEEP's `Prototype available`, `Prototyped in 1.4.30`).
      'prototype', 'prototype available', 'prototyped', 'prototyping',
      ...translatedWords('proposed')],
  ],
  // Swift Evolution's `Expired`: a review that lapsed with no decision taken up again (words kept).
  // wagtail/rfcs' `Deleted 2020-07-20 in [#55]`: a proposal taken back, never in force.
  // Qiskit/RFCs' `Not planned` (GitHub's word for an issue closed unbuilt), `won't do`: decided against.
  // bazelbuild/proposals' `status: Dropped` (round twenty-one): given up, never in force.
  ['rejected', ['rejected', 'declined', 'withdrawn', 'abandoned', 'dropped', 'expired', 'deleted', 'not planned', "won't do", 'wont do', "won't fix", 'wontfix', ...translatedWords('rejected')]],
  // Cardano's CIPs: `Inactive (obsolete)`, `Inactive (superseded by …)` — no longer in force.
  // crossplane's `Status: Defunct` (its design README: defunct designs "do not reflect the current
  // or impending state of the codebase"; decision 0113).
  ['deprecated', ['deprecated', 'reverted', 'obsolete', 'retired', 'archived', 'outdated', 'inactive', 'defunct', ...translatedWords('deprecated')]],
];

/** Emoji and pictographs (✅ ❌ ⌛️ 🤔 …), their variation selectors, joiners and skin tones. */
const PICTOGRAPHS = /[\p{Extended_Pictographic}\u{FE0E}\u{FE0F}\u{200D}\u{20E3}\u{1F3FB}-\u{1F3FF}\u2713\u2717\u2718]/gu;
const LEADING_DATE = /^(?:\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{2,4})\s*[:\-–—]?\s*/;

/**
 * `raw` without its struck-through words (`~~Proposed~~ Accepted`, `<del>Draft</del> Final`,
 * `<s>…</s>`, `<strike>…</strike>`): a status struck through was replaced by what follows it.
 */
function withoutStruckText(raw: string): string {
  if (!raw.includes('~') && !raw.includes('<')) return raw;
  return raw.replace(/<(del|s|strike)>[\s\S]*?<\/\1\s*>/gi, ' ').replace(/~~(?=\S)[^~\n]*?~~/g, ' ');
}

/**
 * Plain, lower-case status text: struck-through words left out, a status badge read as its message
 * (model/badge-text.ts), inline Markdown resolved to
 * its visible text (links → link text, bold/italic markers dropped), emoji removed, whitespace
 * collapsed, a stray leading "status:" label, leading punctuation and a leading date removed.
 * `"**⌛️ Superseded** by [ADR-7](7.md)"` → `"superseded by adr-7"`.
 */
export function normalizeStatusText(raw: string): string {
  let text = plainText(withoutStruckText(withBadgeText(raw)).replace(/\r?\n/g, ' '));
  text = text.replace(PICTOGRAPHS, ' ').replace(/[*_~`]+/g, ' ');
  text = text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
  text = text.replace(/^status\s*[:\-–—]?\s*/, '');
  text = text.replace(/^[\s:;,.\-–—>•·]+/, '');
  text = text.replace(LEADING_DATE, '');
  return text.trim();
}

/**
 * True for an unfilled template value: anything offering alternatives with `|`
 * (`{proposed | rejected | … | superseded by ADR-0123}`, MADR 2's `[proposed | … ]`), any value
 * wrapped in curly braces (MADR's placeholder convention, its ADR-0012) but one status word alone, a square-bracketed or
 * angle-bracketed value that is not itself a status (`[status]`, `<status>`), status words
 * offered with "or" (`Accepted or Rejected`, alphagov/forms' template; decision 0079) or with
 * slashes naming different statuses (`Proposed/Accepted/Deprecated`, Qiskit's; decision 0112), or the
 * bare word "status".
 */
export function isTemplatePlaceholder(raw: string): boolean {
  const text = raw.trim();
  if (text.includes('|')) return true;
  // Status words offered with "or", or with slashes when they name different statuses
  // (Qiskit's `Proposed/Accepted/Deprecated`; but `Accepted/Implemented` says one thing twice).
  const normalized = normalizeStatusText(text);
  const offered = normalized.split(/\s+or\s+/);
  if (offered.length > 1 && offered.every((word) => STATUS_WORDS.some(([, words]) => words.includes(word)))) return true;
  const slashed = normalized.split(/\s*\/\s*/).map(matchStatusWord);
  if (slashed.length > 1 && slashed.every((s) => s !== null) && new Set(slashed).size > 1) return true;
  // In braces, unless the braces hold one status word alone: HHS/simpler-grants-gov's `{Active}`
  // is the value chosen, the template's braces kept (round twenty).
  const braced = /^\{([\s\S]*)\}$/.exec(text);
  if (braced) {
    const inner = normalizeStatusText(braced[1] ?? '');
    return inner === '' || leadingStatusWord(inner)?.length !== inner.length;
  }
  const bracketed = /^\[([^\]]*)\]$/.exec(text) ?? /^<([^>]*)>$/.exec(text);
  if (bracketed) return matchStatusWord(normalizeStatusText(bracketed[1] ?? '')) === null;
  return /^[*_\s]*status[*_\s:]*$/i.test(text);
}

/** The status of the longest status word `normalized` starts with ("superseded in part" is not "superseded"). */
function matchStatusWord(normalized: string): DecisionStatus | null {
  return leadingStatusWord(normalized)?.status ?? null;
}

/**
 * The status word (or phrase) `normalized` (see {@link normalizeStatusText}) leads with, the
 * longest one known, and its length in characters; null when it leads with none.
 */
function leadingStatusWord(normalized: string): { status: DecisionStatus; length: number } | null {
  let best: { status: DecisionStatus; length: number } | null = null;
  for (const [status, words] of STATUS_WORDS) {
    for (const word of words) {
      if (!normalized.startsWith(word) || (best !== null && best.length >= word.length)) continue;
      const next = normalized.charAt(word.length);
      if (next === '' || !/[\p{L}\p{N}-]/u.test(next)) best = { status, length: word.length };
    }
  }
  return best;
}

/**
 * Maps one raw status value (Markdown allowed) to a decision status.
 * - accepted / implemented / approved / agreed / done / adopted / active / final / completed /
 *   decided / in effect / in use / partially (partly) accepted or implemented / partially
 *   (partly, in part) superseded or replaced / amended / resolved / living / stable → accepted
 * - proposed / draft / in review / under review / under discussion / pending / incomplete /
 *   in progress / work in progress / wip / open / rfc, and the review stages of proposal
 *   processes (review, active review, returned for revision, previewing, last call, deferred,
 *   awaiting decision, …) → proposed
 * - ready for implementation → accepted
 * - rejected / declined / withdrawn / abandoned / dropped / expired / deleted / not planned / won't do → rejected
 * - deprecated / reverted / obsolete / retired / archived / outdated / inactive → deprecated
 * - superseded (with or without "by …"), replaced → superseded
 * - and the same statuses in German, French, Spanish, Portuguese, Italian and Dutch
 *   (`Akzeptiert`, `Rechazado`, `Ersetzt durch …`; {@link translatedWords})
 * Only the leading word counts ("not accepted" is unmapped, "accepted; supersedes 45" is
 * accepted), or, in a sentence about the record, the word after its verb ({@link sentenceStatus}). Unmapped reasons: "empty status", "unfilled template value", "unrecognised status".
 * Pure; never throws.
 */
export function mapStatusText(raw: string): StatusMapping {
  const normalized = normalizeStatusText(raw);
  if (isTemplatePlaceholder(raw)) return { mapped: false, reason: 'unfilled template value', normalized };
  if (normalized === '') return { mapped: false, reason: 'empty status', normalized };
  const bracketed = /^\[([^\]]*)\]$/.exec(normalized) ?? /^\{([^}]*)\}$/.exec(normalized);
  const status = matchStatusWord(bracketed ? (bracketed[1] ?? '').trim() : normalized) ?? sentenceStatus(normalized);
  if (status === null) return { mapped: false, reason: 'unrecognised status', normalized };
  return { mapped: true, status, normalized };
}

/** The record as a sentence's subject: "this proposal", "the design", "this RFC". */
const RECORD_SUBJECT = /^(?:this|the)\s+(?:proposal|design|rfc|adr|decision|document|record|change|feature|spec(?:ification)?)\s+/;

/**
 * The status a status written as a sentence about the record states (golang/proposal's `Status:
 * this proposal was [adopted for the Go 1.4 release]`, `This design has been proposed and
 * accepted`, `This proposal will not be adopted.`; round twenty-one): the status word after
 * "was", "is", "has been" (the last of "proposed and accepted"), and a refusal ("will not be
 * adopted", "was not accepted") rejected. Null for any other text.
 */
function sentenceStatus(normalized: string): DecisionStatus | null {
  const subject = RECORD_SUBJECT.exec(normalized);
  if (subject === null) return null;
  const rest = normalized.slice(subject[0].length);
  if (/^(?:will|would|was|is|has|have|had)\s+not\s+(?:be\s+|been\s+)?(?:adopted|accepted|approved)\b/.test(rest)) return 'rejected';
  const verb = /^(?:was|is|has\s+been|had\s+been|will\s+be)\s+((?:\p{L}+\s+and\s+)?)(.*)$/u.exec(rest);
  return verb === null ? null : matchStatusWord(verb[2] ?? '');
}
