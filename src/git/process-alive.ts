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
