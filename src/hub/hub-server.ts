/**
 * `brain hub serve` (issue #11): the hub's HTTP server plus its schedule — every repository is
 * synced at start and then every `intervalS` seconds (one pass at a time; a pass syncs the
 * repositories one after another), and on each signed webhook. Listens on `host` (default
 * 127.0.0.1; a hub meant for a network is put behind a TLS proxy, docs/decisions/0027).
 */
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { BrainError } from '../model/errors.js';
import { keepIdleConnections } from '../http/keep-alive.js';
import { createHubApp } from './http/app.js';
import type { Hub } from './hub.js';
import { repoNames } from './registry.js';

/** Options of {@link serveHub}. */
export interface ServeHubOptions {
  port: number;
  host?: string;
  /** Seconds between sync passes; 0: this process never syncs on a schedule (a read-only instance beside a syncing one; webhooks still sync when a secret is set). */
  intervalS: number;
  webhookSecret: string | null;
  log?: (event: string, fields: Record<string, unknown>) => void;
}

/** A serving hub. `stop()` ends the schedule, then the server; the hub itself stays open. */
export interface HubServer {
  port: number;
  url: string;
  /** Runs one sync pass over every repository now (also what the schedule runs). */
  syncAll(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts serving. Errors: `io_error` (port in use), listen errors. */
export async function serveHub(hub: Hub, options: ServeHubOptions): Promise<HubServer> {
  const log = options.log ?? (() => undefined);
  const host = options.host ?? '127.0.0.1';
  const app = createHubApp({ pool: hub.pool, hub: hub.service, syncer: hub.syncer, webhookSecret: options.webhookSecret, log: (f) => log('request_error', f) });
  const server = keepIdleConnections(createAdaptorServer({ fetch: app.fetch, hostname: host }) as Server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new BrainError('io_error', `port ${options.port} on ${host} is already in use`, { hint: 'pick another with --port N (0: any free port)' }) : err));
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let pass: Promise<void> = Promise.resolve();
  const syncAll = async () => {
    for (const name of await repoNames(hub.pool)) {
      if (stopped) return;
      const outcome = await hub.syncer.sync(name);
      if (!outcome.ok) log('sync_failed', { repo: name, ...outcome.error });
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      pass = syncAll().catch((err) => log('sync_pass_failed', { message: err instanceof Error ? err.message : String(err) })).finally(schedule);
    }, options.intervalS * 1000);
  };
  if (options.intervalS > 0) pass = syncAll().catch((err) => log('sync_pass_failed', { message: err instanceof Error ? err.message : String(err) })).finally(schedule);
  return {
    port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    syncAll,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await pass;
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), 3000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
