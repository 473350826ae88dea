/**
 * What each `brain hub` subcommand does (hub-command.ts registers them): open what it needs —
 * the hub's tables (`token …`), its reads (`list`), or the whole hub with its mirrors (`serve`,
 * `add`, `remove`, `sync`, the only ones needing `--dir`, with `list --backend sqlite`) — call
 * src/hub/, print a table or `--json`, close. `serve` runs until SIGINT/SIGTERM.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { BrainError } from '../model/errors.js';
import { BOUNDS, parseIntegerText } from '../model/number-text.js';
import type { GlobalOptions } from './context.js';
import { table } from './table.js';
import { neutralizeTerminal, safeJson } from './terminal-text.js';

/** The options of hub subcommands (each takes the ones it declares). */
export interface HubCliOptions {
  db?: string;
  dir?: string;
  backend?: string;
  port?: string;
  host?: string;
  interval?: string;
  webhookSecretFile?: string;
  readDb?: string;
  name?: string;
  branch?: string;
  repo?: string[];
  allRepos?: boolean;
  project?: string[];
  capability?: string;
}

/** The webhook secret of `--webhook-secret-file` or BRAIN_HUB_WEBHOOK_SECRET (null: none). Errors: `io_error` (unreadable file), `invalid_argument` (too short). */
function webhookSecret(options: HubCliOptions): string | null {
  const file = options.webhookSecretFile;
  let text: string | undefined;
  try {
    text = file !== undefined ? readFileSync(file, 'utf8') : process.env.BRAIN_HUB_WEBHOOK_SECRET;
  } catch (err) {
    throw new BrainError('io_error', `cannot read the webhook secret file ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`, { hint: 'create it first (e.g. openssl rand -hex 32 > webhook-secret) and make it readable by the user running the hub', cause: err });
  }
  const secret = text?.trim();
  if (secret !== undefined && secret.length < 16) throw new BrainError('invalid_argument', 'the webhook secret must be at least 16 characters', { hint: 'e.g. openssl rand -hex 32 > secret' });
  return secret || null;
}

