/**
 * Loaded into a CLI run with `NODE_OPTIONS=--import=<this file>` (see `probeRun` in
 * test/cli/daemon-forwarding.test.ts): records every child process the run spawns
 * (`ChildProcess.prototype.spawn`, which spawn/execFile/exec all go through) and the path of
 * every HTTP request it sends (diagnostics channel `http.client.request.start`), and writes
 * them as JSON to `$BRAIN_PROBE_FILE` when the process exits.
 */
import { ChildProcess } from 'node:child_process';
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';

const spawns = [];
const requests = [];
const spawn = ChildProcess.prototype.spawn;
ChildProcess.prototype.spawn = function probedSpawn(options) {
  spawns.push([options?.file, ...(options?.args ?? []).slice(1)].join(' '));
  return spawn.call(this, options);
};
subscribe('http.client.request.start', ({ request }) => requests.push(`${request.method} ${request.path}`));
process.on('exit', () => {
  if (process.env.BRAIN_PROBE_FILE) writeFileSync(process.env.BRAIN_PROBE_FILE, JSON.stringify({ spawns, requests }));
});
