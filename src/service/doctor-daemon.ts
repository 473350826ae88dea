/**
 * The doctor's `daemon` finding (decision 0092's left-out: "`brain status` and doctor say
 * nothing about the daemon"): whether a daemon serves this repository's docs branch, read from
 * `.git/brain/daemon.json` (src/daemon/daemon-file.ts) and the process table — never by asking
 * it over HTTP, so a hung daemon cannot hang the doctor.
 *
 * - none, or a file naming a process that is gone (harmless: reads answer directly; the next
 *   `brain ui` or `brain daemon` replaces it) → ok;
 * - a live daemon → ok, with its pid, address and branch;
 * - a stopped one (Ctrl-Z, SIGSTOP; Linux `/proc`) → not ok: reads skip it and the dashboard's
 *   address never loads; the fix resumes or ends it. Doctor never signals a process itself.
 */
import { brainDir } from '../git/repo.js';
import { isProcessAlive, isProcessStopped } from '../git/process-alive.js';
import { readDaemonFile } from '../daemon/daemon-file.js';
import type { Brain } from '../service.js';
import type { DoctorFinding } from './doctor.js';

/** The `daemon` finding for `brain`'s repository and branch. Pure over the file system and the process table. */
export function daemonFinding(brain: Brain): DoctorFinding {
  const info = readDaemonFile(brainDir(brain.repo));
  if (info === null) return { check: 'daemon', ok: true, message: 'none runs: reads answer directly (`brain ui` starts one)' };
  if (!isProcessAlive(info.pid)) return { check: 'daemon', ok: true, message: `none runs (daemon.json names pid ${info.pid}, which has exited: harmless, the next daemon replaces it)` };
  const where = `pid ${info.pid}, branch ${info.branch}${info.url ? `, ${info.url}/` : ', not listening yet'}`;
  if (isProcessStopped(info.pid)) {
    return { check: 'daemon', ok: false, message: `the daemon (${where}) is stopped (Ctrl-Z or SIGSTOP): reads skip it and its dashboard does not load`, fix: `resume it with \`fg\` in its terminal or \`kill -CONT ${info.pid}\`, or end it with \`kill -KILL ${info.pid}\`` };
  }
  const other = info.branch !== brain.branch ? ` (it serves ${info.branch}, not ${brain.branch}: reads of ${brain.branch} answer directly)` : '';
  return { check: 'daemon', ok: true, message: `running (${where})${other}` };
}
