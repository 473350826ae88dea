/**
 * The installable artefact (issue #19): `npm pack` of this repository gives a tarball that
 * `npm install --global` puts into an empty prefix — with its own HOME and npm cache, away from
 * this repository — without dev dependencies, `src/` or source maps, and with better-sqlite3's
 * addon put in place by its install script. Then the README's usage runs from that install:
 * `brain --version`, `init`, `add`, `list`, `context`, `daemon`, `mcp`, `ui --no-open`, and the
 * format document its hints name exists there.
 *
 * One file, one pack and one install: every command runs against it. The dependencies come from
 * the npm registry, as for a user. better-sqlite3's install script first downloads the prebuilt
 * addon of its version for this Node ABI and platform from its release host (GitHub, which is
 * off this machine), and compiles from source only when that fails. The release host is the
 * one part stood in for: a local HTTP server (its `npm_config_better_sqlite3_binary_host`
 * setting) serves the addon of this checkout's node_modules — the same version, built here by
 * `npm ci` — at the path the script asks for, and 404s anything else (another version: the
 * script then compiles, minutes on a loaded machine). See docs/decisions/0036-installable-package.md.
 */
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { promisify } from 'node:util';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, gitEnv, initRepo, tempDir } from '../helpers/git.js';
import { httpGet } from '../helpers/daemon.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };

const work = tempDir('brain-install-');
const home = join(work, 'home');
const prefix = join(work, 'prefix');
const pkgDir = join(prefix, 'lib', 'node_modules', pkg.name);
const bin = join(prefix, 'bin', 'brain');
let packed: string[] = [];
const started: number[] = [];
/** What the stand-in release host was asked for, and answered (status). */
const hostRequests: string[] = [];
let host: Server | undefined;

/** The environment of a machine that never saw this repository: no npm_* settings inherited, own HOME, cache and prefix. */
function npmEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...extra };
  for (const [name, value] of Object.entries(process.env)) if (!/^npm_/i.test(name)) env[name] = value;
  Object.assign(env, { HOME: home, npm_config_cache: join(work, 'npm-cache'), npm_config_prefix: prefix, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' });
  // node-gyp builds better-sqlite3 against node's headers: the ones installed beside node when
  // there are (node-gyp's documented --nodedir), else it downloads them as on any machine.
  const nodeDir = resolve(dirname(process.execPath), '..');
  if (existsSync(join(nodeDir, 'include', 'node', 'node.h'))) env.npm_config_nodedir = nodeDir;
  return env;
}

/**
 * Stands in for better-sqlite3's release host: serves this checkout's built addon, packed as its
 * release asset `better-sqlite3-v<version>-node-v<abi>-<platform>-<arch>.tar.gz` (prebuild-install's
 * name on glibc), at `/v<version>/<asset>`; anything else is a 404. Resolves with its URL.
 */
async function startReleaseHost(): Promise<string> {
  const addon = join(root, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(addon, 'package.json'), 'utf8')) as { version: string };
  const asset = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const file = join(work, asset);
  execFileSync('tar', ['-czf', file, '-C', addon, 'build/Release/better_sqlite3.node']);
  const server = createServer((req, res) => {
    const found = req.url === `/v${version}/${asset}`;
    hostRequests.push(`${req.method} ${req.url} ${found ? 200 : 404}`);
    if (!found) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/gzip' }).end(readFileSync(file));
  });
  host = server;
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** The env `brain` runs with: the test's git identity and HOME, the prefix's bin first on PATH. */
function brainEnv(): NodeJS.ProcessEnv {
  return { ...gitEnv(home), PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? ''}`, BRAIN_AUTHOR: 'installed-test' };
}

function run(cwd: string, args: string[]) {
  const r = spawnSync(bin, args, { cwd, env: brainEnv(), encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(async () => {
  mkdirSync(home);
  // A copy of what a release is built from (the files `git archive` of a commit gives for
  // building: no dist/), with this checkout's node_modules for the build tools.
  const source = join(work, 'source');
  for (const name of ['package.json', 'package-lock.json', 'tsconfig.json', 'README.md', 'bin', 'src', 'docs', 'scripts']) cpSync(join(root, name), join(source, name), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'), 'dir');
  const out = join(work, 'out');
  mkdirSync(out);
  execFileSync('npm', ['pack', '--pack-destination', out], { cwd: source, env: npmEnv(), stdio: 'ignore' });
  const tarball = join(out, `${pkg.name}-${pkg.version}.tgz`);
  packed = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').map((f) => f.replace(/^package\//, ''));
  // Installed from a directory that is not a checkout of this repository (asynchronously: the
  // release host answers from this process meanwhile).
  const releaseHost = await startReleaseHost();
  await promisify(execFile)('npm', ['install', '--global', '--allow-scripts=better-sqlite3', tarball], { cwd: work, env: npmEnv({ npm_config_better_sqlite3_binary_host: releaseHost }), maxBuffer: 64 << 20 });
  console.log(`better-sqlite3's release host (stand-in) was asked: ${hostRequests.join('; ') || 'nothing'}`);
}, 30 * 60_000);

