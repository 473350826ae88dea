/**
 * The random operation sequences of the projection property tests (DESIGN §4 "Property tests
 * run random operation sequences"): brain writes and plain-git changes on a docs branch — a
 * hand-committed valid revision or fork, a malformed file, a deleted file, the branch forced
 * back, gc with and without pruning — interleaved with refreshes, reads and re-opens. Shared by
 * test/projection/sqlite/incremental-property.test.ts (the clone's cache) and
 * test/projection/conformance.test.ts (every projection backend).
 */
import fc from 'fast-check';
import type { Entry } from '../../src/model/entry.js';
import { deriveEntryId } from '../../src/model/entry-id.js';
import { ENTRY_KINDS, LEGAL_STATUSES, STATUSES, type EntryKind } from '../../src/model/kinds.js';
import { sha256Hex } from '../../src/store/canonical-json.js';
import { LEDGER_FILE, candidateDir, parseBrainPath, parseCandidatePath, revisionFileName } from '../../src/store/layout.js';
import { parseLedger } from '../../src/store/ledger.js';
import type { Brain } from '../../src/service.js';
import { openTestBrain } from '../helpers/brain.js';
import { git } from '../helpers/git.js';
import { branchFiles, dirOf, forceBranch, handCommit, makeEntry, pruneUnreachable, readBranchFile, revisionBytes, revisionFiles } from '../helpers/plain-git.js';

/** The project every operation writes to. */
export const PROJECT = 'demo';
/** The project plain git copies entry ids into (`handCopy`). */
export const OTHER_PROJECT = 'other';
export type Reader = 'cat-file' | 'isomorphic-git';
const BAD_KINDS = ['invalid_json', 'invalid_entry', 'illegal_status', 'hash_mismatch', 'misplaced', 'stray_file', 'invalid_ledger'] as const;
type BadKind = (typeof BAD_KINDS)[number];

export type Op =
  | { t: 'append'; kind: EntryKind; tags: string[]; confidence: number | null; path: boolean }
  | { t: 'revise'; pick: number; title: boolean; tag: string | null }
  | { t: 'resolve'; pick: number }
  | { t: 'clear'; pick: number }
  | { t: 'supersede'; pick: number; by: number }
  | { t: 'handValid'; pick: number; fresh: boolean; kind: EntryKind; fork: boolean }
  | { t: 'handBad'; bad: BadKind; pick: number; inExisting: boolean }
  | { t: 'handCopy'; pick: number; older: boolean }
  | { t: 'gitDelete'; pick: number }
  | { t: 'forceBack'; back: number; prune: boolean }
  | { t: 'gc'; prune: boolean }
  | { t: 'refresh' }
  | { t: 'read'; which: 'list' | 'status' | 'search' | 'context' }
  | { t: 'reopen'; reader: Reader }
  | { t: 'propose'; kind: EntryKind; echo: boolean; pick: number }
  | { t: 'decide'; pick: number; approve: boolean }
  | { t: 'handCandidate'; pick: number; bad: 'invalid_json' | 'delete' };

const kindArb = fc.constantFrom(...ENTRY_KINDS);
const pick = fc.nat({ max: 1000 });
export const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant('append' as const), kind: kindArb, tags: fc.subarray(['alpha', 'beta', 'gamma']), confidence: fc.option(fc.constantFrom(0, 0.5, 1), { nil: null }), path: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('revise' as const), pick, title: fc.boolean(), tag: fc.option(fc.constantFrom('alpha', 'delta'), { nil: null }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('resolve' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('clear' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('supersede' as const), pick, by: pick }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('handValid' as const), pick, fresh: fc.boolean(), kind: kindArb, fork: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('handBad' as const), bad: fc.constantFrom(...BAD_KINDS), pick, inExisting: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('handCopy' as const), pick, older: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('gitDelete' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('forceBack' as const), back: fc.integer({ min: 1, max: 4 }), prune: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('gc' as const), prune: fc.boolean() }) },
  { weight: 3, arbitrary: fc.constant({ t: 'refresh' as const }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('read' as const), which: fc.constantFrom('list' as const, 'status' as const, 'search' as const, 'context' as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('reopen' as const), reader: fc.constantFrom<Reader>('cat-file', 'isomorphic-git') }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('propose' as const), kind: kindArb, echo: fc.boolean(), pick }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('decide' as const), pick, approve: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('handCandidate' as const), pick, bad: fc.constantFrom('invalid_json' as const, 'delete' as const) }) },
);

