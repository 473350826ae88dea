/**
 * Write operations of the service (DESIGN §2 lifecycle, §3 writes): append, revise, resolve,
 * supersede, clear_blocker. Each is one commit on the docs branch (through GitStore.transact),
 * optionally guarded by `expected_revision` (compare-and-swap), then the projection is
 * refreshed through the one apply path.
 */
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';
import { newEntryId } from '../model/entry-id.js';
import type { AppliedDefault, EntryFields } from '../model/input.js';
import { parseEntryKind } from '../model/kinds.js';
import { assertSupersededHasSuccessor, assertSupersededStays, clearBlockerChanges, resolveChanges, supersedeChanges, type EntryChanges } from '../model/lifecycle.js';
import { successorsOf } from '../projection/sqlite/successor-queries.js';
import type { WriteTransaction } from '../store/write-transaction.js';
import { withAgentTrailer, type ExpectedRevision } from '../store/agent-trailer.js';
import { checkAgentName } from '../model/agent-name.js';
import type { Brain } from '../service.js';
import { commitTitle } from '../model/commit-title.js';

/** The result of a write: the entries as written and the commit (null when nothing changed). */
export interface WriteResult {
  entry: Entry;
  commit: string | null;
  /** Other entries the same commit revised (supersede links its successor). */
  also: Entry[];
  /** Payload fields of a new entry set by default, not by the caller (model/input.ts `appliedDefaults`); [] otherwise. */
  defaults_applied: AppliedDefault[];
}

const oneLine = (text: string): string => commitTitle(text, 72);

/**
 * The `Brain-Expected-Revision` trailer of a compare-and-swap write that wrote `written` on
 * `current` (none without a guard, or when nothing was written): `brain sync` reads it to hold
 * the write back, rather than replay it, when its entry moved on the remote (decision 0063).
 */
function guard(expectedRevision: number | undefined, current: Entry, written: Entry): ExpectedRevision[] {
  return expectedRevision === undefined || written === current ? [] : [{ entry_id: current.entry_id, revision: expectedRevision }];
}

async function requireCurrent(tx: WriteTransaction, entryId: string, expectedRevision?: number): Promise<Entry> {
  const current = await tx.current(entryId);
  if (!current) {
    throw new BrainError('not_found', `no entry ${entryId} in project ${tx.projectId}`, { data: { entry_id: entryId } });
  }
  if (expectedRevision !== undefined && current.revision !== expectedRevision) {
    throw new BrainError('revision_conflict', `${entryId} is at revision ${current.revision}, not ${expectedRevision}`, {
      hint: `read it again (brain show ${entryId}) and retry with --expected-revision ${current.revision}`,
      data: { entry_id: entryId, expected_revision: expectedRevision, current_revision: current.revision },
    });
  }
  return current;
}

/** The entry builders (zod validation): loaded by the first write, never by a read (issue #10 cold start). */
const input = () => import('../model/input.js');

/** Who stamps a revision: `author` (the person) and, when an agent writes for them, `agent`. */
interface WriteStamp {
  author: string;
  agent?: string;
  now: string;
}

/**
 * Write operations bound to one {@link Brain}, made by the Brain's writer (the person,
 * `Brain.writer()`) — or, from {@link BrainWrites.byAgent}, by an agent on that person's
 * behalf: each revision then records `agent` beside `author`, and its commit ends with the
 * `Brain-Agent:` trailer (docs/decisions/0032).
 */
export class BrainWrites {
  constructor(
    private readonly brain: Brain,
    /** The agent writing, or null for the person themself. */
    readonly agent: string | null = null,
  ) {}

  /** The same operations, made by `agent` (an agent name, e.g. a daemon token's) for the Brain's writer. Errors: `invalid_argument` for a name that is not an agent name. */
  byAgent(agent: string): BrainWrites {
    return new BrainWrites(this.brain, checkAgentName(agent, 'agent'));
  }

  private async commit(
    operation: (tx: WriteTransaction, ctx: WriteStamp) => Promise<{ message: string; entry: Entry; also?: Entry[]; expected?: ExpectedRevision[] }>,
  ): Promise<WriteResult> {
    const { author, identity, committer } = this.brain.writer();
    const projectId = await this.brain.projectId();
    const stamp = { author, ...(this.agent !== null ? { agent: this.agent } : {}) };
    const result = await this.brain.store.transact({ projectId, identity, committer }, async (tx) => {
      const value = await operation(tx, { ...stamp, now: new Date().toISOString() });
      return { message: withAgentTrailer(value.message, this.agent, value.expected), value };
    });
    await this.brain.refresh();
    return { entry: result.value.entry, commit: result.commit, also: result.value.also ?? [], defaults_applied: [] };
  }

