/**
 * The daemon's structured log (issue #3), below the surfaces so that the daemon and the HTTP
 * routes it mounts both write it (issue #22: `http/` never imports `daemon/`): one JSON object
 * per line on stderr, one line per event — `start`, `catch_up`, `watcher_error`, `request_error`, `stop` — and nothing else
 * (no access log: the daemon is quiet by default).
 *
 * Line shape: `{"time": ISO 8601 UTC, "level": "info"|"warn"|"error", "event": name, ...fields}`.
 * Field names are snake_case like the rest of the wire format (DESIGN §2).
 */

/** Severity of a log line. */
export type LogLevel = 'info' | 'warn' | 'error';

/** A structured logger. Every method writes exactly one line; none throws. */
export interface Log {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** Options of {@link createLog}. */
export interface LogOptions {
  /** Where lines go (default: `process.stderr.write`). Receives the line with its trailing LF. */
  write?: (line: string) => void;
  /** Clock for `time` (default `() => new Date()`); for tests. */
  now?: () => Date;
}

/** A {@link Log} writing JSON lines (default: to stderr). */
export function createLog(options: LogOptions = {}): Log {
  const write = options.write ?? ((line: string) => void process.stderr.write(line));
  const now = options.now ?? (() => new Date());
  const emit = (level: LogLevel, event: string, fields: Record<string, unknown> = {}): void => {
    let line: string;
    try {
      line = JSON.stringify({ time: now().toISOString(), level, event, ...fields });
    } catch {
      line = JSON.stringify({ time: now().toISOString(), level, event, note: 'fields were not serializable' });
    }
    try {
      write(`${line}\n`);
    } catch {
      /* a closed stderr must never take the daemon down */
    }
  };
  return {
    info: (event, fields) => emit('info', event, fields),
    warn: (event, fields) => emit('warn', event, fields),
    error: (event, fields) => emit('error', event, fields),
  };
}

/** `{name, message, code?}` of any thrown value, for a log line's `error` field. */
export function errorFields(err: unknown): { name: string; message: string; code?: string } {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { name: err.name, message: err.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { name: 'Error', message: String(err) };
}
