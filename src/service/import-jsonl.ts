/**
 * `brain import jsonl` (issue #10 "Bulk writes as packs"; decision 0022): entries as
 * `brain list --json` prints them, one JSON object per line, imported as ONE commit (a large
 * one is written as one pack by the store). Every line is validated before anything is
 * written; the import is idempotent by content; the store assigns revision numbers.
 */
import { basename } from 'node:path';
import { BrainError, isBrainError } from '../model/errors.js';
import type { Entry } from '../model/entry.js';
import { sameContent } from '../model/input.js';
import { validateEntry } from '../model/validate.js';
import { FORMAT_DOC } from '../model/package-info.js';
import { describeFinding, type SecretFinding } from '../model/secret-scan.js';
import type { Brain } from '../service.js';
import { withAgentTrailer } from '../store/agent-trailer.js';

/** One valid input line. */
export interface JsonlLine {
  /** 1-based line number in the input. */
  line: number;
  entry: Entry;
}

/** What happened to one input line. */
export interface JsonlLineResult {
  line: number;
  entry_id: string;
  /** `imported`: revision 1 of a new entry; `revised`: its next revision; `unchanged`: nothing written. */
  action: 'imported' | 'revised' | 'unchanged';
  /** The revision the line left the entry at (assigned by the store). */
  revision: number;
}

/** The summary `brain import jsonl --json` prints. */
export interface JsonlImportReport {
  lines: number;
  imported: number;
  revised: number;
  unchanged: number;
  /** The one commit written, or null when nothing changed. */
  commit: string | null;
  entries: JsonlLineResult[];
}

/** How many line errors one failure lists (the count says how many there were). */
const MAX_REPORTED = 20;

/**
 * Parses and validates every non-blank line of `text` (LF or CRLF) as an entry of project
 * `projectId`. A line without `revision` is validated as revision 1. Errors: `invalid_entry`
 * naming every bad line (up to 20 in the message and `data.errors`, each with its line
 * number, code and message) — thrown only after every line was checked; `invalid_argument`
 * when there is no entry at all.
 */
export function parseJsonlEntries(text: string, projectId: string, source = 'input'): JsonlLine[] {
  const lines: JsonlLine[] = [];
  const errors: { line: number; code: string; message: string }[] = [];
  let count = 0;
  text.split('\n').forEach((raw, index) => {
    const body = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (body.trim() === '') return;
    const line = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch (err) {
      errors.push({ line, code: 'invalid_entry', message: `not JSON (${(err as Error).message})` });
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      errors.push({ line, code: 'invalid_entry', message: 'not a JSON object (one entry per line, as `brain list --json | jq -c ".[]"` prints them)' });
      return;
    }
    try {
      const record = value as Record<string, unknown>;
      const entry = validateEntry({ ...record, revision: record.revision ?? 1 });
      if (entry.project_id !== projectId) {
        errors.push({ line, code: 'invalid_argument', message: `project_id "${entry.project_id}" is not the project being written ("${projectId}")` });
        return;
      }
      lines.push({ line, entry });
      count++;
    } catch (err) {
      if (!(err instanceof BrainError)) throw err;
      errors.push({ line, code: err.code, message: err.message });
    }
  });
  if (errors.length > 0) {
    const shown = errors.slice(0, MAX_REPORTED);
    const more = errors.length > shown.length ? `; … ${errors.length - shown.length} more` : '';
    throw new BrainError('invalid_entry', `${errors.length} invalid line(s) in ${source}, nothing written: ${shown.map((e) => `line ${e.line}: ${e.message}`).join('; ')}${more}`, {
      hint: errors.some((e) => e.code === 'invalid_argument')
        ? 'pass --project <id> to write to the lines\' project, or fix their project_id'
        : `fix the lines named above (one entry per line, as \`brain list --json\` prints them; the format: ${FORMAT_DOC})`,
      data: { errors: shown, error_count: errors.length },
    });
  }
  if (count === 0) throw new BrainError('invalid_argument', `${source} holds no entry`, { hint: 'one JSON entry per line, e.g. `brain list --json | jq -c ".[]" > entries.jsonl`' });
  return lines;
}

