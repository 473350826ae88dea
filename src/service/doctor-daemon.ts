/**
 * Whether a daemon serves this repository (decision 0092's left-out: "`brain status` and doctor
 * say nothing about the daemon"), read from `.git/brain/daemon.json` (src/daemon/daemon-file.ts)
 * and the process table — never by asking it over HTTP, so a hung daemon cannot hang the
 * doctor or `brain status`.
 *
 * - none, or a file naming a process that is gone (harmless: reads answer directly; the next
 *   `brain ui` or `brain daemon` replaces it);
 * - a live daemon, with its pid, address and branch;
 * - a stopped one (Ctrl-Z, SIGSTOP; Linux `/proc`): reads skip it and the dashboard's address
 *   never loads; the doctor's finding says how to resume or end it. Nothing here signals a process.
 */
import { brainDir, type RepoLocation } from '../git/repo.js';
import { isProcessAlive, isProcessStopped } from '../git/process-alive.js';
import { readDaemonFile } from './daemon-info.js';
import type { Brain } from '../service.js';
import type { DoctorFinding } from './doctor.js';

/** What runs: `none`; `exited` (daemon.json names a dead pid); `running` or `stopped` with its pid, address (null until it listens) and branch. */
export type DaemonState = { state: 'none' } | { state: 'exited'; pid: number } | { state: 'running' | 'stopped'; pid: number; url: string | null; branch: string };

/** The daemon state of `repo`. Reads one small file and the process table. */
export function daemonState(repo: RepoLocation): DaemonState {
  const info = readDaemonFile(brainDir(repo));
  if (info === null) return { state: 'none' };
  if (!isProcessAlive(info.pid)) return { state: 'exited', pid: info.pid };
  return { state: isProcessStopped(info.pid) ? 'stopped' : 'running', pid: info.pid, url: info.url, branch: info.branch };
}

/** `pid N, branch B, http://127.0.0.1:P/` (or `not listening yet`). */
function where(d: { pid: number; url: string | null; branch: string }): string {
  return `pid ${d.pid}, branch ${d.branch}${d.url ? `, ${d.url}/` : ', not listening yet'}`;
}

/** The one-line wording of `brain status` (`daemon:` line) for state `d` seen from branch `branch`. */
export function daemonLine(d: DaemonState, branch: string): string {
  if (d.state === 'none') return 'none runs: reads answer directly (`brain ui` starts one)';
  if (d.state === 'exited') return `none runs (daemon.json names pid ${d.pid}, which has exited: harmless, the next daemon replaces it)`;
  if (d.state === 'stopped') return `the daemon (${where(d)}) is stopped (Ctrl-Z or SIGSTOP): reads skip it and its dashboard does not load`;
  const other = d.branch !== branch ? ` (it serves ${d.branch}, not ${branch}: reads of ${branch} answer directly)` : '';
  return `running (${where(d)})${other}`;
}

/** The doctor's `daemon` finding for `brain`'s repository and branch: not ok only when the daemon is stopped. */
export function daemonFinding(brain: Brain): DoctorFinding {
  const d = daemonState(brain.repo);
  const message = daemonLine(d, brain.branch);
  if (d.state !== 'stopped') return { check: 'daemon', ok: true, message };
  return { check: 'daemon', ok: false, message, fix: `resume it with \`fg\` in its terminal or \`kill -CONT ${d.pid}\`, or end it with \`kill -KILL ${d.pid}\`` };
}
