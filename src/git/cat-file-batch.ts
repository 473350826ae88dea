/**
 * A long-lived `git cat-file --batch` (or `--batch-check`) child process with pipelined
 * requests (DESIGN §3: reading many blobs, ~25 000 blobs/s). Every read writes its oid at
 * once; one stdout parser answers the queue in order, whatever the chunk boundaries:
 * `<oid> <type> <size>\n<content>\n`, or `<oid> missing\n`.
 *
 * Death: when the child exits or breaks the protocol, every read in flight is rejected with
 * BrainError `git_error`, and the next read spawns a fresh child (objects are immutable, so
 * a respawn is always safe). After `close()` reads fail with `git_error` and nothing respawns.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { BrainError } from '../model/errors.js';
import Denque from 'denque';
import { createBatchParser, type BatchObject, type BatchQueue, type BatchRequest } from './cat-file-parser.js';

/** Options for {@link CatFileBatch}. */
export interface CatFileBatchOptions {
  /** The git dir holding the objects (a repository's common dir). */
  gitDir: string;
  /** `--batch-check`: headers only (type and size), no content. */
  check?: boolean;
}

const SCRUBBED = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR', 'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_NAMESPACE', 'GIT_PREFIX', 'GIT_REPLACE_REF_BASE'];

/**
 * The error of a read through a reader that was closed (a `Brain` used after its `close()`): the
 * caller's, not the repository's, so not git_error's usual hint (`brain doctor`, `git fsck`).
 */
export function readerClosed(): BrainError {
  return new BrainError('git_error', 'the object reader is closed', {
    hint: 'the brain this read went through was closed: open the repository again (`openBrain`) instead of reusing it; the repository is not at fault',
  });
}

/** The environment for read-only git children: no inherited repository overrides, no replace refs, no prompts. */
export function gitChildEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_NO_REPLACE_OBJECTS: '1', GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' };
  for (const name of SCRUBBED) delete env[name];
  return env;
}

interface Child { proc: ChildProcessWithoutNullStreams; pending: BatchQueue; outbox: string[]; stderr: string; dead: boolean }
type Refable = { ref?: () => void; unref?: () => void };

/** See the module comment. `read` resolves null for a missing object. */
export class CatFileBatch {
  private child: Child | null = null;
  private closed = false;

  constructor(private readonly options: CatFileBatchOptions) {}

  /** The pid of the running child, or null when none runs (for diagnostics and tests). */
  get pid(): number | null {
    return this.child?.proc.pid ?? null;
  }

  /** Queues `oid` (already validated as a full hex oid). Rejects with `git_error` when the child dies or after close. */
  read(oid: string): Promise<BatchObject | null> {
    if (this.closed) return Promise.reject(readerClosed());
    return new Promise((resolve, reject) => this.enqueue([{ oid, resolve, reject }]));
  }

  /** Queues `requests` on the child (spawned on first use); refs it when it was idle, flushes on the next microtask. */
  private enqueue(requests: readonly BatchRequest[]): void {
    const child = (this.child ??= this.spawnChild());
    for (const request of requests) child.pending.push(request);
    if (child.pending.length === requests.length) setRef(child, true);
    const idle = child.outbox.length === 0;
    for (const request of requests) child.outbox.push(request.oid);
    if (idle) queueMicrotask(() => flush(child));
  }

  /**
   * Queues every oid of `oids` (each already validated as a full hex oid) and answers them all
   * at once, in `oids` order (null: missing): one promise for the lot instead of one per
   * object (docs/decisions/0071: ~0.15 s of the apply thread's CPU at 72 000 blobs). Rejects
   * as {@link read} does, with the first failure.
   */
  readMany(oids: readonly string[]): Promise<(BatchObject | null)[]> {
    if (this.closed) return Promise.reject(readerClosed());
    const answers = new Array<BatchObject | null>(oids.length);
    if (oids.length === 0) return Promise.resolve(answers);
    return new Promise((resolve, reject) => {
      let left = oids.length;
      const fail = (err: Error) => {
        left = -1; // answered: later answers and failures of the same batch are ignored
        reject(err);
      };
      this.enqueue(oids.map((oid, i) => ({ oid, resolve: (value: BatchObject | null) => ((answers[i] = value), --left === 0 && resolve(answers)), reject: fail })));
    });
  }

