/**
 * `.git/brain/daemon.json` (DESIGN §5): how clients find the running daemon of a clone, and
 * the guard that keeps a second daemon off the same repository.
 *
 * Shape ({@link DaemonInfo}): `{format: 1, pid, port, url, started_at, branch, project_id,
 * projected, repo}`. `port`/`url` are null while the daemon is still catching up (it claims the
 * file first, answers later). The file is written atomically (temp + rename), claimed with an
 * exclusive `link(2)` so two starting daemons cannot both win, and removed on clean shutdown.
 *
 * A file left by a crashed daemon is stale when its pid is dead, or when the pid is alive but
 * its port does not answer `/api/health` with that pid (the pid was reused by another process).
 */
import * as fs from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { BrainError } from '../model/errors.js';
import { writeFileAtomicSync } from '../git/git-fs.js';
import { isProcessAlive } from '../git/process-alive.js';
import { DAEMON_FILE, readDaemonFile, type DaemonInfo } from '../service/daemon-info.js';

export { DAEMON_FILE, readDaemonFile, type DaemonInfo };

/** The claimed file: update it while running, remove it on shutdown. */
export interface DaemonFile {
  readonly path: string;
  /** Rewrites the file atomically with `changes` merged in. */
  update(changes: Partial<DaemonInfo>): void;
  /** Removes the file if it is still ours (same pid). Idempotent. */
  remove(): void;
}

/** Asks `/api/health` who listens on `port`: its pid, `'busy'` (no answer in time), or null (nobody). */
function probePid(port: number, timeoutMs: number): Promise<number | 'busy' | null> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/health', headers: { host: `127.0.0.1:${port}` }, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        try {
          const pid = (JSON.parse(body) as { data?: { pid?: unknown } }).data?.pid;
          resolve(typeof pid === 'number' ? pid : null);
        } catch {
          resolve(null);
        }
      });
    });
    req.on('timeout', () => {
      req.destroy();
      resolve('busy');
    });
    req.on('error', () => resolve(null));
    req.end();
  });
}

/** True when the daemon described by `info` is still running (see the module doc for "stale"). */
export async function daemonRunning(info: DaemonInfo, probeTimeoutMs = 3000): Promise<boolean> {
  if (info.pid === process.pid || !isProcessAlive(info.pid)) return false;
  if (info.port === null) return true; // alive and still catching up
  const answer = await probePid(info.port, probeTimeoutMs);
  return answer === 'busy' || answer === info.pid;
}

/**
 * Claims `<brainDir>/daemon.json` for this process with `info`. A stale file is replaced (and
 * reported through `onStale`). Errors: `lock_timeout` when a live daemon holds the file
 * (`data: {pid, port, url}`), node fs errors.
 */
export async function claimDaemonFile(options: { brainDir: string; info: DaemonInfo; onStale?: (stale: DaemonInfo | null) => void }): Promise<DaemonFile> {
  fs.mkdirSync(options.brainDir, { recursive: true });
  const path = join(options.brainDir, DAEMON_FILE);
  let info = { ...options.info };
  for (let attempt = 0; attempt < 5; attempt++) {
    const tmp = `${path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(info, null, 2)}\n`);
    try {
      fs.linkSync(tmp, path); // atomic create-if-absent, complete content
      fs.rmSync(tmp, { force: true });
      return fileHandle(path, () => info, (next) => (info = next));
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readDaemonFile(options.brainDir);
    if (holder && (await daemonRunning(holder))) {
      throw new BrainError('lock_timeout', `a brain daemon is already running for this repository (pid ${holder.pid}${holder.url ? `, ${holder.url}` : ', starting'})`, {
        hint: `use it, or stop it first: kill ${holder.pid}`,
        data: { pid: holder.pid, port: holder.port, url: holder.url, file: path },
      });
    }
    // Stale: move it aside, then make sure what we moved is what we judged stale.
    const aside = `${path}.stale-${process.pid}`;
    try {
      fs.renameSync(path, aside);
    } catch {
      continue; // someone else moved it first
    }
    let movedPid: number | null = null;
    try {
      movedPid = (JSON.parse(fs.readFileSync(aside, 'utf8')) as DaemonInfo).pid;
    } catch {
      /* unreadable: it was stale garbage */
    }
    if (holder !== null && movedPid !== null && movedPid !== holder.pid) {
      // Another daemon claimed the file between our read and our rename: give it back.
      try {
        fs.linkSync(aside, path);
      } catch {
        /* yet another one claimed it meanwhile */
      }
    } else options.onStale?.(holder);
    fs.rmSync(aside, { force: true });
  }
  throw new BrainError('lock_timeout', `could not claim ${path}: other daemons keep starting`, { hint: 'retry in a moment', data: { file: path } });
}

function fileHandle(path: string, get: () => DaemonInfo, set: (info: DaemonInfo) => void): DaemonFile {
  return {
    path,
    update(changes) {
      const next = { ...get(), ...changes };
      set(next);
      writeFileAtomicSync(path, `${JSON.stringify(next, null, 2)}\n`);
    },
    remove() {
      let current: DaemonInfo | null = null;
      try {
        current = JSON.parse(fs.readFileSync(path, 'utf8')) as DaemonInfo;
      } catch {
        return;
      }
      if (current.pid === get().pid) fs.rmSync(path, { force: true });
    },
  };
}
