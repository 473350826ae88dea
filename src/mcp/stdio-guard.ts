/**
 * What `brain mcp` answers to a line that is not a JSON-RPC message (issue #17 "No input
 * reaches `internal`"; JSON-RPC 2.0 §5.1). The SDK's StdioServerTransport hands such a line
 * to `onerror` and answers nothing, so a client waits forever for a reply. This stream sits
 * between stdin and that transport: each line is decoded as strict UTF-8, parsed as JSON and
 * checked against the SDK's own `JSONRPCMessageSchema`; a line that passes goes on to the
 * transport unchanged, any other is answered here on stdout —
 *
 * - not UTF-8, or not JSON: `-32700` Parse error, `id: null`;
 * - JSON but not a JSON-RPC message (or a line over {@link MAX_LINE_BYTES}): `-32600` Invalid
 *   Request, with the message's `id` when it has a usable one, else `id: null`.
 *
 * Blank lines are skipped. Messages are delimited by `\n` (a trailing `\r` is dropped), as the
 * MCP stdio transport specifies.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { ErrorCode, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { invalidUtf8Offset } from '../model/utf8.js';

/** The longest line accepted, bytes (the SDK transport's own buffer limit). */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

/** A JSON-RPC error response as written on stdout. */
export interface JsonRpcErrorReply {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

const reply = (id: string | number | null, code: number, message: string): JsonRpcErrorReply => ({ jsonrpc: '2.0', id, error: { code, message } });

/** The answer to one line, or null when the line is a JSON-RPC message to pass on. */
export function checkLine(line: Buffer): JsonRpcErrorReply | null {
  const bad = invalidUtf8Offset(line);
  if (bad >= 0) return reply(null, ErrorCode.ParseError, `Parse error: the line is not valid UTF-8 at byte ${bad}`);
  let value: unknown;
  try {
    value = JSON.parse(line.toString('utf8'));
  } catch (err) {
    return reply(null, ErrorCode.ParseError, `Parse error: ${(err as Error).message}`);
  }
  if (JSONRPCMessageSchema.safeParse(value).success) return null;
  const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  const usable = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
  return reply(usable, ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 request, notification or response');
}

/**
 * The guard stream: pipe stdin into it and give it to the transport as its stdin. `answer`
 * writes a reply (one JSON line) to the client.
 */
export function guardJsonRpcLines(answer: (reply: JsonRpcErrorReply) => void): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false; // inside a line over the limit, already answered
  const finishLine = (stream: Transform, line: Buffer) => {
    const body = line.at(-1) === 0x0d ? line.subarray(0, -1) : line;
    if (body.every((b) => b === 0x20 || b === 0x09)) return;
    const error = checkLine(body);
    if (error === null) stream.push(Buffer.concat([body, Buffer.from('\n')]));
    else answer(error);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      let start = 0;
      for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, start)) {
        if (!skipping) finishLine(this, Buffer.concat([...pending, chunk.subarray(start, nl)]));
        pending = [];
        pendingBytes = 0;
        skipping = false;
        start = nl + 1;
      }
      if (!skipping && start < chunk.length) {
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
        if (pendingBytes > MAX_LINE_BYTES) {
          answer(reply(null, ErrorCode.InvalidRequest, `Invalid Request: a message over ${MAX_LINE_BYTES} bytes`));
          pending = [];
          pendingBytes = 0;
          skipping = true;
        }
      }
      done();
    },
  });
}
