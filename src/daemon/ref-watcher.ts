/**
 * Noticing that the docs branch moved, whoever moved it (DESIGN §5): a chokidar watch on the
 * *directories* that hold the ref — `<commonDir>` itself (for `packed-refs`), `refs/heads/…`
 * down to the branch, and `refs/remotes/` — never relying on the ref file's own watch (that
 * one dies for good once `git gc` packs and deletes the file). One chokidar watcher on
 * `<commonDir>` whose `ignored` filter prunes everything else (objects/, logs/, brain/, other
 * branches' files), so it never descends into the object store. Every relevant event, debounced
 * (default 50 ms), re-resolves the ref (loose file, then packed-refs) and compares it with the
 * last oid handled; a poll every few seconds (default 2 s) does the same as a safety net for
 * events the OS drops. `onTip` runs one at a time; a change seen meanwhile runs after it.
 */
import { execFile } from 'node:child_process';
import { basename, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { watch, type FSWatcher } from 'chokidar';
import { readBranchTip } from '../git/refs.js';

const run = promisify(execFile);

/** What triggered a check. */
export type WatchTrigger = 'watch' | 'poll' | 'manual';

/** Options of {@link createRefWatcher}. */
export interface RefWatcherOptions {
  /** The git common dir (`RepoLocation.commonDir`). */
  commonDir: string;
  branch: string;
  /** The oid already handled (the projection's), so the first check is a no-op when unchanged. */
  initialOid: string | null;
  /** Called with the new tip (null: branch deleted) whenever it differs from the last handled. A throw leaves the oid unhandled (retried next check) and goes to `onError`. */
  onTip: (tip: string | null, trigger: WatchTrigger) => Promise<void>;
  onError: (err: unknown, where: 'watcher' | 'check') => void;
  /** Resolves the tip on each check (default: read `refs/heads/<branch>`); the daemon's also creates the local branch from a remote-tracking one (issue #8), which `refs/remotes/` events trigger. */
  readTip?: () => Promise<string | null>;
  /** Default 50 ms. */
  debounceMs?: number;
  /** Default 2000 ms; 0 disables polling. */
  pollMs?: number;
}

/** Watcher facts for `/api/health`. */
export interface WatcherState {
  /** True once chokidar has scanned the directories and is delivering events. */
  ready: boolean;
  watching: string[];
  events: number;
  polls: number;
  changes: number;
  last_event_at: string | null;
  last_change_at: string | null;
  last_error: string | null;
  debounce_ms: number;
  poll_ms: number;
}

/** A running watcher. */
export interface RefWatcher {
  state(): WatcherState;
  /** Re-resolves the ref now (serialized with the other checks). */
  check(trigger?: WatchTrigger): Promise<void>;
  close(): Promise<void>;
}

/** Starts watching; resolves once chokidar is ready (or failed — the poll still runs). */
export async function createRefWatcher(options: RefWatcherOptions): Promise<RefWatcher> {
  const debounceMs = options.debounceMs ?? 50;
  const pollMs = options.pollMs ?? 2000;
  const branchRef = `refs/heads/${options.branch}`;
  const rel = (path: string) => relative(options.commonDir, path).split(sep).join('/');
  const relevant = (r: string) =>
    r === '' || r === 'packed-refs' || r === 'refs' || r === 'refs/remotes' || r.startsWith('refs/remotes/') ||
    r === branchRef || r === `${branchRef}.lock` || branchRef.startsWith(`${r}/`);
  const state: WatcherState = { ready: false, watching: ['.', 'refs/heads', 'refs/remotes'], events: 0, polls: 0, changes: 0, last_event_at: null, last_change_at: null, last_error: null, debounce_ms: debounceMs, poll_ms: pollMs };
  let handled = options.initialOid;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const checkOnce = async (trigger: WatchTrigger): Promise<void> => {
    const tip = options.readTip ? await options.readTip() : readBranchTip(options.commonDir, options.branch);
    if (tip === handled) return;
    await options.onTip(tip, trigger);
    handled = tip;
    state.changes++;
    state.last_change_at = new Date().toISOString();
  };
  const check = async (trigger: WatchTrigger = 'manual'): Promise<void> => {
    if (closed) return;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await checkOnce(trigger);
        } catch (err) {
          options.onError(err, 'check');
        }
      } while (again && !closed);
    })().finally(() => (running = null));
    return running;
  };
  const onEvent = (path: string) => {
    if (closed || !relevant(rel(path))) return;
    state.events++;
    state.last_event_at = new Date().toISOString();
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void check('watch'), debounceMs);
  };

  const watcher: FSWatcher = watch(options.commonDir, { ignoreInitial: true, atomic: false, ignored: (path: string) => !relevant(rel(path)) });
  watcher.on('all', (_event, path) => onEvent(path));
  // Raw directory events too, for the names that matter: cheap insurance against missed entries.
  watcher.on('raw', (_event, name, details) => {
    const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if (!watched || typeof name !== 'string' || name === '') return;
    onEvent(basename(watched) === name ? watched : join(watched, name));
  });
  watcher.on('error', (err) => {
    state.last_error = err instanceof Error ? err.message : String(err);
    options.onError(err, 'watcher');
  });
  await new Promise<void>((resolve) => {
    watcher.once('ready', () => {
      state.ready = true;
      resolve();
    });
    watcher.once('error', () => resolve());
  });
  const poll = pollMs > 0 ? setInterval(() => {
    state.polls++;
    void check('poll');
  }, pollMs) : null;
  await check('manual'); // whatever moved while chokidar was scanning

  return {
    state: () => ({ ...state, watching: [...state.watching] }),
    check,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (poll) clearInterval(poll);
      await watcher.close();
      await running;
    },
  };
}

/**
 * How many commits `to` has that `from` has not (`git rev-list --count from..to`), or null
 * when either is null, git is missing, or `from` is unknown (history rewritten).
 */
export async function commitsBetween(args: { commonDir: string; from: string | null; to: string | null }): Promise<number | null> {
  if (args.from === args.to) return 0;
  if (args.from === null || args.to === null) return null;
  try {
    const { stdout } = await run('git', ['--git-dir', args.commonDir, 'rev-list', '--count', `${args.from}..${args.to}`], { timeout: 5000 });
    const n = Number.parseInt(stdout.trim(), 10);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}
