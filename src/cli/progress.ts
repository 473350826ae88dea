/**
 * Progress of a long refresh on a terminal (DESIGN §6: "progress on stderr for long work when it
 * is a TTY"). A fresh clone's first read of a large brain builds the whole projection — 45 s at
 * 240 000 revisions on a loaded 2-core machine — and said nothing: it looked hung. Shown only
 * when stderr is a terminal and only once the refresh has run for `afterMs` (default 1 s,
 * `BRAIN_PROGRESS_AFTER_MS`), so quick reads print nothing; one line rewritten in place (`\r`,
 * erase to the end of the line), at most every 100 ms; ended with a summary line once the
 * projection is written, or with a bare newline by {@link RefreshProgressLine.end} when the
 * command stops before that (an error then starts on a line of its own).
 */
import type { RefreshProgress } from '../service.js';

/** The delay before progress shows, in ms: `BRAIN_PROGRESS_AFTER_MS` (a non-negative integer), else 1000. */
export function progressDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.BRAIN_PROGRESS_AFTER_MS;
  return text !== undefined && /^\d{1,7}$/.test(text) ? Number(text) : 1000;
}

/** Options of {@link createRefreshProgress}. */
export interface RefreshProgressOptions {
  /** Writes to the terminal (stderr). */
  write: (text: string) => void;
  /** Milliseconds now (default `performance.now`). */
  now?: () => number;
  /** Show nothing before this many ms since the line was created (default {@link progressDelayMs}). */
  afterMs?: number;
}

/** What {@link createRefreshProgress} returns. */
export interface RefreshProgressLine {
  /** The Brain's `onProgress`. */
  report: (progress: RefreshProgress) => void;
  /** Ends a line left open (the command stopped before the refresh finished). */
  end: () => void;
}

const count = (n: number) => n.toLocaleString('en-US');
const CLEAR = '\x1b[K';

/** A progress line for refreshes (see the module comment). Pure apart from `write`. */
export function createRefreshProgress(options: RefreshProgressOptions): RefreshProgressLine {
  const now = options.now ?? (() => performance.now());
  const afterMs = options.afterMs ?? progressDelayMs();
  const started = now();
  let open = false;
  let lastAt = -Infinity;
  return {
    report(p) {
      const at = now();
      if (p.finished) {
        if (open) options.write(`\rbrain: read ${count(p.total)} files of the docs branch into the cache in ${((at - started) / 1000).toFixed(1)} s${CLEAR}\n`);
        open = false;
        return;
      }
      const last = p.done >= p.total;
      if (at - started < afterMs || (at - lastAt < 100 && !last)) return;
      lastAt = at;
      open = true;
      const percent = p.total === 0 ? 100 : Math.floor((100 * p.done) / p.total);
      options.write(`\rbrain: reading the docs branch into the cache: ${count(p.done)} of ${count(p.total)} files (${percent}%)${last ? ', writing the index' : ''}${CLEAR}`);
    },
    end() {
      if (open) options.write('\n');
      open = false;
    },
  };
}
