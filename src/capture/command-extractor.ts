/**
 * The external capture extractor (issue #20 "Capture"; docs/decisions/0042):
 * `BRAIN_EXTRACTOR_COMMAND` — a command and its arguments, split like a shell would
 * (`shell-quote`; environment variables expanded, no shell run, no operators) — gets the text
 * on stdin and answers on stdout `{"memories": [{"kind": "decision", "title": "…",
 * "rationale": "…", …}, …]}` (`kind` or `entry_kind`; besides it the fields of `brain add`:
 * `title`, `rationale`, `status`, `tags`, `paths`, `related_task_ids`, `confidence`,
 * `payload`). Anything else — an exit code other than 0, a signal, no answer within
 * {@link TIMEOUT_MS}, more than {@link MAX_OUTPUT} bytes, output that is not that JSON, more than
 * {@link MAX_MEMORIES} memories, an unknown member — is a failure with its reason, never an
 * exception: the caller falls back to the built-in extractor.
 */
import { spawn } from 'node:child_process';
import { parse } from 'shell-quote';
import { z } from 'zod';
import { ENTRY_KINDS, type EntryKind } from '../model/kinds.js';
import type { EntryFields } from '../model/input.js';
import { BIDI_CONTROL_RANGES } from '../model/bidi-controls.js';

/** How long the command may run, in milliseconds. */
export const TIMEOUT_MS = 120_000;
/** The most stdout read, in bytes. */
export const MAX_OUTPUT = 8 * 1024 * 1024;
/** The most memories one capture takes. */
export const MAX_MEMORIES = 100;

const MemorySchema = z.strictObject({
  kind: z.enum(ENTRY_KINDS).optional(),
  entry_kind: z.enum(ENTRY_KINDS).optional(),
  title: z.string(),
  rationale: z.string().optional(),
  status: z.string().optional(),
  tags: z.array(z.string()).optional(),
  paths: z.array(z.string()).optional(),
  related_task_ids: z.array(z.string()).optional(),
  confidence: z.number().nullable().optional(),
  payload: z.record(z.string(), z.unknown()).optional(),
}).refine((m) => (m.kind ?? m.entry_kind) !== undefined && (m.kind === undefined || m.entry_kind === undefined || m.kind === m.entry_kind), { message: 'each memory needs one kind (kind or entry_kind)' });
const OutputSchema = z.strictObject({ memories: z.array(MemorySchema).max(MAX_MEMORIES) });

/** Control characters, line and paragraph separators and bidi controls: made spaces in a line printed on a terminal. */
const UNSAFE_IN_LINE = new RegExp(`[\\p{Cc}\\u2028\\u2029${BIDI_CONTROL_RANGES}]`, 'gu');

/** The first line of the command's stderr, control characters made spaces, at most 200 characters (it is printed on a terminal). */
const firstLine = (stderr: string) => (stderr.trim().split('\n')[0] ?? '').replace(UNSAFE_IN_LINE, ' ').slice(0, 200);

/** What the command found, or why it failed. */
export type ExtractorResult = { ok: true; memories: { kind: EntryKind; fields: EntryFields }[] } | { ok: false; reason: string };

/** `stdout` read as the extractor's answer (see the module doc). */
export function parseExtractorOutput(stdout: string): ExtractorResult {
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch {
    return { ok: false, reason: 'its output is not JSON' };
  }
  const parsed = OutputSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: `its output is not {"memories": [...]}: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ')}` };
  return {
    ok: true,
    memories: parsed.data.memories.map(({ kind, entry_kind, ...fields }) => ({ kind: (kind ?? entry_kind) as EntryKind, fields: Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as EntryFields })),
  };
}

/** Runs `command` with `text` on stdin (environment `env`) and reads its answer. Never throws. */
export function runExtractor(command: string, text: string, env: NodeJS.ProcessEnv = process.env): Promise<ExtractorResult> {
  const argv = parse(command, (key) => env[key] ?? '');
  if (argv.length === 0 || argv.some((a) => typeof a !== 'string')) return Promise.resolve({ ok: false, reason: 'BRAIN_EXTRACTOR_COMMAND must be a command and its arguments (no pipes, redirections or globs)' });
  const [file, ...args] = argv as string[];
  return new Promise((resolve) => {
    const out: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let settled = false;
    const done = (r: ExtractorResult) => {
      if (!settled) resolve(r);
      settled = true;
    };
    const child = spawn(file as string, args, { env, stdio: ['pipe', 'pipe', 'pipe'], timeout: TIMEOUT_MS });
    child.on('error', (e) => done({ ok: false, reason: `it could not run: ${e.message}` }));
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT) {
        child.kill('SIGKILL');
        done({ ok: false, reason: `its output is over ${MAX_OUTPUT} bytes` });
      } else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString('utf8');
    });
    child.on('close', (code, signal) => {
      if (code !== 0) done({ ok: false, reason: `it ${signal ? `was stopped by ${signal}` : `exited with ${code}`}${stderr.trim() ? `: ${firstLine(stderr)}` : ''}` });
      else done(parseExtractorOutput(Buffer.concat(out).toString('utf8')));
    });
    child.stdin.on('error', () => undefined); // a command that does not read its input
    child.stdin.end(text);
  });
}
