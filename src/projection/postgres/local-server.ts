/**
 * A throwaway local PostgreSQL server for tests (issue #11 "Real server in tests": no mock, no
 * in-memory imitation) and for `npm run bench -- hub`: `initdb` into a temp dir, `pg_ctl
 * start` on a free loopback port with trust auth and durability off (fsync, synchronous
 * commit: a scratch server), stopped and removed by {@link PostgresServer.stop}. Debian's
 * `postgresql` package provides the binaries (`/usr/lib/postgresql/<major>/bin`; `.ci/run`
 * installs it). initdb refuses to run as root, so under root the server runs as the
 * `postgres` system user the package creates. Never for production data: point the hub at a
 * managed server instead (README "For an organisation").
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A running server. */
export interface PostgresServer {
  /** `postgres://brain@127.0.0.1:<port>/postgres`. */
  url: string;
  port: number;
  /** Creates an empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/** The directory of `initdb`/`pg_ctl`: `PG_BIN`, else the newest Debian install, else PATH. */
export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const majors = readdirSync(root).filter((d) => existsSync(join(root, d, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (majors[0]) return join(root, majors[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0) return join(which.stdout.trim(), '..');
  throw new Error('PostgreSQL binaries not found: install Debian\'s postgresql package (apt-get install postgresql), or set PG_BIN');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The uid/gid to run the server as when this process is root (initdb refuses root). */
function serverUser(): { user: string; uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  for (const user of ['postgres', 'nobody']) {
    const id = spawnSync('id', [user], { encoding: 'utf8' });
    const m = /uid=(\d+).*?gid=(\d+)/.exec(id.stdout ?? '');
    if (id.status === 0 && m) return { user, uid: Number(m[1]), gid: Number(m[2]) };
  }
  throw new Error('running as root, and no postgres or nobody user to run PostgreSQL as');
}

/** Starts a fresh server. Errors: missing binaries, initdb or pg_ctl failures (their output). */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(process.env.TMPDIR ?? tmpdir(), 'brain-pg-'));
  const data = join(dir, 'data');
  const as = serverUser();
  if (as) chownSync(dir, as.uid, as.gid);
  const run = (cmd: string, args: string[]) => {
    const argv = as ? ['runuser', '-u', as.user, '--', join(bin, cmd), ...args] : [join(bin, cmd), ...args];
    try {
      execFileSync(argv[0]!, argv.slice(1), { stdio: 'pipe', cwd: dir });
    } catch (err) {
      const e = err as { stderr?: Buffer; stdout?: Buffer };
      throw new Error(`${cmd} failed: ${e.stderr?.toString() ?? ''}${e.stdout?.toString() ?? ''}`);
    }
  };
  run('initdb', ['-D', data, '-U', 'brain', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  // A port found free may be taken by another process (a parallel test worker) before the
  // server binds it: then the start fails, and another port is tried.
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    try {
      run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', opts, '-w', '-t', '60', 'start']);
      break;
    } catch (err) {
      if (attempt === 5) throw err;
    }
  }
  const url = `postgres://brain@127.0.0.1:${port}/postgres`;
  let n = 0;
  return {
    url,
    port,
    async createDatabase(name?: string) {
      const db = name ?? `t_${process.pid}_${++n}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${db}`);
      } finally {
        await client.end();
      }
      return `postgres://brain@127.0.0.1:${port}/${db}`;
    },
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