/** One run: a fresh repository with a brain, and what the run knows about it. */
export class World {
  brain!: Brain;
  /** Entries brain must not write to: plain git left them invalid, forked in odd ways, or partial. */
  readonly tainted = new Set<string>();
  /** Modes of every refresh, for the coverage check. */
  readonly modes: string[] = [];
  private counter = 0;
  /** Called after every `refresh` operation (the test's check of the projection). */
  onRefresh: (when: string) => Promise<void> = async () => undefined;

  constructor(readonly dir: string, private readonly seed: number) {}

  /** Uses `brain` from now on, recording the mode of every refresh it makes (writes and reads refresh too). */
  open(brain: Brain): void {
    const refresh = brain.refresh.bind(brain);
    brain.refresh = async (options) => {
      const result = await refresh(options);
      this.modes.push(result.mode === 'full' && result.from !== null ? 'full-from-unreachable' : result.mode);
      return result;
    };
    this.brain = brain;
  }

  next(): number {
    return ++this.counter;
  }

  /** A deterministic id for hand-made entries. */
  handId(kind: EntryKind): string {
    return deriveEntryId(kind, `prop:${this.seed}:${this.next()}`);
  }

  timestamp(): string {
    return new Date(Date.UTC(2024, 0, 1) + this.next() * 60_000).toISOString();
  }

  /** Entries on the branch now (read from git, not from the cache), in path order. */
  entries(filter: (e: { id: string; kind: EntryKind }) => boolean = () => true): { id: string; kind: EntryKind; dir: string }[] {
    const seen = new Map<string, { id: string; kind: EntryKind; dir: string }>();
    for (const path of branchFiles(this.dir)) {
      const where = parseBrainPath(path);
      if (where.type === 'ledger' && where.project_id === PROJECT) seen.set(where.entry_id, { id: where.entry_id, kind: where.entry_kind, dir: where.dir });
    }
    return [...seen.values()].filter((e) => !this.tainted.has(e.id) && filter(e));
  }

  choose<T>(items: T[], n: number): T | undefined {
    return items.length === 0 ? undefined : items[n % items.length];
  }
}

function ledgerOf(w: World, dir: string) {
  const text = readBranchFile(w.dir, `${dir}/${LEDGER_FILE}`)?.toString('utf8') ?? '';
  return { text, lines: parseLedger(text) };
}

function topEntry(w: World, dir: string): { entry: Entry; max: number; topLine: { parent_sha256: string | null } } {
  const { lines } = ledgerOf(w, dir);
  const max = Math.max(...lines.map((l) => l.revision));
  const topLine = lines.filter((l) => l.revision === max).pop()!;
  const entry = JSON.parse(readBranchFile(w.dir, `${dir}/${topLine.file}`)!.toString('utf8')) as Entry;
  return { entry, max, topLine };
}

