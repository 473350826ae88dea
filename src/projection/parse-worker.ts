/**
 * The parse worker (issue #10 cold rebuild: the second core parses and validates revision
 * files while the apply path's thread reads blobs and writes SQLite). Receives batches
 * `{ id, files: [{ path, oid, bytes }] }` and answers `{ id, parsed }` with
 * {@link parseFile}'s result per file (a revision's `bytes` left out: the caller has them), or `{ id, error: { message, code, hint } }` when a file
 * fails unexpectedly. Started by src/projection/sqlite/parse-pool.ts only.
 */
import { parentPort } from 'node:worker_threads';
import { dropOutranked, parseFile } from './parse-file.js';

interface Batch {
  id: number;
  files: { path: string; oid: string; bytes: Uint8Array | null }[];
}

const port = parentPort;
if (port === null) throw new Error('parse-worker.js runs as a worker thread only');
port.on('message', (batch: Batch) => {
  try {
    const parsed = dropOutranked(batch.files.map((f) => parseFile(f.path, f.oid, f.bytes === null ? null : Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength))));
    for (const p of parsed) {
      // The caller holds the bytes already: not sent back (ParsePool.parse puts its own back).
      if (p?.kind === 'revision' || p?.kind === 'candidate') (p as { bytes: Buffer | null }).bytes = null;
    }
    port.postMessage({ id: batch.id, parsed });
  } catch (err) {
    const e = err as { message?: unknown; code?: unknown; hint?: unknown };
    port.postMessage({ id: batch.id, error: { message: String(e.message ?? err), code: typeof e.code === 'string' ? e.code : null, hint: typeof e.hint === 'string' ? e.hint : null } });
  }
});
