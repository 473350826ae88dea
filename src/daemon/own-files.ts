/**
 * What the daemon owns in `.git/brain/` and puts back when it disappears (docs/decisions/0063):
 * `daemon.json` (how clients find it, DESIGN §5) and the default token `token` (DESIGN §6,
 * mode 0600). Someone clearing `.git/brain/` to drop a cache (decision 0060's trial) also removed
 * them; the daemon kept serving, but clients found no daemon and every bearer token read from
 * the file was gone — 401 until a restart. The daemon remembers both and writes them back, the
 * same token (clients that copied it keep working), when they are missing: checked before each
 * authentication and every `intervalMs`. A file someone replaced (another token, another
 * daemon's `daemon.json`) is left alone: only a missing file is restored. Named tokens
 * (`tokens.json`) are the user's: deleting them revokes them, as `brain daemon token revoke` would.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../git/git-fs.js';
import { readDefaultToken, TOKEN_FILE } from '../service/default-token.js';
import { DAEMON_FILE, type DaemonFile } from './daemon-file.js';
import type { Log } from '../service/log.js';

/** The keeper of {@link keepOwnFiles}. */
export interface OwnFiles {
  /** Restores what is missing now; returns the file names restored (empty: nothing was missing). Never throws. */
  restore(): string[];
  close(): void;
}

/**
 * Starts keeping `daemon.json` (through `file`) and, when `token` is not null, the default
 * token in `brainDir` (see the module comment). Restoring logs `own_files_restored` (warn); a
 * failure to restore (a read-only disk) logs `own_files_error` and is retried next time.
 */
export function keepOwnFiles(options: { brainDir: string; token: string | null; file: DaemonFile; log: Log; intervalMs?: number }): OwnFiles {
  const { brainDir, token, file, log } = options;
  const restore = (): string[] => {
    const restored: string[] = [];
    try {
      if (token !== null && readDefaultToken(brainDir) === null) {
        fs.mkdirSync(brainDir, { recursive: true });
        const path = join(brainDir, TOKEN_FILE);
        writeFileAtomicSync(path, `${token}\n`, 0o600);
        fs.chmodSync(path, 0o600);
        restored.push(TOKEN_FILE);
      }
      if (!fs.existsSync(join(brainDir, DAEMON_FILE))) {
        fs.mkdirSync(brainDir, { recursive: true });
        file.update({});
        restored.push(DAEMON_FILE);
      }
    } catch (err) {
      log.error('own_files_error', { message: (err as Error).message });
    }
    if (restored.length > 0) log.warn('own_files_restored', { files: restored, dir: brainDir, why: 'missing (was .git/brain cleared?)' });
    return restored;
  };
  const timer = setInterval(restore, options.intervalMs ?? 2000);
  timer.unref();
  return { restore, close: () => clearInterval(timer) };
}