/** Applies `op`; false when it had nothing to act on (e.g. no entry of the kind it needs). */
export async function apply(w: World, op: Op): Promise<boolean> {
  const b = w.brain;
  switch (op.t) {
    case 'append': {
      const payload = op.kind === 'dependency' ? { depends_on: 'git', dependency_kind: 'requires' } : undefined;
      await b.writes.append({
        kind: op.kind,
        fields: { title: `${op.kind} ${w.next()}`, tags: op.tags, confidence: op.confidence, ...(op.path ? { paths: ['src/cache'] } : {}), ...(payload ? { payload } : {}) },
      });
      return true;
    }
    case 'revise': {
      const e = w.choose(w.entries(), op.pick);
      if (!e) return false;
      await b.writes.revise({ entryId: e.id, fields: { ...(op.title ? { title: `revised ${w.next()}` } : { rationale: `why ${w.next()}` }), ...(op.tag ? { tags: [op.tag] } : {}) } });
      return true;
    }
    case 'resolve': {
      const e = w.choose(w.entries((x) => x.kind === 'open_question' || x.kind === 'dependency' || x.kind === 'blocker'), op.pick);
      if (!e) return false;
      await b.writes.resolve({ entryId: e.id, ...(e.kind === 'open_question' ? { answer: `answer ${w.next()}` } : {}) });
      return true;
    }
    case 'clear': {
      const e = w.choose(w.entries((x) => x.kind === 'blocker'), op.pick);
      if (!e) return false;
      await b.writes.clearBlocker({ entryId: e.id, resolution: `fixed ${w.next()}` });
      return true;
    }
    case 'supersede': {
      const old = w.choose(w.entries((x) => x.kind === 'decision' || x.kind === 'plan_revision'), op.pick);
      const by = w.choose(w.entries((x) => x.id !== old?.id), op.by);
      if (!old || !by) return false;
      await b.writes.supersede({ entryId: old.id, byEntryId: by.id });
      return true;
    }
    case 'handValid': {
      const existing = op.fresh ? undefined : w.choose(w.entries(), op.pick);
      if (!existing) {
        const e = makeEntry({ kind: op.kind, projectId: PROJECT, entryId: w.handId(op.kind), title: `hand ${w.next()}`, recordedAt: w.timestamp() });
        handCommit(w.dir, revisionFiles(w.dir, e), 'hand: new entry');
        return true;
      }
      const { entry, max, topLine } = topEntry(w, existing.dir);
      const next = { ...entry, title: `hand ${w.next()}`, author: 'plain-git', recorded_at: w.timestamp(), revision: op.fork ? max : max + 1 };
      const parent = op.fork ? topLine.parent_sha256 : ledgerOf(w, existing.dir).lines.filter((l) => l.revision === max).pop()!.sha256;
      handCommit(w.dir, revisionFiles(w.dir, next, { parentSha256: parent }), op.fork ? 'hand: fork' : 'hand: next revision');
      return true;
    }
    case 'handBad': {
      const existing = op.inExisting ? w.choose(w.entries(), op.pick) : undefined;
      const kind: EntryKind = existing?.kind ?? 'decision';
      const id = existing?.id ?? w.handId(kind);
      const dir = existing?.dir ?? dirOf({ project_id: PROJECT, entry_kind: kind, entry_id: id });
      const revision = existing ? topEntry(w, existing.dir).max + 1 : 1;
      const valid = makeEntry({ kind, projectId: PROJECT, entryId: id, revision, title: `bad ${w.next()}`, recordedAt: w.timestamp() });
      const named = (bytes: string) => `${dir}/${revisionFileName(revision, sha256Hex(bytes))}`;
      let files: Record<string, string>;
      switch (op.bad) {
        case 'invalid_json': {
          const bytes = `{"entry_id": "${id}", ${w.next()}`;
          files = { [named(bytes)]: bytes };
          break;
        }
        case 'invalid_entry': {
          const bytes = revisionBytes({ ...valid, title: '' }).text;
          files = { [named(bytes)]: bytes };
          break;
        }
        case 'illegal_status': {
          const bytes = revisionBytes({ ...valid, status: STATUSES.find((s) => !(LEGAL_STATUSES[kind] as readonly string[]).includes(s))! }).text;
          files = { [named(bytes)]: bytes };
          break;
        }
        case 'hash_mismatch':
          files = { [`${dir}/${revisionFileName(revision, '0000000'.concat(String(w.next() % 10)))}`]: revisionBytes(valid).text };
          break;
        case 'misplaced': {
          const other = makeEntry({ kind, projectId: PROJECT, entryId: w.handId(kind), revision, title: `misplaced ${w.next()}` });
          files = { [`${dir}/${revisionBytes(other).file}`]: revisionBytes(other).text };
          break;
        }
        case 'stray_file':
          files = { [`${dir}/notes-${w.next()}.txt`]: 'stray\n' };
          break;
        case 'invalid_ledger':
          files = { ...(revisionFiles(w.dir, valid) as Record<string, string>), [`${dir}/${LEDGER_FILE}`]: `not a ledger ${w.next()}\n` };
          break;
      }
      w.tainted.add(id);
      handCommit(w.dir, files, `hand: ${op.bad}`);
      return true;
    }
    case 'handCopy': {
      // The same entry id in another project (issue #17): older, the copy owns the id and the original is hidden.
      const existing = w.choose(w.entries(), op.pick);
      if (!existing) return false;
      const { entry } = topEntry(w, existing.dir);
      // Brain's own writes are dated now, hand-made ones in 2024: a copy from 2000 is older than every revision, one from 2099 newer.
      const recordedAt = new Date(Date.UTC(op.older ? 2000 : 2099, 0, 1) + w.next() * 60_000).toISOString();
      const copy = { ...entry, project_id: OTHER_PROJECT, title: `copy ${w.next()}`, revision: 1, recorded_at: recordedAt };
      handCommit(w.dir, revisionFiles(w.dir, copy), 'hand: the same id in another project');
      if (op.older) w.tainted.add(existing.id);
      return true;
    }
    case 'gitDelete': {
      const files = branchFiles(w.dir);
      const path = w.choose(files, op.pick);
      if (!path) return false;
      const where = parseBrainPath(path);
      if (where.type === 'revision' || where.type === 'ledger') w.tainted.add(where.entry_id);
      else if (where.type === 'stray') {
        const id = path.split('/')[4];
        if (id) w.tainted.add(id);
      }
      handCommit(w.dir, { [path]: null }, 'hand: delete a file');
      return true;
    }
    case 'forceBack': {
      const history = git(w.dir, ['rev-list', '--first-parent', 'brain']).split('\n');
      forceBranch(w.dir, history[Math.min(op.back, history.length - 1)]!);
      if (op.prune) pruneUnreachable(w.dir); // the projected commit is now usually gone
      return true;
    }
    case 'gc':
      if (op.prune) pruneUnreachable(w.dir);
      else git(w.dir, ['gc', '-q']);
      return true;
    case 'refresh':
      await b.refresh();
      await w.onRefresh('at a refresh');
      return true;
    case 'read':
      if (op.which === 'list') await b.list();
      else if (op.which === 'status') await b.status();
      else if (op.which === 'search') await b.search({ query: 'hand' });
      else await b.context();
      return true;
    case 'reopen':
      await b.close();
      w.open(await openTestBrain(w.dir, { reader: op.reader }));
      return true;
    case 'propose': {
      // Candidates (issue #20): a proposal repeating an entry's title, or a new one.
      const echoed = op.echo ? w.choose(w.entries((x) => x.kind === op.kind), op.pick) : undefined;
      const title = echoed ? topEntry(w, echoed.dir).entry.title : `proposed ${op.kind} ${w.next()}`;
      const payload = op.kind === 'dependency' ? { depends_on: 'git', dependency_kind: 'requires' } : undefined;
      await b.candidates.byAgent('proposer').propose({ kind: op.kind, fields: { title, ...(payload ? { payload } : {}) } });
      return true;
    }
    case 'decide': {
      const pending = (await b.candidates.list({ status: 'pending' })).filter((r) => !w.tainted.has(r.candidate.candidate_id));
      const c = w.choose(pending, op.pick);
      if (!c) return false;
      const id = c.candidate.candidate_id;
      if (op.approve) await b.candidates.approve({ candidateId: id, choice: { action: 'accept' } });
      else await b.candidates.reject({ candidateId: id, reason: `no ${w.next()}` });
      return true;
    }
    case 'handCandidate': {
      if (op.bad === 'invalid_json') {
        const id = `cand-${w.handId('decision').slice(4)}`;
        const bytes = `{"candidate_id": "${id}", ${w.next()}`;
        handCommit(w.dir, { [`${candidateDir(PROJECT, id)}/${revisionFileName(1, sha256Hex(bytes))}`]: bytes }, 'hand: bad candidate');
        return true;
      }
      const path = w.choose(branchFiles(w.dir, 'candidates'), op.pick);
      if (!path) return false;
      const where = parseCandidatePath(path);
      if (where.type === 'candidate_revision' || where.type === 'candidate_ledger') w.tainted.add(where.candidate_id);
      handCommit(w.dir, { [path]: null }, 'hand: delete a candidate file');
      return true;
    }
  }
}
