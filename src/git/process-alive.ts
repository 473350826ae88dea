import { readFileSync } from 'node:fs';

/**
 * Whether a process id is alive on this host (signal 0). Used to tell a stale lock or
 * daemon.json left by a crashed process from a live holder. `EPERM` means it exists but
 * belongs to someone else: alive.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether process `pid` is stopped — suspended with Ctrl-Z in its terminal, or sent SIGSTOP —
 * so it answers nothing until it is continued (`fg`, `kill -CONT <pid>`): state `T` (or `t`,
 * stopped by a debugger) in field 3 of `/proc/<pid>/stat`. False when it runs, is gone, or the
 * OS has no `/proc` (then callers rely on their timeouts). docs/decisions/0092: a suspended
 * daemon kept every one-shot read waiting a minute.
 */
export function isProcessStopped(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // `pid (comm) state …`: comm may hold spaces and parentheses; the state follows the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'T' || state === 't';
}
