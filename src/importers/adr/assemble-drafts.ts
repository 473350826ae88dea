/**
 * Parsed ADRs of one directory → entry drafts: statuses with their defaults and reports, entry
 * ids, and supersede links between files (DESIGN §2 `supersede` "links the successor both ways").
 * Pure; no I/O.
 */
import { deriveEntryId } from '../../model/entry-id.js';
import { LIMITS } from '../../model/limits.js';
import type { Citation } from '../../model/entry.js';
import { FORMAT_DEFAULT_STATUS } from './adr-format.js';
import { adrLabel } from './adr-title.js';
import type { ParsedAdr } from './parse-adr.js';
import type { AdrDraft, AdrReadResult, DefaultedStatus, IndexedReport, NumberingReport, SharedLabelReport, SwappedDateReport, UnmappedStatus, UnreadDateReport } from './read-adr-dir.js';
import type { DecisionStatus } from './status-map.js';
import { resolveAdrLinks, type RelatedEdge, type SupersedeEdge, type UnresolvedRef } from './supersede-links.js';

/** Reasons reported in `unmapped` besides the status mapper's own. */
export const REASONS = {
  noStatus: 'no status',
  contradicts: 'supersede link contradicts explicit status',
  contradictoryLinks: 'contradictory supersede links',
  successorUnknown: 'superseded, but the successor could not be identified',
  /** Front matter `status:` and a Status section that disagree: the front matter's is stored (decision 0105). */
  twoStatuses: (section: string) => `the Status section says "${section}"; the front matter's status is stored`,
} as const;

/** An unmapped report before the stored status is known. */
type PendingUnmapped = Omit<UnmappedStatus, 'status'>;

interface Working {
  parsed: ParsedAdr;
  status: DecisionStatus;
  source: 'explicit' | 'defaulted';
  related: Set<string>;
  supersedes: string | null;
}

/** The entry id of an imported ADR: `deriveEntryId('decision', 'adr:<projectId>:<source_path>')`. */
export function adrEntryId(projectId: string, sourcePath: string): string {
  return deriveEntryId('decision', `adr:${projectId}:${sourcePath}`);
}

function initialStatus(p: ParsedAdr, unmapped: PendingUnmapped[], defaulted: DefaultedStatus[]): Working {
  const base = { parsed: p, related: new Set<string>(), supersedes: null };
  const mapping = p.status_mapping;
  if (p.section_status !== null) unmapped.push({ source_path: p.source_path, raw_status: p.raw_status ?? '', reason: REASONS.twoStatuses(p.section_status) });
  if (mapping?.mapped) return { ...base, status: mapping.status, source: 'explicit' };
  if (p.index_status !== null) return { ...base, status: p.index_status.status, source: 'explicit' };
  if (mapping) {
    unmapped.push({ source_path: p.source_path, raw_status: p.raw_status ?? '', reason: mapping.reason });
  } else if (p.front_matter_error !== null) {
    const reason = `${REASONS.noStatus} (front matter is not valid YAML: ${p.front_matter_error.split('\n')[0] ?? ''})`;
    unmapped.push({ source_path: p.source_path, raw_status: '', reason });
  } else {
    const fallback = FORMAT_DEFAULT_STATUS[p.format];
    if (fallback !== null) {
      defaulted.push({ source_path: p.source_path, format: p.format, status: fallback });
      return { ...base, status: fallback, source: 'defaulted' };
    }
    unmapped.push({ source_path: p.source_path, raw_status: '', reason: REASONS.noStatus });
  }
  return { ...base, status: 'proposed', source: 'defaulted' };
}

/**
 * Applies one edge "superseded → successor": links both ways, sets the successor's
 * `supersedes` (the first predecessor by path wins when there are several; the others stay in
 * `related`) and settles the superseded file's status — unless the older file's own status says it is
 * superseded only in part: then it stays in force, related only, and nothing is reported:
 * - already superseded: unchanged;
 * - the successor's own status is proposed or rejected, and only it states the edge: unchanged;
 * - explicit and anything else (e.g. "accepted"): kept, and reported in `unmapped` with
 *   {@link REASONS.contradicts} — the file's own word wins over another file's — unless the
 *   file itself states the edge and says accepted or proposed: then it is superseded;
 * - defaulted or unmapped: becomes superseded (status_source 'explicit', since a file states
 *   it); its `defaulted` / "no status" report is withdrawn, an unmappable text stays reported.
 */
