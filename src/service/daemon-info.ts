/**
 * `.git/brain/daemon.json` as data (DESIGN §5): its name, its shape and how to read it — what a
 * client, `brain status` and the doctor need to find a running daemon without loading the
 * daemon (node:http, the token). Claiming, updating and removing the file is the daemon's own
 * (src/daemon/daemon-file.ts). Lives below the surfaces so the service can read it too
 * (DESIGN §10: nothing below the surfaces imports them).
 */
import * as fs from 'node:fs';
import { join } from 'node:path';

/** The file name inside `.git/brain/`. */
export const DAEMON_FILE = 'daemon.json';

/** Contents of daemon.json. */
export interface DaemonInfo {
  format: 1;
  pid: number;
  /** TCP port on 127.0.0.1; null until the daemon listens. */
  port: number | null;
  /** `http://127.0.0.1:<port>`; null until the daemon listens. */
  url: string | null;
  started_at: string;
  branch: string;
  project_id: string | null;
  /** The commit oid the daemon's projection reflects (updated after each catch-up). */
  projected: string | null;
  /** The repository's common git dir. */
  repo: string;
}

/** Parses `<brainDir>/daemon.json`, or null when missing or unreadable. */
export function readDaemonFile(brainDir: string): DaemonInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(join(brainDir, DAEMON_FILE), 'utf8')) as DaemonInfo;
    return typeof info.pid === 'number' ? info : null;
  } catch {
    return null;
  }
}
