/**
 * One write operation's staging area (DESIGN §3): reads entries — and candidates (issue #20) —
 * at the tip it started from, assigns the next revision number (never the caller), builds the
 * canonical revision file and appends its ledger line. Nothing touches git until the store
 * commits the staged files: an approval's entry revisions and the candidate's approval are one
 * commit.
 */
import type { Entry } from '../model/entry.js';
import type { Candidate } from '../model/candidate.js';
import { validateEntry } from '../model/validate.js';
import { validateCandidate } from '../model/validate-candidate.js';
import { canonicalJson, sha256Hex } from './canonical-json.js';
import { loadCurrent, readCandidateState, readEntryState, type CandidateState, type EntryState, type RecordState } from './entry-state.js';
import { LEDGER_FILE, PROJECTS_DIR, entryDir, revisionFileName } from './layout.js';
import { BrainError } from '../model/errors.js';
import { kindOfEntryId } from '../model/kinds.js';
import { readTreeCached, treeOidAt } from '../git/tree-reader.js';
import { formatLedgerLine } from './ledger.js';
import { assertNoSecrets } from '../model/secret-scan.js';

/** Entries whose states {@link WriteTransaction.prefetch} reads at once. */
export const PREFETCH_AT_ONCE = 1000;

/** A revision staged in a transaction. */
export interface StagedRevision {
  entry: Entry;
  path: string;
  sha256: string;
}

/** A candidate revision staged in a transaction. */
export interface StagedCandidate {
  candidate: Candidate;
  path: string;
  sha256: string;
}

/** Staging area of one commit; created by the store, handed to the operation callback. */
export class WriteTransaction {
  readonly files = new Map<string, string>();
  readonly staged: StagedRevision[] = [];
  readonly stagedCandidates: StagedCandidate[] = [];
  private readonly states = new Map<string, EntryState>();
  private readonly candidateStates = new Map<string, CandidateState>();
  /** The other projects on the branch at {@link tip} (read once, when a new entry is first staged). */
  private otherProjects: Promise<string[]> | null = null;

  constructor(
    readonly gitdir: string,
    /** The tip this transaction builds on (null: the branch has no commit yet). */
    readonly tip: string | null,
    readonly projectId: string,
    /**
     * Refuse revisions holding a credential (`secret_detected`, docs/decisions/0040). Every
     * writer leaves it on; only `brain sync`'s replay of revisions already committed on the
     * local branch turns it off (refusing them now would strand the clone, not un-leak them).
     */
    private readonly options: { scanSecrets: boolean } = { scanSecrets: true },
  ) {}

  /** The state every entry and candidate written by this transaction is left in (what its new tree holds). */
  written(): RecordState<unknown>[] {
    const ids = new Set(this.staged.map((s) => s.entry.entry_id));
    const candidates = new Set(this.stagedCandidates.map((s) => s.candidate.candidate_id));
    return [...[...ids].map((id) => this.states.get(id) as EntryState), ...[...candidates].map((id) => this.candidateStates.get(id) as CandidateState)];
  }

  private async candidateState(candidateId: string): Promise<CandidateState> {
    let state = this.candidateStates.get(candidateId);
    if (!state) {
      state = await readCandidateState({ gitdir: this.gitdir, commitOid: this.tip, projectId: this.projectId, candidateId });
      this.candidateStates.set(candidateId, state);
    }
    return state;
  }

  /** The current revision of candidate `candidateId` of this project as of this transaction (including staged ones), or null. */
  async currentCandidate(candidateId: string): Promise<Candidate | null> {
    return loadCurrent(this.gitdir, await this.candidateState(candidateId));
  }

  /**
   * Stages the next revision of `candidate.candidate_id` (numbered here, validated, written
   * canonically and chained in its ledger, as {@link put} does for entries); its proposal is
   * scanned for credentials like an entry. Errors: `invalid_entry`, `secret_detected`.
   */
  async putCandidate(candidate: Omit<Candidate, 'revision'>): Promise<StagedCandidate> {
    const state = await this.candidateState(candidate.candidate_id);
    const validated = validateCandidate({ ...candidate, revision: state.maxRevision + 1 });
    if (this.options.scanSecrets) await assertNoSecrets(validated.proposal, { where: `candidate ${validated.candidate_id} r${validated.revision}` });
    const { path, sha256, next } = this.append(state, validated);
    this.candidateStates.set(candidate.candidate_id, next);
    const staged: StagedCandidate = { candidate: validated, path, sha256 };
    this.stagedCandidates.push(staged);
    return staged;
  }

  /**
   * Stages `record` (validated, numbered `state.maxRevision + 1`) as the next revision file of
   * the record directory `state`, chained in its ledger: onto the current revision, listing
   * the other heads of a fork in `merged_sha256` (DESIGN §3 invariant 5). Returns its path,
   * sha256 and the state it leaves.
   */
  private append<T extends { revision: number; recorded_at: string; author: string }>(state: RecordState<T>, record: T): { path: string; sha256: string; next: RecordState<T> } {
    const text = canonicalJson(record);
    const sha256 = sha256Hex(text);
    const file = revisionFileName(record.revision, sha256);
    const parent = state.current?.sha256 ?? null;
    const merged = state.heads.filter((head) => head !== parent).sort();
    const line = formatLedgerLine({
      revision: record.revision,
      file,
      sha256,
      parent_sha256: parent,
      ...(merged.length > 0 ? { merged_sha256: merged } : {}),
      recorded_at: record.recorded_at,
      author: record.author,
    });
    const base = state.ledgerText === '' || state.ledgerText.endsWith('\n') ? state.ledgerText : `${state.ledgerText}\n`;
    const ledgerText = base + line;
    const path = `${state.dir}/${file}`;
    this.files.set(path, text);
    this.files.set(`${state.dir}/${LEDGER_FILE}`, ledgerText);
    const next: RecordState<T> = {
      ...state,
      ledgerText,
      ledgerLines: state.ledgerLines + 1,
      maxRevision: record.revision,
      current: { sha256, oid: null, entry: record },
      heads: [sha256],
      repairs: null,
    };
    return { path, sha256, next };
  }

