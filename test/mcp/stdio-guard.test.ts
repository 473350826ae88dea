/**
 * Issue #17: `brain mcp` answered a malformed JSON line with nothing (the SDK's stdio transport
 * passes it to `onerror`), so a client waited forever. A real `brain mcp` child process is
 * written raw lines: each bad one gets its JSON-RPC error (JSON-RPC 2.0 §5.1: -32700 Parse
 * error with `id: null`, -32600 Invalid Request), and the good requests around them are
 * still answered. Deep arguments are refused by the schema, never a crash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { brain, BRAIN_BIN } from '../helpers/brain.js';
import { daemonEnv } from '../helpers/daemon.js';

let dir: string;
beforeAll(() => {
  dir = initRepo();
  expect(brain(dir, ['init']).code).toBe(0);
});
afterAll(cleanupTempDirs);

/** A raw `brain mcp` process: write lines, read its answers one JSON line at a time. */
function rawMcp(cwd: string): { child: ChildProcessWithoutNullStreams; write(line: string | Buffer): void; next(): Promise<any>; close(): Promise<number | null> } {
  const child = spawn(process.execPath, [BRAIN_BIN, 'mcp', '--capabilities', 'read,propose,write'], { cwd, env: daemonEnv() });
  const answers: any[] = [];
  const waiting: ((value: any) => void)[] = [];
  let pending = '';
  child.stdout.on('data', (d: Buffer) => {
    pending += d.toString();
    for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
      const value = JSON.parse(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
      const waiter = waiting.shift();
      if (waiter) waiter(value);
      else answers.push(value);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    write: (line) => child.stdin.write(line),
    next: () => (answers.length > 0 ? Promise.resolve(answers.shift()) : new Promise((resolve) => waiting.push(resolve))),
    close: async () => {
      child.stdin.end();
      return exited;
    },
  };
}

const request = (id: number, method: string, params: Record<string, unknown> = {}) => `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;
const INIT = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } };

describe('brain mcp over stdio answers lines that are not JSON-RPC messages', () => {
  it('a malformed line gets -32700 with id null, and the good request after it is still answered', async () => {
    const mcp = rawMcp(dir);
    mcp.write('{"jsonrpc": "2.0", "id": 1, "method": \n');
    expect(await mcp.next()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } });
    mcp.write(request(1, 'initialize', INIT));
    expect(await mcp.next()).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'project-brain' } } });
    mcp.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);

    // Not UTF-8 is a parse error too; JSON that is no JSON-RPC message is -32600, with its id when it has one.
    const prefix = '{"jsonrpc":"2.0","id":2,"method":"caf';
    mcp.write(Buffer.concat([Buffer.from(prefix), Buffer.from([0xe9]), Buffer.from('"}\n')]));
    expect(await mcp.next()).toMatchObject({ id: null, error: { code: -32700, message: `Parse error: the line is not valid UTF-8 at byte ${prefix.length}` } });
    mcp.write('{"jsonrpc":"1.0","id":"x-3","method":"tools/list"}\n');
    expect(await mcp.next()).toMatchObject({ id: 'x-3', error: { code: -32600 } });
    mcp.write('[1, 2]\n\n   \n"just a string"\r\n');
    expect(await mcp.next()).toMatchObject({ id: null, error: { code: -32600 } });
    expect(await mcp.next()).toMatchObject({ id: null, error: { code: -32600 } });

    mcp.write(request(4, 'tools/call', { name: 'brain_append', arguments: { entry_kind: 'decision', title: 'Still served after garbage' } }));
    const appended = await mcp.next();
    expect(appended).toMatchObject({ id: 4, result: { structuredContent: { entry: { title: 'Still served after garbage' } } } });
    expect(appended.result.isError).toBeFalsy();
    expect(await mcp.close()).toBe(0);
    expect(brain(dir, ['list', '--json']).json().map((e: { title: string }) => e.title)).toContain('Still served after garbage');
  });

  it('arguments nested 20 000 deep are refused by the input schema (an isError invalid_argument), and the server keeps serving', async () => {
    const mcp = rawMcp(dir);
    mcp.write(request(1, 'initialize', INIT));
    expect(await mcp.next()).toMatchObject({ id: 1 });
    mcp.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    mcp.write(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"brain_append","arguments":{"entry_kind":"decision","title":"deep","payload":${deep}}}}\n`);
    expect(await mcp.next()).toMatchObject({ id: 2, result: { isError: true, structuredContent: { error: { code: 'invalid_argument' } } } });
    mcp.write(request(3, 'tools/call', { name: 'brain_status', arguments: {} }));
    const status = await mcp.next();
    expect(status).toMatchObject({ id: 3, result: { structuredContent: expect.any(Object) } });
    expect(status.result.isError).toBeFalsy();
    expect(await mcp.close()).toBe(0);
  });
});
