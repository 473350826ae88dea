/**
 * Repositories and hubs for the hub's end-to-end tests: real git repositories in temp dirs
 * written by the brain service (test/helpers), a hub on a real PostgreSQL database, served on
 * port 0. `pollUntil` waits for something to be picked up with a deadline (no timed assertions).
 */
import { join } from 'node:path';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';
import { openTestBrain } from '../helpers/brain.js';
import { dirOf, handCommit, makeEntry } from '../helpers/plain-git.js';
import { startPostgres, type PostgresServer } from '../helpers/postgres.js';
import { addRepo, openHub, type Hub } from '../../src/hub/hub.js';
import { serveHub, type HubServer } from '../../src/hub/hub-server.js';
import { createToken } from '../../src/hub/tokens.js';
import type { Brain } from '../../src/service.js';
import { HUB_BACKEND } from './backend-kind.js';

/** Fields of an entry to append. */
export type Fields = Parameters<Brain['writes']['append']>[0]['fields'];

/** Appends entries to the brain of `dir` (project `projectId`); returns their ids. */
export async function record(dir: string, projectId: string, entries: { kind: string; fields: Fields }[]): Promise<string[]> {
  const brain = await openTestBrain(dir, { projectId });
  try {
    const ids: string[] = [];
    for (const e of entries) ids.push((await brain.writes.append({ kind: e.kind, fields: e.fields })).entry.entry_id);
    return ids;
  } finally {
    await brain.close();
  }
}

/** A repository with a docs branch (`brain init`, project `projectId`). */
export async function brainRepo(projectId: string): Promise<string> {
  const dir = initRepo();
  const brain = await openTestBrain(dir, { projectId });
  try {
    await brain.init();
  } finally {
    await brain.close();
  }
  return dir;
}

/** A repository whose `brain` branch is not a brain tree (it points at the main commit: no brain.json). */
export function notABrainRepo(): string {
  const dir = initRepo();
  git(dir, ['branch', 'brain', 'main']);
  return dir;
}

/** Commits, with plain git, a revision file holding invalid JSON onto `dir`'s brain branch; returns its path. */
export function commitInvalidRevision(dir: string, projectId: string): string {
  const e = makeEntry({ kind: 'decision', projectId, title: 'broken' });
  const path = `${dirOf(e)}/r0001-00000000.json`;
  handCommit(dir, { [path]: '{"this is": not json' }, 'a broken revision file');
  return path;
}

/** A directory for a hub. */
export function hubDir(): string {
  return join(tempDir('brain-hub-'), 'hub');
}

/** A served test hub (see {@link serveTestHub}). */
export interface TestHub {
  pg: PostgresServer;
  /** The hub database's URL. */
  db: string;
  hub: Hub;
  server: HubServer;
  /** Mints a read token over `repos` (null: every repository); returns its secret. */
  readToken(name: string, repos: string[] | null): Promise<string>;
  /** Stops the server, the hub and PostgreSQL; removes the temp dirs. */
  stop(): Promise<void>;
}

/**
 * A hub on a fresh real PostgreSQL (backend: HUB_BACKEND) with `repos` (name, source dir)
 * registered in order and served on port 0 with no schedule pass in the tests' lifetime;
 * `log` receives the server's log events.
 */
export async function serveTestHub(repos: [string, string][], options: { webhookSecret?: string | null; log?: (event: string, fields: Record<string, unknown>) => void } = {}): Promise<TestHub> {
  const pg = await startPostgres();
  const db = await pg.createDatabase();
  const hub = await openHub({ db, dir: hubDir(), backend: HUB_BACKEND });
  for (const [name, source] of repos) await addRepo(hub, { source, name });
  const server = await serveHub(hub, { port: 0, intervalS: 3600, webhookSecret: options.webhookSecret ?? null, ...(options.log ? { log: options.log } : {}) });
  return {
    pg, db, hub, server,
    readToken: async (name, scoped) => (await createToken(hub.pool, { name, scope: { repos: scoped, projects: null, capabilities: ['read'] } })).secret,
    stop: async () => {
      await server.stop();
      await hub.close();
      await pg.stop();
      cleanupTempDirs();
    },
  };
}

/** Polls `probe` until it returns a value other than undefined, or throws after `deadlineMs` (default 60 s) naming `what`. */
export async function pollUntil<T>(what: string, probe: () => Promise<T | undefined>, deadlineMs = 60_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`not picked up before the deadline: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