  /**
   * Creates a new entry (revision 1); `defaults_applied` names the payload judgements made for
   * the caller. Errors: `invalid_entry`, `illegal_status`, `invalid_argument`.
   */
  async append(args: { kind: string; fields: EntryFields }): Promise<WriteResult> {
    const kind = parseEntryKind(args.kind);
    const { appliedDefaults, buildEntry, checkTypedText, newEntryBase } = await input();
    checkTypedText(args.fields);
    const result = await this.commit(async (tx, { author, agent, now }) => {
      const base = newEntryBase({ entry_id: newEntryId(kind), entry_kind: kind, project_id: tx.projectId, author, recorded_at: now });
      const entry = buildEntry(base, args.fields, { revision: 1, author, agent, recorded_at: now });
      assertSupersededHasSuccessor({ entry_id: null, entry_kind: kind, from: null, to: entry.status, successors: () => [] });
      const { entry: written } = await tx.put(entry);
      return { message: `brain: add ${written.entry_id} r1 — ${oneLine(written.title)}`, entry: written };
    });
    return { ...result, defaults_applied: appliedDefaults(kind, args.fields.payload) };
  }

  private async next(tx: WriteTransaction, current: Entry, fields: EntryFields | EntryChanges, ctx: WriteStamp): Promise<Entry> {
    const { buildEntry, checkTypedText, sameContent } = await input();
    checkTypedText(fields);
    const entry = buildEntry(current, fields, { revision: current.revision + 1, author: ctx.author, agent: ctx.agent, recorded_at: ctx.now });
    // A repair (the newest revision is invalid) is written even when it restores `current` as is.
    if (sameContent(entry, current) && (await tx.repairs(current.entry_id)) === null) return current;
    return (await tx.put(entry)).entry;
  }

  /**
   * Appends the next revision with `fields` changed; a revision identical to the current one
   * is not written (commit null). Errors: `not_found`, `revision_conflict`, validation codes.
   */
  async revise(args: { entryId: string; fields: EntryFields; expectedRevision?: number }): Promise<WriteResult> {
    const entryId = await this.brain.resolveId(args.entryId);
    return this.commit(async (tx, ctx) => {
      const current = await requireCurrent(tx, entryId, args.expectedRevision);
      const successors = () => successorsOf(this.brain.db(), tx.projectId, entryId);
      assertSupersededHasSuccessor({ entry_id: entryId, entry_kind: current.entry_kind, from: current.status, to: args.fields.status, successors });
      assertSupersededStays({ entry_id: entryId, from: current.status, to: args.fields.status, successors });
      const entry = await this.next(tx, current, args.fields, ctx);
      return { message: `brain: revise ${entryId} r${entry.revision} — ${oneLine(entry.title)}`, entry, expected: guard(args.expectedRevision, current, entry) };
    });
  }

  /** open_question/dependency → resolved, blocker → cleared. Errors: `illegal_status` for other kinds. */
  async resolve(args: { entryId: string; answer?: string; resolution?: string; expectedRevision?: number }): Promise<WriteResult> {
    const entryId = await this.brain.resolveId(args.entryId);
    return this.commit(async (tx, ctx) => {
      const current = await requireCurrent(tx, entryId, args.expectedRevision);
      const changes = resolveChanges(current, { ...(args.answer !== undefined ? { answer: args.answer } : {}), ...(args.resolution !== undefined ? { resolution: args.resolution } : {}) });
      const entry = await this.next(tx, current, changes, ctx);
      return { message: `brain: resolve ${entryId} r${entry.revision} — ${oneLine(entry.title)}`, entry, expected: guard(args.expectedRevision, current, entry) };
    });
  }

  /** blocker → cleared with a resolution. */
  async clearBlocker(args: { entryId: string; resolution: string; expectedRevision?: number }): Promise<WriteResult> {
    const entryId = await this.brain.resolveId(args.entryId);
    return this.commit(async (tx, ctx) => {
      const current = await requireCurrent(tx, entryId, args.expectedRevision);
      const entry = await this.next(tx, current, clearBlockerChanges(current, { resolution: args.resolution }), ctx);
      return { message: `brain: clear-blocker ${entryId} r${entry.revision} — ${oneLine(entry.title)}`, entry, expected: guard(args.expectedRevision, current, entry) };
    });
  }

  /** Marks `entryId` superseded by `byEntryId` and links both ways, in one commit. */
  async supersede(args: { entryId: string; byEntryId: string; expectedRevision?: number }): Promise<WriteResult> {
    const entryId = await this.brain.resolveId(args.entryId);
    const byId = await this.brain.resolveId(args.byEntryId);
    return this.commit(async (tx, ctx) => {
      const old = await requireCurrent(tx, entryId, args.expectedRevision);
      const successor = await requireCurrent(tx, byId);
      const changes = supersedeChanges(old, successor);
      const entry = await this.next(tx, old, changes.old, ctx);
      const next = await this.next(tx, successor, changes.successor, ctx);
      return { message: `brain: supersede ${entryId} r${entry.revision} by ${byId} r${next.revision} — ${oneLine(entry.title)}`, entry, also: [next], expected: guard(args.expectedRevision, old, entry) };
    });
  }
}