/** A successor's statuses that leave what it supersedes in force. */
const NOT_IN_FORCE: ReadonlySet<DecisionStatus> = new Set(['proposed', 'rejected']);

function applyEdge(edge: SupersedeEdge, byPath: Map<string, Working>, unmapped: PendingUnmapped[], defaulted: DefaultedStatus[]): void {
  const old = byPath.get(edge.superseded);
  const successor = byPath.get(edge.successor);
  if (!old || !successor) return;
  old.related.add(edge.successor);
  successor.related.add(edge.superseded);
  // An older ADR that says it is superseded only in part ("Partly superseded") stays in force:
  // the pair stays related, the newer one does not claim to replace it, and the link agrees
  // with the older one's own words, so there is nothing to review.
  if (supersededInPart(old.parsed)) return;
  successor.supersedes ??= edge.superseded;
  if (old.status === 'superseded') return;
  // A successor that says it is still proposed (or was rejected) replaces nothing yet: unless the
  // older file says so itself, the older one stays as it is, with nothing to review (DEFRA's ADR
  // 0033, "Proposed", over 0016, "Accepted").
  if (successor.source === 'explicit' && NOT_IN_FORCE.has(successor.status) && !edge.stated_in.includes(edge.superseded)) return;
  const path = edge.superseded;
  // An older file that says so itself ("Accepted (lazy consensus) & implemented", then "Superceded
  // by [16. …](…)" in its Status section: apache/james' ADR 3) is superseded: its last word is the
  // file's own, not another file's. Its status words are kept. So is a retired one whose own status
  // names its successor (cardano's CPS-0008, "Inactive (superseded by CPS-0032)"; round twenty-one).
  const retired = old.status === 'deprecated' && /\b(?:supersed|superced|replaced\b)/i.test(old.parsed.raw_status ?? '');
  const saysSo = edge.stated_in.includes(edge.superseded) && (old.status === 'accepted' || old.status === 'proposed' || retired);
  if (old.source === 'explicit' && !saysSo) {
    if (!unmapped.some((u) => u.source_path === path && u.reason === REASONS.contradicts)) {
      unmapped.push({ source_path: path, raw_status: old.parsed.raw_status ?? '', reason: REASONS.contradicts });
    }
    return;
  }
  old.status = 'superseded';
  old.source = 'explicit';
  removeWhere(defaulted, (d) => d.source_path === path);
  removeWhere(unmapped, (u) => u.source_path === path && u.reason.startsWith(REASONS.noStatus));
}

/** True when an ADR's own status words say it is superseded or replaced only in part. */
function supersededInPart(p: ParsedAdr): boolean {
  return p.status_mapping?.mapped === true && /\b(?:partly|partially|in part)\b/.test(p.status_mapping.normalized) && /\b(?:supersed|replac)/.test(p.status_mapping.normalized);
}

function removeWhere<T>(list: T[], predicate: (item: T) => boolean): void {
  for (let i = list.length - 1; i >= 0; i--) if (predicate(list[i] as T)) list.splice(i, 1);
}

/**
 * Turns the parsed ADRs of one import into drafts plus the reports.
 * Status: a mapped status is 'explicit'; else the corpus index's (reported in `indexed`); an
 * unmappable one becomes `proposed` (reported with the mapper's reason); no status takes the
 * format's documented default (reported in `defaulted`), or `proposed` with reason "no status"
 * when the format has none. Every `unmapped` report carries the status finally stored.
 * Supersede edges (both directions, see supersede-links.ts) are then applied with `applyEdge`'s
 * rules; a pair of
 * files that each claim to supersede the other is dropped and both are reported. A file whose
 * own status says superseded but whose successor cannot be found keeps `superseded` and is
 * reported. A heading number that disagrees with the file name's is reported in `numbering`,
 * an ADR label several files carry in `shared_labels`
 * (the file name's wins). Reports are sorted by path. Never throws.
 */
