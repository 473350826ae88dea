/**
 * zlib deflate of pack entries on a second thread (issue #10 "batch import ≤ 2× git
 * fast-import"): the pack writer deflates part of a large pack here while the main thread
 * deflates the rest, as `git pack-objects` uses several threads. Same zlib, same options, so
 * the bytes are identical to deflating on the main thread (the pack name does not depend on
 * which thread did it).
 *
 * One worker per process, started on first use, kept (not holding the process open) while
 * idle. Its code is evaluated from a string: it needs only node:zlib, and it works the same
 * from `dist/` and from the TypeScript sources under the test runner. The job is one buffer
 * each way (transferred, not copied per object). A worker that fails or exits rejects its
 * jobs and is replaced on next use; callers deflate on the main thread instead.
 */
import { Worker } from 'node:worker_threads';
import { deflateSync } from 'node:zlib';

/**
 * Deflates one pack entry's content (zlib, level 1, the speed git's fast paths use). The
 * output buffer is sized to the object (not zlib's 16 KiB default): ~15% faster on brain's
 * small files.
 */
export function deflateEntry(content: Uint8Array): Buffer {
  return deflateSync(content, { level: 1, chunkSize: Math.min(16_384, Math.max(64, content.length + 64)) });
}

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { deflateSync } = require('node:zlib');
parentPort.on('message', ({ id, data, lengths }) => {
  try {
    const input = Buffer.from(data);
    const out = [];
    let at = 0;
    for (const length of lengths) {
      const content = input.subarray(at, at + length);
      at += length;
      out.push(deflateSync(content, { level: 1, chunkSize: Math.min(16384, Math.max(64, length + 64)) }));
    }
    const joined = Buffer.concat(out);
    const buffer = joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength);
    parentPort.postMessage({ id, data: buffer, lengths: out.map((b) => b.length) }, [buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.stack || err) });
  }
});
`;

interface Job {
  resolve: (out: Buffer[]) => void;
  reject: (err: Error) => void;
}

let worker: Worker | null = null;
const jobs = new Map<number, Job>();
let nextId = 1;

function failAll(err: Error): void {
  worker = null;
  for (const job of jobs.values()) job.reject(err);
  jobs.clear();
}

function startWorker(): Worker {
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.unref();
  started.on('message', (message: { id: number; data?: ArrayBuffer; lengths?: number[]; error?: string }) => {
    const job = jobs.get(message.id);
    if (!job) return;
    jobs.delete(message.id);
    if (jobs.size === 0) started.unref();
    if (message.error !== undefined || !message.data || !message.lengths) return job.reject(new Error(`deflate worker: ${message.error ?? 'no output'}`));
    const all = Buffer.from(message.data);
    const out: Buffer[] = [];
    let at = 0;
    for (const length of message.lengths) {
      out.push(all.subarray(at, at + length));
      at += length;
    }
    job.resolve(out);
  });
  started.on('error', (err) => {
    if (worker === started) failAll(err);
  });
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`deflate worker exited with code ${code}`));
  });
  return started;
}

/**
 * Deflates `contents` on the worker thread, each as {@link deflateEntry} would; resolves with
 * the outputs in order. The contents are copied into one transferred buffer before this
 * returns, so the caller may deflate other objects meanwhile. Errors: Error when the worker
 * fails or exits (the caller deflates on the main thread instead).
 */
export function deflateOnWorker(contents: readonly Uint8Array[]): Promise<Buffer[]> {
  const active = (worker ??= startWorker());
  const data = Buffer.concat(contents);
  const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
  const id = nextId++;
  return new Promise<Buffer[]>((resolve, reject) => {
    jobs.set(id, { resolve, reject });
    active.ref(); // a pending job keeps the process alive until it is answered
    active.postMessage({ id, data: buffer, lengths: contents.map((c) => c.byteLength) }, [buffer]);
  });
}
