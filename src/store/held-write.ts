/**
 * A compare-and-swap write `brain sync` holds back (DESIGN §6 `expected_revision`, §8;
 * docs/decisions/0063). A local revision written with `--expected-revision N` says "only if the
 * entry is still at N". When the remote has revisions of that entry this clone never saw, the
 * guard failed: the replay does not renumber it over them. It is kept instead as a pending
 * candidate on the branch (docs/decisions/0042), pushed like any other write, where
 * `brain candidates` shows it to everyone and `brain approve <cand>` applies it as the entry's
 * next revision (or `brain reject` drops it, with a reason). Nothing is lost: the revision file
 * also stays in the old local commit.
 *
 * Which local revisions are guarded is read from the `Brain-Expected-Revision` trailers of the
 * local commits the remote lacks (store/agent-trailer.ts).
 */
import type { Candidate, Proposal } from '../model/candidate.js';
import type { Entry } from '../model/entry.js';
import { deriveCandidateId, ENTRY_ID_PATTERN } from '../model/entry-id.js';
import { commitsWithTrailer } from '../git/commit-trailers.js';
import type { RepoLocation } from '../git/repo.js';
import { EXPECTED_REVISION_TRAILER, type ExpectedRevision } from './agent-trailer.js';
import { PROJECTS_DIR, parseBrainPath } from './layout.js';

/** A local revision file to hold back, and the guard that failed. */
export interface HeldFile {
  /** The local commit that added it. */
  commit: string;
  /** The guards of that commit on entries the remote moved. */
  guards: ExpectedRevision[];
}

/** What the replay held back for one entry (`brain sync` reports it as a conflict). */
export interface HeldWrite {
  /** The pending candidate that keeps it. */
  candidate_id: string;
  /** The revision the guarded write expected (null: held because a write it builds on was). */
  expected_revision: number | null;
  /** The entry's current revision on the remote. */
  current_revision: number | null;
  /** The local revision numbers held (their files stay in the local commits named). */
  revisions: number[];
  commits: string[];
}

const VALUE = /^(\S+) r([1-9][0-9]*)$/;

/**
 * The revision files `local` added since `remote` (null: all) that a compare-and-swap commit
 * wrote while guarding an entry of `moved` (the entries the remote has revisions of that `local`
 * lacks): path → the commit and its failed guards. Every file such a commit added is held (a
 * supersede's successor too), so a guarded change never lands half. Errors: `git_error`.
 */
export async function heldFiles(args: { repo: RepoLocation; local: string; remote: string | null; moved: Set<string> }): Promise<Map<string, HeldFile>> {
  const out = new Map<string, HeldFile>();
  if (args.moved.size === 0) return out;
  const commits = await commitsWithTrailer({ repo: args.repo, tip: args.local, exclude: args.remote, key: EXPECTED_REVISION_TRAILER, paths: [PROJECTS_DIR] });
  for (const commit of commits) {
    const guards = commit.values.flatMap((v) => {
      const m = VALUE.exec(v);
      return m && ENTRY_ID_PATTERN.test(m[1] as string) ? [{ entry_id: m[1] as string, revision: Number(m[2]) }] : [];
    });
    const failed = guards.filter((g) => args.moved.has(g.entry_id));
    if (failed.length === 0) continue;
    for (const path of commit.added) if (parseBrainPath(path).type === 'revision' && !out.has(path)) out.set(path, { commit: commit.oid, guards: failed });
  }
  return out;
}

const PROPOSAL_FIELDS = ['rationale', 'status', 'tags', 'related_task_ids', 'related_entry_ids', 'supersedes_entry_id', 'confidence', 'citations', 'paths'] as const;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The pending candidate keeping `ours` (the last held local revision of an entry), proposing
 * what it changed from `base` (the revision the first held one was written on; null: every
 * field) — payload keys only as changed; the title is ours when ours changed it, else `theirs`'
 * (the entry's current revision on the remote) — to be merged into the entry. Its id is
 * derived from `sha256` (the held file's), so a replay repeated after an interrupted sync finds
 * it already there. Pure.
 */
export function heldCandidate(args: { ours: Entry; sha256: string; base: Entry | null; theirs: Entry | null; held: Omit<HeldWrite, 'candidate_id'>; remoteLabel: string }): Omit<Candidate, 'revision'> {
  const { ours, base, held } = args;
  // A proposal needs a title; one ours did not change is theirs', so approving keeps theirs.
  const title = base !== null && args.theirs !== null && ours.title === base.title ? args.theirs.title : ours.title;
  const proposal: Record<string, unknown> = { entry_kind: ours.entry_kind, title };
  const record = ours as unknown as Record<string, unknown>;
  for (const key of PROPOSAL_FIELDS) if (record[key] !== undefined && (base === null || !same(record[key], (base as unknown as Record<string, unknown>)[key]))) proposal[key] = record[key];
  const payload = Object.fromEntries(Object.entries(ours.payload).filter(([k, v]) => base === null || !same(v, base.payload[k])));
  if (Object.keys(payload).length > 0) proposal['payload'] = payload;
  const who = { author: ours.author, ...(ours.agent !== undefined ? { agent: ours.agent } : {}) };
  const expected = held.expected_revision === null ? 'built on a held write' : `written with expected revision ${held.expected_revision}`;
  const now = held.current_revision === null ? '' : `; ${args.remoteLabel} has r${held.current_revision} now`;
  return {
    candidate_id: deriveCandidateId(`held:${ours.entry_id}:${args.sha256}`),
    project_id: ours.project_id,
    status: 'pending',
    ...who,
    recorded_at: ours.recorded_at,
    proposed_by: who,
    proposal: proposal as Proposal,
    review: {
      reviewer: 'brain sync',
      relation: 'additive_update',
      suggested_action: 'merge',
      target_entry_id: ours.entry_id,
      conflict_signals: [held.expected_revision === null ? 'expected_revision:held_parent' : `expected_revision:${held.expected_revision}`, ...(held.current_revision === null ? [] : [`current_revision:${held.current_revision}`])],
      summary: `r${held.revisions.join(', r')} of ${ours.entry_id} held back by brain sync: ${expected}${now}`,
      compared: [],
      evidence: [],
    },
  };
}
