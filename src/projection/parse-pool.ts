/**
 * Parsing on the second core (issue #10 cold rebuild ≤ 2× `ls-tree -r` + `cat-file --batch`):
 * one worker thread running src/projection/sqlite/parse-worker.ts parses and validates batches of files
 * while the apply path's thread keeps reading blobs from git. The worker runs the same
 * {@link parseFile} as the in-thread path, so results (problems included) are identical; the
 * apply path falls back to parsing in its own thread when the compiled worker script is absent
 * (running from TypeScript sources) or the worker cannot start.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BrainError, DEFAULT_HINTS, type BrainErrorCode } from '../model/errors.js';
import type { Parsed } from './parse-file.js';

/** One file to parse: `bytes` null when its blob is not read (see needsBlob). */
export interface ParseJob {
  path: string;
  oid: string;
  bytes: Buffer | null;
}

type Answer = { id: number; parsed: (Parsed | null)[] } | { id: number; error: { message: string; code: string | null; hint: string | null } };

const WORKER_URL = new URL('./parse-worker.js', import.meta.url);

/** A running parse worker; {@link ParsePool.open} returns null when none can run here. */
export class ParsePool {
  private next = 0;
  private readonly waiting = new Map<number, { resolve(v: (Parsed | null)[]): void; reject(e: Error): void }>();
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (answer: Answer) => {
      const waiter = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (!waiter) return;
      if ('parsed' in answer) waiter.resolve(answer.parsed);
      else waiter.reject(toError(answer.error));
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the parse worker exited (code ${code})`)));
  }

  /** Batches sent and not answered yet. */
  get busy(): number {
    return this.waiting.size;
  }

  /** Starts a worker, or returns null when the compiled worker script is not there. */
  static open(): ParsePool | null {
    if (WORKER_URL.protocol !== 'file:' || !existsSync(fileURLToPath(WORKER_URL))) return null;
    return new ParsePool(new Worker(WORKER_URL));
  }

  /** Parses `jobs` in the worker; the answers are in job order. Errors: the worker's errors, or a dead worker. */
  parse(jobs: readonly ParseJob[]): Promise<(Parsed | null)[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const withBytes = (parsed: (Parsed | null)[]) => {
        parsed.forEach((p, i) => {
          if (p?.kind === 'revision' || p?.kind === 'candidate') p.bytes = jobs[i]!.bytes!;
        });
        resolve(parsed);
      };
      this.waiting.set(id, { resolve: withBytes, reject });
      this.worker.postMessage({ id, files: jobs });
    });
  }

  /** Stops the worker (batches still waiting are rejected). */
  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

function toError(e: { message: string; code: string | null; hint: string | null }): Error {
  if (e.code !== null && e.code in DEFAULT_HINTS) return new BrainError(e.code as BrainErrorCode, e.message, e.hint === null ? {} : { hint: e.hint });
  return new Error(e.message);
}