  private async state(entryId: string): Promise<EntryState> {
    let state = this.states.get(entryId);
    if (!state) {
      state = await readEntryState({ gitdir: this.gitdir, commitOid: this.tip, projectId: this.projectId, entryId });
      this.states.set(entryId, state);
    }
    return state;
  }

  /**
   * Reads the state of every entry of `entryIds` not read yet, many at once (issue 21: a
   * revision of an existing entry read its state back from git one round trip at a time,
   * 0.35–0.4 ms per line in a cold process): their git reads are pipelined through one
   * `cat-file` child, {@link PREFETCH_AT_ONCE} entries at a time. Later {@link put} and
   * {@link current} calls find them in memory. `options.current`: also read each entry's
   * current record, for a caller that compares content with {@link current} (importers); a
   * `put` needs only the state (decision 0080: the state cache keeps the record's blob oid,
   * not the record). Never throws: an entry whose state cannot be read is left for the call
   * that needs it, which reports the error in its place.
   */
  async prefetch(entryIds: Iterable<string>, options: { current?: boolean } = {}): Promise<void> {
    const todo = [...new Set(entryIds)].filter((id) => {
      const known = this.states.get(id);
      return !known || (options.current === true && known.current !== null && known.current.entry === null);
    });
    for (let i = 0; i < todo.length; i += PREFETCH_AT_ONCE) {
      await Promise.all(todo.slice(i, i + PREFETCH_AT_ONCE).map(async (id) => {
        const state = await this.state(id).catch(() => null);
        if (state?.maxRevision === 0 && state.ledgerLines === 0) await this.heldElsewhere(id).catch(() => null);
        if (state && options.current) await loadCurrent(this.gitdir, state).catch(() => null);
      }));
    }
  }

  /**
   * The current revision of `entryId` as of this transaction (including staged ones), or null;
   * read from git the first time it is asked for (one blob; {@link prefetch} with `current`
   * reads many at once). Errors: `invalid_entry` (no valid revision), git read errors.
   */
  async current(entryId: string): Promise<Entry | null> {
    return loadCurrent(this.gitdir, await this.state(entryId));
  }

  /** The path of the invalid or missing newest revision the next one repairs, or null. */
  async repairs(entryId: string): Promise<string | null> {
    return (await this.state(entryId)).repairs;
  }

  /**
   * The other project holding `entryId` at the tip, or null. An entry id is unique in a brain
   * (docs/decisions/0029): one tree lookup per other project, made only for an id new to this
   * project.
   */
  private async heldElsewhere(entryId: string): Promise<string | null> {
    const tip = this.tip;
    if (tip === null) return null;
    this.otherProjects ??= treeOidAt(this.gitdir, tip, PROJECTS_DIR).then(async (tree) =>
      tree === null ? [] : (await readTreeCached(this.gitdir, tree)).filter((e) => e.type === 'tree' && e.path !== this.projectId).map((e) => e.path),
    );
    const kind = kindOfEntryId(entryId);
    for (const project of await this.otherProjects) {
      if ((await treeOidAt(this.gitdir, tip, entryDir(project, kind, entryId))) !== null) return project;
    }
    return null;
  }

  /**
   * Stages the next revision of `entry.entry_id`: the revision number is assigned here
   * (max existing + 1), the result validated, written canonically and chained in the ledger.
   * When the entry is forked (several files hold its top revision, DESIGN §3 invariant 5), the
   * ledger line chains onto the current one and lists the other heads in `merged_sha256`:
   * this revision closes the fork. Every string field is scanned for credentials first.
   * Errors: `invalid_entry`, `illegal_status`; `secret_detected` (nothing staged); `conflict` when
   * the id is new to this project but another project on the branch holds it (an entry id is
   * unique in a brain: docs/decisions/0029).
   */
  async put(entry: Omit<Entry, 'revision'>): Promise<StagedRevision> {
    const state = await this.state(entry.entry_id);
    if (state.maxRevision === 0 && state.ledgerLines === 0) {
      const other = await this.heldElsewhere(entry.entry_id);
      if (other !== null) {
        throw new BrainError('conflict', `entry id ${entry.entry_id} already exists in project ${other}: an entry id is unique in a brain`, {
          hint: `revise it there (brain --project ${other} …), or record this one under a new id (leave entry_id out, or change it)`,
          data: { entry_id: entry.entry_id, project_id: this.projectId, existing_project_id: other },
        });
      }
    }
    const revision = state.maxRevision + 1;
    const validated = validateEntry({ ...entry, revision });
    if (this.options.scanSecrets) await assertNoSecrets(validated, { where: `entry ${validated.entry_id} r${revision}` });
    const { path, sha256, next } = this.append(state, validated);
    const staged: StagedRevision = { entry: validated, path, sha256 };
    this.staged.push(staged);
    this.states.set(entry.entry_id, next);
    return staged;
  }
}
