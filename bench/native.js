/**
 * Native git baselines measured in the same run (DESIGN §10): `git fast-import` for writing,
 * `git ls-tree -r` + `git cat-file --batch` for reading every blob, plus small git helpers.
 */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { now } from './timing.js';

/** Runs git in `dir` synchronously; returns trimmed stdout. */
export function git(dir, args, options = {}) {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'], ...options }).trim();
}

/**
 * Writes a `git fast-import` stream to `path` that recreates the given commits on
 * `refs/heads/<branch>`: `commits` is `[{ message, files: Map<path, string> }]`, files added or
 * replaced on top of the previous commit (exactly what the brain store does); the first commit
 * builds on `baseRef` (e.g. `refs/heads/brain^0`) when given, else it is a root commit.
 * Returns the number of bytes written.
 */
export function writeFastImportStream({ path, branch, commits, baseRef = null, timestamp = 1_700_000_000 }) {
  const stream = openFastImportStream({ path, branch, baseRef, timestamp });
  for (const commit of commits) stream.add(commit);
  return stream.close();
}

/**
 * The same stream as {@link writeFastImportStream}, written one commit at a time as the commits
 * are made, so the caller holds no file contents between them (decision 0064: a segment of
 * 100 000 revisions held every file it wrote, which the store's garbage collector then marked inside
 * the timed import). `add({ message, files })` appends a commit; `close()` ends the stream
 * and returns the number of bytes written.
 */
export function openFastImportStream({ path, branch, baseRef = null, timestamp = 1_700_000_000 }) {
  const fd = openSync(path, 'w');
  let bytes = 0;
  let buffered = [];
  let size = 0;
  let count = 0;
  const out = (s) => {
    const b = Buffer.from(s, 'utf8');
    buffered.push(b);
    size += b.length;
    if (size > 8 << 20) flush();
  };
  const flush = () => {
    if (size === 0) return;
    const all = Buffer.concat(buffered);
    writeSync(fd, all);
    bytes += all.length;
    buffered = [];
    size = 0;
  };
  const data = (text) => {
    const b = Buffer.from(text, 'utf8');
    out(`data ${b.length}\n`);
    buffered.push(b, Buffer.from('\n'));
    size += b.length + 1;
  };
  return {
    add(commit) {
      const i = count++;
      out(`commit refs/heads/${branch}\nmark :${i + 1}\ncommitter Brain Bench <bench@brain.invalid> ${timestamp + i} +0000\n`);
      data(commit.message);
      if (i > 0) out(`from :${i}\n`);
      else if (baseRef) out(`from ${baseRef}\n`);
      for (const [file, text] of commit.files) {
        out(`M 100644 inline ${file}\n`);
        data(text);
      }
    },
    close() {
      out('done\n');
      flush();
      closeSync(fd);
      return bytes;
    },
  };
}

/**
 * A long-lived `git fast-import` on `refs/heads/<branch>` of `gitDir` that writes one commit at
 * a time and makes each durable before it answers, as a single brain write must be: every
 * commit is followed by `checkpoint` (its objects written as a pack and index, the ref moved)
 * with `core.fsync=committed` (pack, index and ref fsynced, as brain fsyncs its objects and
 * ref) and `fastimport.unpackLimit=0` (the pack is kept, not exploded into loose objects by a
 * `git unpack-objects` child), then `progress`, whose echo says the checkpoint is done.
 * `commit({ message, files })` (files: Map<path, string>, added or replaced on the previous
 * commit; the first builds on `baseRef`) resolves with its wall ms; `close()` ends the process.
 */
export function durableFastImport({ gitDir, branch, baseRef }) {
  const child = spawn('git', ['-c', 'core.fsync=committed', '-c', 'fastimport.unpackLimit=0', '--git-dir', gitDir, 'fast-import', '--quiet', '--done'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let waiting = null;
  let out = '';
  child.stdout.on('data', (d) => {
    out += d.toString();
    if (waiting && out.includes(`progress ${waiting.tag}\n`)) {
      out = '';
      const { resolve, t0 } = waiting;
      waiting = null;
      resolve(now() - t0);
    }
  });
  let n = 0;
  return {
    commit({ message, files }) {
      n++;
      const parts = [`commit refs/heads/${branch}\nmark :${n}\ncommitter Brain Bench <bench@brain.invalid> ${1_700_000_000 + n} +0000\n`];
      const data = (text) => parts.push(`data ${Buffer.byteLength(text, 'utf8')}\n${text}\n`);
      data(message);
      parts.push(n > 1 ? `from :${n - 1}\n` : `from ${baseRef}\n`);
      for (const [file, text] of files) {
        parts.push(`M 100644 inline ${file}\n`);
        data(text);
      }
      parts.push(`checkpoint\nprogress ${n}\n`);
      return new Promise((resolve) => {
        waiting = { tag: n, resolve, t0: now() };
        child.stdin.write(parts.join(''));
      });
    },
    close() {
      child.stdin.end('done\n');
      return new Promise((resolve) => child.on('close', resolve));
    },
  };
}

/** Runs `git fast-import --done` in `gitDir` with `streamPath` as stdin; returns wall ms. */
export function runFastImport({ gitDir, streamPath }) {
  const fd = openSync(streamPath, 'r');
  try {
    const t0 = now();
    execFileSync('git', ['--git-dir', gitDir, 'fast-import', '--quiet', '--done'], { stdio: [fd, 'ignore', 'pipe'] });
    return now() - t0;
  } finally {
    closeSync(fd);
  }
}

/**
 * The native read baseline: `git ls-tree -r -z <commit> <prefix>` then every listed blob
 * through one `git cat-file --batch` (pipelined, output parsed into per-object buffers like a
 * reader would). Returns `{ ms, files, bytes }`.
 */
export async function nativeReadAll({ gitDir, commit, prefix }) {
  const t0 = now();
  const listing = await collect(spawn('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-z', commit, '--', prefix]), null);
  const oids = [];
  for (const record of listing.toString('latin1').split('\0')) {
    if (!record) continue;
    const [, type, oid] = record.slice(0, record.indexOf('\t')).split(' ');
    if (type === 'blob') oids.push(oid);
  }
  const proc = spawn('git', ['--git-dir', gitDir, 'cat-file', '--batch']);
  const parsed = { objects: 0, bytes: 0 };
  let pending = Buffer.alloc(0);
  let need = -1; // content bytes (+1 for the LF) still expected for the current object
  proc.stdout.on('data', (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (need < 0) {
        const nl = pending.indexOf(10);
        if (nl < 0) break;
        const header = pending.toString('latin1', 0, nl).split(' ');
        need = Number(header[2]) + 1;
        pending = pending.subarray(nl + 1);
      }
      if (pending.length < need) break;
      parsed.objects++;
      parsed.bytes += need - 1;
      const content = Buffer.from(pending.subarray(0, need - 1)); // a copy, as a reader hands out
      void content;
      pending = pending.subarray(need);
      need = -1;
    }
  });
  const done = collect(proc, null, true);
  proc.stdin.end(oids.join('\n') + '\n');
  await done;
  if (parsed.objects !== oids.length) throw new Error(`cat-file answered ${parsed.objects} of ${oids.length} objects`);
  return { ms: now() - t0, files: oids.length, bytes: parsed.bytes };
}

function collect(proc, input, ignoreStdout = false) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let stderr = '';
    if (!ignoreStdout) proc.stdout.on('data', (c) => chunks.push(c));
    proc.stderr.on('data', (c) => (stderr += c));
    proc.on('error', reject);
    proc.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`git failed (${code}): ${stderr}`))));
    if (input !== null) proc.stdin.end(input);
  });
}
