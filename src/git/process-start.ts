/**
 * Which process a pid names, beyond the pid: its start, as the OS records it (issue 17 "A
 * lock names its writer exactly"). A pid is reused once its process is gone; pid and start
 * together are not. Read, in this order:
 *
 * - Linux (`/proc`): `linux:<boot_id>:<starttime>` — /proc/sys/kernel/random/boot_id and field
 *   22 of /proc/<pid>/stat (clock ticks since boot). Exact, and blind to wall-clock changes.
 *   Started at: `btime` of /proc/stat + starttime / `getconf CLK_TCK`.
 * - elsewhere with `ps` (macOS, the BSDs): `ps:<lstart>` — `ps -o lstart= -p <pid>` in the C
 *   locale (local time, to the second).
 * - neither (Windows, a system without ps): null, and callers fall back to the pid alone.
 *
 * docs/decisions/0030-lock-names-its-writer.md.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';

/** A process's start as the OS reports it. */
export interface ProcessStart {
  /** Compared for equality only: the same pid with the same token is the same process. */
  token: string;
  /** When it started, ms since the epoch by the wall clock (to the tick or the second), or null when the OS does not say. */
  startedMs(): number | null;
}

const read = (path: string): string | null => {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

let procfs: boolean | undefined;
let bootId: string | undefined;
let clockTicks: number | undefined;

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every current Linux architecture). */
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    } catch {
      clockTicks = NaN;
    }
    if (!(clockTicks > 0)) clockTicks = 100;
  }
  return clockTicks;
}

function fromProc(pid: number): ProcessStart | null {
  const stat = read(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // `pid (comm) state ppid …`: comm may hold spaces and parentheses; field 3 follows the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = fields[19]; // field 22
  if (ticks === undefined || !/^\d+$/.test(ticks)) return null;
  bootId ??= (read('/proc/sys/kernel/random/boot_id') ?? '').trim();
  return {
    token: `linux:${bootId}:${ticks}`,
    startedMs() {
      const btime = /^btime (\d+)$/m.exec(read('/proc/stat') ?? '');
      return btime ? Number(btime[1]) * 1000 + Math.round((Number(ticks) * 1000) / ticksPerSecond()) : null;
    },
  };
}

function fromPs(pid: number): ProcessStart | null {
  let lstart: string;
  try {
    lstart = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null; // no such process, or no ps
  }
  if (lstart === '') return null;
  return {
    token: `ps:${lstart.replace(/\s+/g, ' ')}`,
    startedMs() {
      const ms = Date.parse(lstart); // "Mon Nov 24 10:00:00 2026", local time
      return Number.isNaN(ms) ? null : ms;
    },
  };
}

/**
 * The start of process `pid` on this host, or null when it is not running or the OS does not
 * tell (no /proc and no ps, or /proc mounted with hidepid). Never throws.
 */
export function processStart(pid: number): ProcessStart | null {
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  procfs ??= fs.existsSync('/proc/self/stat');
  return procfs ? fromProc(pid) : fromPs(pid);
}

let own: ProcessStart | null | undefined;

/** {@link processStart} of this process, read once. */
export function ownProcessStart(): ProcessStart | null {
  own ??= processStart(process.pid);
  return own;
}
