/**
 * Issue #3 benchmarks, on the same synthetic brain as run.js (10 000 entries at full scale):
 * daemon warm boot to first answer, write-to-visible latency for commits made by another
 * process, and MCP brain_list / brain_search round trips over Streamable HTTP. Each beside a
 * baseline measured in the same run; nothing is asserted.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { now, sample, median, p95 } from './timing.js';

const BIN = fileURLToPath(new URL('../bin/brain.js', import.meta.url));

/**
 * GET `path` from 127.0.0.1:`port`; resolves `{status, body, headers}`. Connections are kept
 * alive (Node's global agent), as a dashboard's browser keeps them. A GET on a kept-alive socket
 * that the server closed while it sat idle (its keep-alive timeout, 5 s) fails with ECONNRESET
 * before any byte of the answer: it is sent again once on a new connection, as Node's
 * documentation for `request.reusedSocket` advises and browsers do for idempotent requests. The
 * bench's synchronous floors (raw SQL, FTS5 builds) can block this process longer than that
 * timeout, so the FIN of the closed socket is read only after the next request was written on it
 * (seen at BENCH_SCALE=4: "socket hang up" ended the run).
 */
export function get(port, path, headers = {}, retried = false) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode, body, headers: res.headers }));
    });
    req.on('error', (error) => {
      if (!retried && req.reusedSocket && error.code === 'ECONNRESET') get(port, path, headers, true).then(resolve, reject);
      else reject(error);
    });
    req.end();
  });
}

/** Spawns `brain daemon --port 0`; resolves with the port once its start line is logged. */
export function startDaemon(repo) {
  const t0 = now();
  const child = spawn(process.execPath, [BIN, 'daemon', '--port', '0'], { cwd: repo, env: process.env, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let pending = '';
    child.on('exit', (code) => reject(new Error(`daemon exited ${code}`)));
    child.stderr.on('data', (d) => {
      pending += d.toString();
      for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        try {
          const event = JSON.parse(line);
          if (event.event === 'start') resolve({ child, port: event.port, startedMs: now() - t0, t0 });
        } catch {
          /* not a JSON line */
        }
      }
    });
  });
}

/** Stops a daemon started by {@link startDaemon} and waits for its exit. */
export async function stop(child) {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Adds the issue #3 rows to `results`; returns the write-to-visible p95 and its floor (ms). `repo` holds a brain with a warm cache; `projectId` is
 * its project; `openBrain` is the service factory (dist/service.js).
 */
export async function daemonBench({ repo, projectId, results, openBrain, writes = 100, runs = 50 }) {
  // 1. Warm boot (unchanged tip) to the first answered list query.
  const boot = await startDaemon(repo);
  const first = await get(boot.port, `/api/projects/${projectId}/brain?limit=1`);
  const firstAnswerMs = now() - boot.t0;
  if (first.status !== 200) throw new Error(`first answer ${first.status}: ${first.body}`);
  const script = `const D=require('better-sqlite3');const d=new D(${JSON.stringify(join(repo, '.git/brain/cache.sqlite'))},{readonly:true});d.prepare('SELECT json FROM current ORDER BY recorded_at DESC LIMIT 1').get();`;
  const t1 = now();
  const nodeSql = spawnSync(process.execPath, ['-e', script], { cwd: fileURLToPath(new URL('..', import.meta.url)) });
  const baselineBoot = now() - t1;
  if (nodeSql.status !== 0) throw new Error(String(nodeSql.stderr));
  results.add({ name: 'daemon warm boot to first answer (spawn → GET list)', value: firstAnswerMs, unit: 'ms', baseline: baselineBoot, baselineName: 'node + raw SQLite query, one process' });

  // 2. Write-to-visible: commits by another process (this one), seen through REST.
  const writer = await openBrain({ repoDir: repo, author: 'bench-writer' });
  const latencies = [];
  const reads = [];
  for (let i = 0; i < writes; i++) {
    const { entry } = await writer.writes.append({ kind: 'open_question', fields: { title: `visible ${i}` } });
    const t0 = now();
    for (;;) {
      const r = await get(boot.port, `/api/projects/${projectId}/brain/${entry.entry_id}`);
      if (r.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    latencies.push(now() - t0);
    const r0 = now();
    await get(boot.port, `/api/projects/${projectId}/brain/${entry.entry_id}`);
    reads.push(now() - r0);
  }
  await writer.close();
  latencies.sort((a, b) => a - b);
  reads.sort((a, b) => a - b);
  results.add({ name: `write-to-visible, median of ${writes} commits by another process`, value: median(latencies), unit: 'ms', baseline: median(reads), baselineName: 'GET of the same entry, nothing new' });
  results.add({ name: `write-to-visible, p95 of ${writes}`, value: p95(latencies), unit: 'ms', baseline: p95(reads), baselineName: 'GET of the same entry, nothing new' });

  // 3. MCP over Streamable HTTP at this size.
  const token = readFileSync(join(repo, '.git/brain/token'), 'utf8').trim();
  const client = new Client({ name: 'brain-bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${boot.port}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  const call = (name, args) => client.callTool({ name, arguments: args });
  const rest = (path) => get(boot.port, path);
  const mcpList = await sample(() => call('brain_list', { kind: 'decision', status: 'accepted', limit: 20 }), { runs });
  const restList = await sample(() => rest(`/api/projects/${projectId}/brain?kind=decision&status=accepted&limit=20`), { runs });
  results.add({ name: 'MCP brain_list round trip over HTTP, median', value: median(mcpList), unit: 'ms', baseline: median(restList), baselineName: 'REST list, same filter' });
  results.add({ name: 'MCP brain_list round trip over HTTP, p95', value: p95(mcpList), unit: 'ms', baseline: p95(restList), baselineName: 'REST list, same filter' });
  const queries = ['cache', 'sqlite migration', 'latency budget', 'release'];
  let q = 0;
  const mcpSearch = await sample(() => call('brain_search', { query: queries[q++ % queries.length], limit: 20 }), { runs });
  q = 0;
  const restSearch = await sample(() => rest(`/api/projects/${projectId}/brain/search?q=${encodeURIComponent(queries[q++ % queries.length])}`), { runs });
  results.add({ name: 'MCP brain_search round trip over HTTP, median', value: median(mcpSearch), unit: 'ms', baseline: median(restSearch), baselineName: 'REST search, same queries' });
  results.add({ name: 'MCP brain_search round trip over HTTP, p95', value: p95(mcpSearch), unit: 'ms', baseline: p95(restSearch), baselineName: 'REST search, same queries' });
  await client.close();
  await stop(boot.child);
  return { p95: p95(latencies), floor95: p95(reads) };
}
