/**
 * One write operation's staging area (DESIGN §3): reads entries at the tip it started from,
 * assigns the next revision number (never the caller), builds the canonical revision file and
 * appends its ledger line. Nothing touches git until the store commits the staged files.
 */
import type { Entry } from '../model/entry.js';
import { validateEntry } from '../model/validate.js';
import { canonicalJson, sha256Hex } from './canonical-json.js';
import { readEntryState, type EntryState } from './entry-state.js';
import { LEDGER_FILE, PROJECTS_DIR, entryDir, revisionFileName } from './layout.js';
import { BrainError } from '../model/errors.js';
import { kindOfEntryId } from '../model/kinds.js';
import { readTreeCached, treeOidAt } from '../git/tree-reader.js';
import { formatLedgerLine, parseLedger } from './ledger.js';
import { assertNoSecrets } from '../model/secret-scan.js';

/** A revision staged in a transaction. */
export interface StagedRevision {
  entry: Entry;
  path: string;
  sha256: string;
  /** The revision it follows, or null when it creates the entry. */
  previous: Entry | null;
}

/** Staging area of one commit; created by the store, handed to the operation callback. */
export class WriteTransaction {
  readonly files = new Map<string, string>();
  readonly staged: StagedRevision[] = [];
  private readonly states = new Map<string, EntryState>();
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

  /** The state every entry written by this transaction is left in (what its new tree holds). */
  written(): EntryState[] {
    const ids = new Set(this.staged.map((s) => s.entry.entry_id));
    return [...ids].map((id) => this.states.get(id) as EntryState);
  }

  private async state(entryId: string): Promise<EntryState> {
    let state = this.states.get(entryId);
    if (!state) {
      state = await readEntryState({ gitdir: this.gitdir, commitOid: this.tip, projectId: this.projectId, entryId });
      this.states.set(entryId, state);
    }
    return state;
  }

  /** The current revision of `entryId` as of this transaction (including staged ones), or null. */
  async current(entryId: string): Promise<Entry | null> {
    return (await this.state(entryId)).current?.entry ?? null;
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
    if (state.maxRevision === 0 && state.ledger.length === 0) {
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
    const text = canonicalJson(validated);
    const sha256 = sha256Hex(text);
    const file = revisionFileName(revision, sha256);
    const parent = state.current?.sha256 ?? null;
    const merged = state.heads.filter((head) => head !== parent).sort();
    const line = formatLedgerLine({
      revision,
      file,
      sha256,
      parent_sha256: parent,
      ...(merged.length > 0 ? { merged_sha256: merged } : {}),
      recorded_at: validated.recorded_at,
      author: validated.author,
    });
    const base = state.ledgerText === '' || state.ledgerText.endsWith('\n') ? state.ledgerText : `${state.ledgerText}\n`;
    const ledgerText = base + line;
    const path = `${state.dir}/${file}`;
    this.files.set(path, text);
    this.files.set(`${state.dir}/${LEDGER_FILE}`, ledgerText);
    const staged: StagedRevision = { entry: validated, path, sha256, previous: state.current?.entry ?? null };
    this.staged.push(staged);
    this.states.set(entry.entry_id, {
      ...state,
      ledgerText,
      ledger: [...state.ledger, ...parseLedger(line)],
      maxRevision: revision,
      current: { entry: validated, sha256 },
      heads: [sha256],
      repairs: null,
    });
    return staged;
  }
}
