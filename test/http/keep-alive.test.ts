/**
 * Idle keep-alive connections outlive a client's busy spell (src/http/keep-alive.ts). A client
 * whose event loop is blocked for longer than Node's default 5 s keep-alive — here a
 * synchronous `sleep 6`, as a test or tool running the CLI synchronously does — comes back to
 * its pooled connection and sends on it at once. The real daemon (its own process) still holds
 * the connection open, and answers on it (`reusedSocket`). The control is a Node server with
 * the default 5 s in its own process: it has closed the connection meanwhile, so the request
 * either fails ("socket hang up" / ECONNRESET: the close crossed it, as an MCP call over HTTP
 * once did in test/http/agent-writes.test.ts) or goes over a new connection — never over the
 * old one. Node's http.Agent (keep-alive) as the client: it says whether a socket was reused.
 */
import { spawn, spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { killDaemons, startDaemonProcess } from '../helpers/daemon.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';

const agents: Agent[] = [];
afterAll(() => {
  for (const a of agents) a.destroy();
  killDaemons();
  cleanupTempDirs();
});

/** One GET on `agent`: its status and whether it went over a reused connection. */
function get(agent: Agent, port: number, path: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume().on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A GET, a moment for the connection to go back to the pool, 6 s with this thread blocked, then a GET at once. */
async function acrossABusySpell(port: number, path: string): Promise<{ status: number; reused: boolean } | Error> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  expect((await get(agent, port, path)).reused).toBe(false);
  await new Promise((r) => setTimeout(r, 50));
  spawnSync('sleep', ['6']);
  return get(agent, port, path).catch((err: Error) => err);
}

describe('keep-alive connections', () => {
  it('the daemon keeps an idle connection open through a 6 s busy spell of its client, and answers on it', async () => {
    const dir = initRepo();
    expect(brain(dir, ['init']).code).toBe(0);
    const daemon = await startDaemonProcess(dir);
    expect(await acrossABusySpell(daemon.port, '/api/health')).toEqual({ status: 200, reused: true });
  });

  it("control: a server with Node's default 5 s has closed it; the request fails or takes a new connection", async () => {
    const server = spawn(process.execPath, ['-e', "const s = require('node:http').createServer((q, r) => r.end('ok')); s.listen(0, '127.0.0.1', () => console.log(s.address().port));"]);
    try {
      const port = await new Promise<number>((resolve) => server.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
      const outcome = await acrossABusySpell(port, '/');
      if (outcome instanceof Error) expect(outcome.message).toMatch(/socket hang up|ECONNRESET/);
      else expect(outcome).toEqual({ status: 200, reused: false });
    } finally {
      server.kill();
    }
  });
});
