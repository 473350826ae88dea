/**
 * How long the daemon's and the hub's HTTP servers keep an idle keep-alive connection open:
 * 65 s, where Node's default is 5 s. A client that pools connections (undici, behind Node's
 * `fetch` and the MCP SDK's HTTP transport) reuses an idle one when its own clock says it is
 * younger than the server's `Keep-Alive: timeout` hint less a second; a client whose event loop
 * was busy (a synchronous child process, a loaded machine) sends on a connection the server has
 * just closed, and the request fails with "other side closed" (seen: a test that ran the CLI
 * for a few seconds between two MCP calls). Closing idle connections minutes later, not
 * seconds, leaves that race to clients idle for over a minute. RFC 9112 §9.3 lets a server
 * close an idle persistent connection at any time; this only makes it later.
 * `stop()` still closes idle connections at once (http.Server.close, closeIdleConnections).
 */
import type { Server } from 'node:http';

/** Milliseconds an idle keep-alive connection stays open. */
export const KEEP_ALIVE_MS = 65_000;

/** Sets {@link KEEP_ALIVE_MS} on `server` (its `Keep-Alive: timeout=65` hint follows); returns it. */
export function keepIdleConnections<S extends Server>(server: S): S {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return server;
}