  /** Ends stdin (reads in flight are still answered), waits for the child to exit (SIGKILL after 5 s). */
  async close(): Promise<void> {
    this.closed = true;
    const child = this.child;
    if (!child || child.dead) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.proc.kill('SIGKILL'), 5000);
      child.proc.once('close', () => (clearTimeout(timer), resolve()));
      flush(child);
      child.proc.stdin.end();
    });
  }

  private spawnChild(): Child {
    const { gitDir, check } = this.options;
    const proc = spawn('git', ['--git-dir', gitDir, 'cat-file', check ? '--batch-check' : '--batch'], {
      cwd: gitDir, env: gitChildEnv(), stdio: ['pipe', 'pipe', 'pipe'],
    });
    const child: Child = { proc, pending: new Denque(), outbox: [], stderr: '', dead: false };
    const onData = createBatchParser(child.pending, check === true);
    proc.stdout.on('data', (chunk: Buffer) => {
      try {
        onData(chunk);
        if (child.pending.length === 0) setRef(child, false);
      } catch (err) {
        this.fail(child, `git cat-file broke its protocol: ${(err as Error).message}`);
        proc.kill('SIGKILL');
      }
    });
    proc.stderr.on('data', (data: Buffer) => (child.stderr = (child.stderr + data.toString()).slice(-2000)));
    proc.stdin.on('error', () => undefined); // EPIPE after the child died; reported by 'close'
    proc.on('error', (err) => this.fail(child, `cannot run git cat-file: ${err.message}`));
    proc.on('close', (code, signal) => this.fail(child, `git cat-file exited (${signal ?? `code ${code}`})`));
    return child;
  }

  private fail(child: Child, reason: string): void {
    if (child.dead) return;
    child.dead = true;
    if (this.child === child) this.child = null;
    const stderr = child.stderr.trim();
    const pending = child.pending.toArray();
    child.pending.clear();
    for (const p of pending) {
      p.reject(new BrainError('git_error', stderr ? `${reason}: ${stderr}` : reason, {
        hint: `check that \`git --git-dir ${this.options.gitDir} cat-file -t ${p.oid}\` works; the next read starts a new git process`,
        data: { oid: p.oid, gitDir: this.options.gitDir },
      }));
    }
  }
}

/** Writes the oids queued in this tick as one write (one syscall for a Promise.all of 2000 reads). */
function flush(child: Child): void {
  if (child.outbox.length === 0) return;
  const batch = child.outbox.splice(0);
  if (!child.dead) child.proc.stdin.write(batch.join('\n') + '\n');
}

function setRef(child: Child, on: boolean): void {
  for (const handle of [child.proc, child.proc.stdin, child.proc.stdout, child.proc.stderr] as unknown as Refable[]) {
    if (on) handle.ref?.();
    else handle.unref?.();
  }
}

/**
 * A hold on the `--batch` child of one git dir shared by every holder in this process: the
 * projection's object reader and the commit writer's tree reads used to start one child each
 * (two `git cat-file` processes for every `brain add`). Reads as {@link CatFileBatch}'s; after
 * `release()` they fail with `git_error` and `pid` is null. The child ends when the last hold on
 * it is released.
 */
export interface CatFileLease {
  read(oid: string): Promise<BatchObject | null>;
  readMany(oids: readonly string[]): Promise<(BatchObject | null)[]>;
  /** The shared child's pid while held and running, else null. */
  readonly pid: number | null;
  /** Gives the hold back (idempotent); resolves when the child has exited, if this was the last hold. */
  release(): Promise<void>;
}

const shared = new Map<string, { batch: CatFileBatch; holds: number }>();

/** Takes a hold on `gitDir`'s shared `--batch` child (spawned on first read). See {@link CatFileLease}. */
export function leaseCatFileBatch(gitDir: string): CatFileLease {
  let slot = shared.get(gitDir);
  if (!slot) shared.set(gitDir, (slot = { batch: new CatFileBatch({ gitDir }), holds: 0 }));
  slot.holds++;
  const { batch } = slot;
  const held = slot;
  let released = false;
  const closed = () => Promise.reject(readerClosed());
  return {
    read: (oid) => (released ? closed() : batch.read(oid)),
    readMany: (oids) => (released ? closed() : batch.readMany(oids)),
    get pid() {
      return released ? null : batch.pid;
    },
    async release() {
      if (released) return;
      released = true;
      if (--held.holds > 0) return;
      if (shared.get(gitDir) === held) shared.delete(gitDir);
      await batch.close();
    },
  };
}