afterAll(() => {
  host?.close();
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  cleanupTempDirs();
});

describe('npm pack → npm install --global → brain', () => {
  it('packs the built code and the format documents; no sources, tests or source maps', () => {
    expect(packed).toEqual(expect.arrayContaining(['package.json', 'README.md', 'bin/brain.js', 'dist/cli/main.js', 'dist/bundle/brain.js', 'dist/bundle/parse-worker.js', 'docs/format.md', 'docs/schema/revision.schema.json']));
    expect(packed.filter((f) => /^(src|test|scripts|bench|fixtures)\/|\.map$|\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
  });

  it('installs the dependencies without dev dependencies, and better-sqlite3 with its addon', () => {
    expect(existsSync(join(pkgDir, 'src'))).toBe(false);
    const installed = readdirSync(join(pkgDir, 'node_modules'));
    for (const dev of ['typescript', 'vitest', 'rolldown', 'fast-check', 'playwright-core', '@tktco']) expect(installed).not.toContain(dev);
    for (const dep of Object.keys(pkg.dependencies)) expect(existsSync(join(pkgDir, 'node_modules', dep, 'package.json')), dep).toBe(true);
    expect(existsSync(join(pkgDir, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'))).toBe(true);
  });

  it('runs the README usage from the install: --version, init, add, list, context; hints name shipped files', () => {
    const repo = initRepo();
    expect(run(repo, ['--version'])).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
    expect(run(repo, ['init']).code).toBe(0);
    const added = run(repo, ['--json', 'add', 'decision', '--title', 'Use SQLite for the cache', '--path', 'src/cache/**', '--payload', '{"decision_outcome":"SQLite in WAL mode"}']);
    expect(added.code).toBe(0);
    const id = (JSON.parse(added.stdout) as { entry_id: string }).entry_id;
    expect(run(repo, ['--json', 'list']).stdout).toContain(id);
    const brief = run(repo, ['context', '--budget', '2000', '--path', 'src/cache/db.ts']);
    expect(brief.code).toBe(0);
    expect(brief.stdout).toContain('Use SQLite for the cache');
    const bad = run(repo, ['--json', 'add', 'blocker', '--title', 'x', '--payload', '{"severity":"sometimes"}']);
    expect(bad.code).toBe(2);
    const hint = (JSON.parse(bad.stderr.trim().split('\n').pop() as string) as { error: { hint: string } }).error.hint;
    const doc = /(\/\S+\.md)/.exec(hint)?.[1] as string;
    expect(doc).toBe(join(pkgDir, 'docs', 'format.md'));
    expect(readFileSync(doc, 'utf8')).toContain('ledger');
  });

  it('serves from the install: daemon (REST), mcp (stdio), ui --no-open (the dashboard)', async () => {
    const repo = initRepo();
    run(repo, ['init']);
    run(repo, ['add', 'open_question', '--title', 'Which port for the daemon?']);
    // brain daemon
    const daemon = spawn(bin, ['daemon', '--port', '0'], { cwd: repo, env: brainEnv() });
    started.push(daemon.pid as number);
    const port = await new Promise<number>((resolvePort, reject) => {
      let err = '';
      daemon.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        const m = /"event":"start"[^\n]*"port":(\d+)/.exec(err);
        if (m) resolvePort(Number(m[1]));
      });
      daemon.on('exit', (code) => reject(new Error(`daemon exited ${code}: ${err}`)));
    });
    const health = await httpGet(port, '/api/health');
    expect(health.status).toBe(200);
    daemon.kill('SIGTERM');
    await new Promise((r) => daemon.once('exit', r));
    // brain mcp
    const client = new Client({ name: 'install-test', version: '1' });
    await client.connect(new StdioClientTransport({ command: bin, args: ['mcp'], cwd: repo, env: brainEnv() as Record<string, string>, stderr: 'pipe' }));
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toEqual(expect.arrayContaining(['brain_context', 'brain_status', 'brain_list']));
    const status = await client.callTool({ name: 'brain_status', arguments: {} });
    expect(status.isError).toBeFalsy();
    expect(client.getServerVersion()?.version).toBe(pkg.version);
    await client.close();
    // brain ui --no-open
    const ui = run(repo, ['--json', 'ui', '--no-open']);
    expect(ui.code).toBe(0);
    const info = JSON.parse(ui.stdout) as { url: string; pid: number; port: number };
    started.push(info.pid);
    const home = await httpGet(info.port, new URL(info.url).pathname);
    expect(home.status).toBe(302); // to the default project's board
    const page = await httpGet(info.port, String(home.headers.location));
    expect(page.status).toBe(200);
    expect(page.body).toContain('Which port for the daemon?');
  });
});