/** Resolves `--db` (required) and `--dir` (null when not given) from options or the environment. Errors: `invalid_argument`. */
export function hubLocation(options: HubCliOptions): { db: string; dir: string | null } {
  const db = options.db ?? process.env.BRAIN_HUB_DB;
  const dir = options.dir ?? process.env.BRAIN_HUB_DIR;
  if (!db) throw new BrainError('invalid_argument', 'the hub needs --db <postgres url>', { hint: 'pass --db, or set BRAIN_HUB_DB' });
  if (!/^postgres(ql)?:\/\//.test(db)) throw new BrainError('invalid_argument', `--db must be a PostgreSQL URL, got "${db.slice(0, 80)}"`, { hint: 'e.g. postgres://user@host:5432/brain_hub' });
  return { db, dir: dir || null };
}

/** `dir`, for subcommand `name` that touches the mirrors. Errors: `invalid_argument` when null. */
function requireDir(name: string, dir: string | null): string {
  if (dir !== null) return dir;
  throw new BrainError('invalid_argument', `brain hub ${name} needs --dir <hub dir>: it ${name === 'remove' ? 'deletes the mirror' : 'fetches into the mirrors'} kept there`, { hint: 'pass --dir DIR or set BRAIN_HUB_DIR (the directory `brain hub serve` uses)' });
}

const signal = () => new Promise<string>((resolve) => ['SIGINT', 'SIGTERM'].forEach((s) => process.once(s, () => resolve(s))));

/** Runs hub subcommand `name`. Errors: BrainErrors of src/hub/, PostgreSQL errors. */
export async function hubAction(name: string, positional: (string | undefined)[], options: HubCliOptions, globals: GlobalOptions): Promise<void> {
  const { db, dir } = hubLocation(options);
  const backend = options.backend ?? 'postgres';
  if (backend !== 'postgres' && backend !== 'sqlite') throw new BrainError('invalid_argument', `--backend must be postgres or sqlite, got "${backend.slice(0, 20)}"`);
  const out = (value: unknown, human: string, indent?: number) => process.stdout.write(globals.json ? `${safeJson(value, indent)}\n` : `${neutralizeTerminal(human)}\n`);
  const hubMod = await import('../hub/hub.js');
  if (name.startsWith('token-')) {
    const pool = await hubMod.openHubState(db); // tokens are rows of the hub's tables: no projection, no mirrors
    try {
      return await tokenAction(name, positional, options, pool, out);
    } finally {
      await pool.end();
    }
  }
  if (name === 'list') {
    const reader = await hubMod.openHubReader({ db, backend, ...(dir !== null ? { dir } : {}) });
    try {
      const repos = await reader.service.repos({ repos: null, projects: null, capabilities: ['read'] });
      out(repos, repos.length === 0 ? 'no repositories' : table(['NAME', 'PROJECTED', 'ENTRIES', 'PROBLEMS', 'LAST SYNC', 'ERROR', 'SOURCE'], repos.map((r) => [r.name, r.projected_oid?.slice(0, 12) ?? '-', String(r.entries), String(r.problems), r.last_sync_at ?? '-', r.last_error ? `${r.last_error.code}: ${r.last_error.message.slice(0, 80)}` : '-', r.source])));
      return;
    } finally {
      await reader.close();
    }
  }
  const readDb = options.readDb ?? process.env.BRAIN_HUB_READ_DB;
  // Checked before connecting: a bad option or a missing secret file fails fast, with nothing opened.
  const port = name === 'serve' ? parseIntegerText('--port', options.port ?? '7420', BOUNDS.port) : 0;
  const intervalS = name === 'serve' ? parseIntegerText('--interval', options.interval ?? '60', { min: 0, max: 86_400, example: 60 }) : 0;
  const secret = name === 'serve' ? webhookSecret(options) : null;
  const hub = await hubMod.openHub({ db, dir: requireDir(name, dir), backend, ...(name === 'serve' && readDb ? { readDb } : {}) });
  try {
    if (name === 'serve') {
      const stop = signal();
      const { serveHub } = await import('../hub/hub-server.js');
      const server = await serveHub(hub, { port, intervalS, webhookSecret: secret, ...(options.host ? { host: options.host } : {}), log: (event, fields) => process.stderr.write(`${JSON.stringify({ event, ...fields })}\n`) });
      out({ url: server.url, port: server.port, pid: process.pid }, `brain hub: ${server.url} (pid ${process.pid}; stop with Ctrl-C)`, 0);
      await stop;
      await server.stop();
    } else if (name === 'add') {
      const added = await hubMod.addRepo(hub, { source: positional[0] ?? '', ...(options.name ? { name: options.name } : {}), ...(options.branch ? { branch: options.branch } : {}) });
      out(added, `registered ${added.repo.name} (${added.repo.source}); ${added.sync.ok ? `projected at ${added.sync.projected_oid ?? '(empty)'}` : `first sync failed: ${added.sync.error?.code}: ${added.sync.error?.message}`}`);
      // Registered either way (a source may come back), but a script must see that nothing is served yet.
      if (!added.sync.ok) process.exitCode = 1;
    } else if (name === 'remove') {
      await hubMod.removeRepo(hub, positional[0] ?? '');
      out({ removed: positional[0] }, `removed ${positional[0]}`);
    } else if (name === 'sync') {
      const { repoNames } = await import('../hub/registry.js');
      const names = positional[0] !== undefined ? [positional[0]] : await repoNames(hub.pool);
      const outcomes = [];
      for (const n of names) outcomes.push(await hub.syncer.sync(n));
      out(outcomes, outcomes.map((o) => `${o.repo}: ${o.ok ? `projected at ${o.projected_oid ?? '(empty)'}` : `failed: ${o.error?.code}: ${o.error?.message}`}`).join('\n') || 'no repositories');
      if (outcomes.some((o) => !o.ok)) process.exitCode = 1;
    }
  } finally {
    await hub.close();
  }
}

async function tokenAction(name: string, positional: (string | undefined)[], options: HubCliOptions, pool: pg.Pool, out: (value: unknown, human: string) => void): Promise<void> {
  const tokens = await import('../hub/tokens.js');
  if (name === 'token-create') {
    const { tokenScope } = await import('../hub/scope.js');
    if (!options.allRepos === !options.repo?.length) throw new BrainError('invalid_argument', options.allRepos ? 'give --repo NAME (repeatable) or --all-repos, not both' : 'give --repo NAME (repeatable) or --all-repos', { hint: 'brain hub token create --repo payments --capability read' });
    const scope = tokenScope({ repos: options.allRepos ? null : options.repo!, projects: options.project?.length ? options.project : null, capabilities: options.capability ?? 'read' });
    const { token, secret } = await tokens.createToken(pool, { name: options.name ?? 'cli', scope });
    // Allowed on purpose (a token may be prepared before its repository is added), but a typo must not pass unseen.
    const registered = await (await import('../hub/registry.js')).repoNames(pool);
    const unregistered = (scope.repos ?? []).filter((r) => !registered.includes(r));
    const warnings = unregistered.length ? [`not registered on this hub (yet): ${unregistered.join(', ')}; the token reads ${unregistered.length === 1 ? 'it' : 'them'} once \`brain hub add\` registers ${unregistered.length === 1 ? 'it' : 'them'} under that name`] : [];
    for (const w of warnings) process.stderr.write(`warning: ${neutralizeTerminal(w)}\n`);
    out({ token, secret, warnings }, `${secret}\n(token ${token.id}; the secret is shown only now: store it)`);
  } else if (name === 'token-list') {
    const all = await tokens.listTokens(pool);
    out(all, all.length === 0 ? 'no tokens' : table(['ID', 'NAME', 'REPOS', 'PROJECTS', 'CAPABILITIES', 'REVOKED'], all.map((t) => [t.id, t.name, t.repos?.join(',') ?? '(all)', t.projects?.join(',') ?? '(all)', t.capabilities.join(','), t.revoked_at ?? '-'])));
  } else if (name === 'token-revoke') {
    const revoked = await tokens.revokeToken(pool, positional[0] ?? '');
    out({ revoked }, revoked.length ? `revoked ${revoked.join(', ')}` : `${positional[0]} was already revoked`);
  }
}