export function assembleDrafts(options: { parsed: readonly ParsedAdr[]; projectId: string }): Omit<AdrReadResult, 'skipped'> {
  const unmapped: PendingUnmapped[] = [];
  const defaulted: DefaultedStatus[] = [];
  const working = options.parsed.map((p) => initialStatus(p, unmapped, defaulted));
  const byPath = new Map(working.map((w) => [w.parsed.source_path, w]));
  const links = resolveAdrLinks(options.parsed);
  const edges = links.edges;
  for (const r of links.related) {
    byPath.get(r.from)?.related.add(r.to);
    byPath.get(r.to)?.related.add(r.from);
  }
  const keys = new Set(edges.map((e) => `${e.superseded}\u0000${e.successor}`));
  for (const edge of edges) {
    if (keys.has(`${edge.successor}\u0000${edge.superseded}`)) {
      const w = byPath.get(edge.superseded);
      unmapped.push({ source_path: edge.superseded, raw_status: w?.parsed.raw_status ?? '', reason: REASONS.contradictoryLinks });
      continue;
    }
    applyEdge(edge, byPath, unmapped, defaulted);
  }
  for (const w of working) {
    const own = w.parsed.status_mapping?.mapped ? w.parsed.status_mapping : w.parsed.index_status;
    if (own?.status === 'superseded' && !edges.some((e) => e.superseded === w.parsed.source_path)) {
      unmapped.push({ source_path: w.parsed.source_path, raw_status: w.parsed.raw_status ?? '', reason: REASONS.successorUnknown });
    }
  }
  const idOf = (path: string): string => adrEntryId(options.projectId, path);
  // A successor of several (numpy's NEP 56 replaces NEPs 30, 31, 37 and 47) holds one
  // `supersedes_entry_id`: each other edge it settled stays named, as an `entry` citation on both
  // sides ("superseded by" / "supersedes"), so a reader is told what replaced NEP 31 (round twenty-one).
  const beyondSlot = edges.filter((e) => byPath.get(e.successor)?.supersedes !== e.superseded && byPath.get(e.superseded)?.status === 'superseded' && !keys.has(`${e.successor}\u0000${e.superseded}`));
  const supersedeCitations = (path: string): Citation[] => [
    ...beyondSlot.filter((e) => e.superseded === path).map((e): Citation => ({ source_ref: idOf(e.successor), source_kind: 'entry', locator: 'superseded by' })),
    ...beyondSlot.filter((e) => e.successor === path).map((e): Citation => ({ source_ref: idOf(e.superseded), source_kind: 'entry', locator: 'supersedes' })),
  ];
  const drafts = working.map((w): AdrDraft => {
    const p = w.parsed;
    const related = [...w.related].sort().slice(0, LIMITS.listItems).map(idOf);
    return {
      source_path: p.source_path,
      entry_id: idOf(p.source_path),
      status_source: w.source,
      date: p.date,
      deciders: p.deciders,
      fields: {
        title: p.title,
        rationale: p.rationale,
        status: w.status,
        tags: ['adr', ...p.tags.filter((t) => t !== 'adr')].slice(0, LIMITS.tags),
        citations: [...draftCitations(p, links.related, links.unresolved, idOf), ...supersedeCitations(p.source_path)].slice(0, LIMITS.listItems),
        related_entry_ids: related,
        supersedes_entry_id: w.supersedes === null ? null : idOf(w.supersedes),
        payload: {
          alternatives: p.alternatives,
          decision_outcome: p.decision_outcome,
          status_text: p.status_text,
          decision_date: p.date,
          ...(p.date !== null && p.date_precision !== null ? { decision_date_precision: p.date_precision } : {}),
          decision_makers: p.deciders,
          front_matter: p.front_matter,
          ...(p.title_prefix === null ? {} : { title_prefix: p.title_prefix }),
        },
      },
    };
  });
  const byPathOrder = <T extends { source_path: string }>(a: T, b: T): number =>
    a.source_path < b.source_path ? -1 : a.source_path > b.source_path ? 1 : 0;
  const stored = new Map(working.map((w) => [w.parsed.source_path, w.status]));
  const indexed: IndexedReport[] = options.parsed.flatMap((p) =>
    p.index_status === null ? [] : [{ source_path: p.source_path, status: stored.get(p.source_path) ?? p.index_status.status, words: p.index_status.words, index_path: p.index_status.index_path }],
  );
  const numbering: NumberingReport[] = options.parsed.flatMap((p) =>
    p.leading_number !== null && p.heading_number !== null && p.leading_number !== p.heading_number
      ? [{ source_path: p.source_path, file_number: p.leading_number, heading_number: p.heading_number }]
      : [],
  );
  const byLabel = new Map<string, string[]>();
  for (const p of options.parsed) {
    if (p.adr_number === null) continue;
    const label = adrLabel(p.adr_number, p.series_word ?? undefined);
    byLabel.set(label, [...(byLabel.get(label) ?? []), p.source_path]);
  }
  const shared_labels: SharedLabelReport[] = [...byLabel]
    .filter(([, paths]) => paths.length > 1)
    .map(([label, paths]) => ({ label, source_paths: paths.sort() }))
    .sort((a, b) => byPathOrder({ source_path: a.source_paths[0]! }, { source_path: b.source_paths[0]! }));
  const swapped_dates: SwappedDateReport[] = options.parsed.flatMap((p) =>
    p.date !== null && p.date_written !== null ? [{ source_path: p.source_path, written: p.date_written, date: p.date }] : [],
  );
  const unread_dates: UnreadDateReport[] = options.parsed.flatMap((p) => (p.date_unread !== null ? [{ source_path: p.source_path, written: p.date_unread, date: p.date }] : []));
  const invalid_front_matter = options.parsed.flatMap((p) => (p.front_matter_error !== null ? [{ source_path: p.source_path, error: p.front_matter_error.split('\n')[0] ?? '' }] : []));
  // The report says what was stored: an unmapped status a supersede link settled says superseded.
  const reported: UnmappedStatus[] = unmapped.map((u) => ({ ...u, status: stored.get(u.source_path) ?? 'proposed' }));
  return { drafts, unmapped: reported.sort(byPathOrder), defaulted: defaulted.sort(byPathOrder), indexed, unresolved: links.unresolved, numbering, shared_labels, swapped_dates, unread_dates, invalid_front_matter };
}

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The citations of one draft (issue #9): the source file, with the ADR number as locator
 * (`ADR-0029`); each imported ADR it relates to without superseding ("in favour of", "partly
 * undo", "see"), as an `entry` citation with that phrase; each reference that names no imported
 * file, as a `file` (or `external_url`) citation with its phrase. At most 100.
 */
function draftCitations(p: ParsedAdr, related: readonly RelatedEdge[], unresolved: readonly UnresolvedRef[], idOf: (path: string) => string): Citation[] {
  const out: Citation[] = [{ source_ref: p.source_path, source_kind: 'file', ...(p.adr_number === null ? {} : { locator: adrLabel(p.adr_number, p.series_word ?? undefined) }) }];
  for (const r of related) if (r.from === p.source_path) out.push({ source_ref: idOf(r.to), source_kind: 'entry', locator: cut(r.phrase, LIMITS.short) });
  for (const u of unresolved) {
    if (u.source_path !== p.source_path) continue;
    const kind = /^[a-z][a-z0-9+.-]*:/i.test(u.reference) ? 'external_url' : 'file';
    out.push({ source_ref: cut(u.reference, LIMITS.ref), source_kind: kind, locator: cut(u.phrase, LIMITS.short) });
  }
  return out.slice(0, LIMITS.listItems);
}