/** `secret_detected` for every line that holds a credential (up to 20 named; `data.lines` has them with their findings). */
function secretLines(secrets: readonly { line: number; error: BrainError }[], source: string): BrainError {
  const shown = secrets.slice(0, MAX_REPORTED);
  const more = secrets.length > shown.length ? `; … ${secrets.length - shown.length} more` : '';
  const named = shown.flatMap((s) => (s.error.data.findings as SecretFinding[]).map((f) => `line ${s.line}: ${describeFinding(f)}`));
  return new BrainError('secret_detected', `${secrets.length} line(s) of ${source} hold credentials, nothing written: ${named.join('; ')}${more}`, {
    hint: (secrets[0] as { error: BrainError }).error.hint,
    data: { lines: shown.map((s) => ({ line: s.line, ...s.error.data })), error_count: secrets.length },
  });
}

/** How many lines ended in each action. */
function tally(entries: readonly JsonlLineResult[]): Pick<JsonlImportReport, 'imported' | 'revised' | 'unchanged'> {
  const count = (a: JsonlLineResult['action']) => entries.filter((e) => e.action === a).length;
  return { imported: count('imported'), revised: count('revised'), unchanged: count('unchanged') };
}

/**
 * Imports `text` (JSON lines) into the brain's project as one commit, then refreshes the
 * projection. Lines apply in file order: an unknown `entry_id` becomes revision 1, a line
 * whose content differs from the entry's current revision becomes its next revision, an
 * equal one (ignoring revision, author, recorded_at, like every brain write) writes nothing.
 * The input's `revision` is not used for numbering (the store assigns it); `author` and
 * `recorded_at` are kept. `onProgress(done, total)` is told every 1 000 lines.
 * Errors: as {@link parseJsonlEntries} (nothing written); `secret_detected` naming every line
 * that holds a credential (nothing written; docs/decisions/0040); store errors; `invalid_argument`
 * for an `agent` that is not an agent name. `agent`: the agent that ran the import for the
 * person, named in the commit's `Brain-Agent:` trailer (the lines keep their own `author` and
 * `agent`; docs/decisions/0060 "Agents through the CLI").
 */
export async function importJsonl(brain: Brain, args: { text: string; source?: string; agent?: string; onProgress?: (done: number, total: number) => void }): Promise<JsonlImportReport> {
  const projectId = await brain.projectId();
  const lines = parseJsonlEntries(args.text, projectId, args.source);
  const { identity, committer } = brain.writer();
  const result = await brain.store.transact({ projectId, identity, committer }, async (tx) => {
    const entries: JsonlLineResult[] = [];
    await tx.prefetch(lines.map((l) => l.entry.entry_id), { current: true }); // the entries' states read at once, not a git round trip per line
    // Lines holding a credential: every one is found before the import is refused.
    const secrets: { line: number; error: BrainError }[] = [];
    for (const [index, { line, entry }] of lines.entries()) {
      const current = await tx.current(entry.entry_id);
      let action: JsonlLineResult['action'] = 'unchanged';
      let revision = current?.revision ?? 0;
      if (!current || !sameContent(entry, current) || (await tx.repairs(entry.entry_id)) !== null) {
        const { revision: _ignored, ...rest } = entry;
        try {
          revision = (await tx.put(rest)).entry.revision;
        } catch (err) {
          if (isBrainError(err, 'secret_detected')) {
            secrets.push({ line, error: err });
            continue;
          }
          if (isBrainError(err)) throw new BrainError(err.code, `line ${line}: ${err.message}`, { hint: err.hint, data: { ...err.data, line }, cause: err });
          throw err;
        }
        action = current ? 'revised' : 'imported';
      }
      entries.push({ line, entry_id: entry.entry_id, action, revision });
      if ((index + 1) % 1000 === 0) args.onProgress?.(index + 1, lines.length);
    }
    if (secrets.length > 0) throw secretLines(secrets, args.source ?? 'input');
    const t = tally(entries);
    const message = `brain: import jsonl ${basename(args.source ?? 'input')} — ${t.imported} new, ${t.revised} revised, ${t.unchanged} unchanged`;
    return { message: withAgentTrailer(message, args.agent ?? null), value: entries };
  });
  args.onProgress?.(lines.length, lines.length);
  await brain.refresh();
  return { lines: lines.length, ...tally(result.value), commit: result.commit, entries: result.value };
}
