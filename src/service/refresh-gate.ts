/**
 * When a Brain refreshes its projection (DESIGN §4, issue #10 "refresh once per request"): one
 * refresh at a time per Brain — a daemon serves concurrent requests, so later callers wait for
 * the running one, then run their own against the tip as it is then — and, inside a read scope,
 * none at all: every refresh in the scope's async context answers the refresh the scope began
 * with (AsyncLocalStorage, so concurrent requests never share a scope).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RefreshResult } from '../projection/sqlite/refresh.js';

/** Serializes refreshes and scopes them to requests. */
export class RefreshGate {
  private running: Promise<unknown> = Promise.resolve();
  private readonly scope = new AsyncLocalStorage<RefreshResult>();

  /**
   * Runs `refreshNow` after the running refresh (or answers the scope's refresh when inside
   * {@link RefreshGate.scoped} and not `full`). Errors: whatever `refreshNow` throws.
   */
  refresh(full: boolean, refreshNow: () => Promise<RefreshResult>): Promise<RefreshResult> {
    const scoped = this.scope.getStore();
    if (scoped !== undefined && !full) return Promise.resolve(scoped);
    const run = this.running.then(refreshNow);
    this.running = run.catch(() => undefined);
    return run;
  }

  /** Runs `fn` with `result` answered to every non-full refresh in its async context. */
  scoped<T>(result: RefreshResult, fn: () => Promise<T>): Promise<T> {
    return this.scope.run(result, fn);
  }
}
