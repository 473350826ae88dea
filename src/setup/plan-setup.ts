/**
 * Running `brain setup`'s file edits (docs/decisions/0041): {@link planSetup} reads every file
 * and computes every new text first, so a refusal in any file leaves all of them untouched;
 * {@link applySetup} then writes only the files that change, each atomically (a temporary file
 * renamed over it, its mode kept), through a symbolic link to the file it names.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { BrainError } from '../model/errors.js';
import type { SetupTarget } from './clients.js';

/** What setup does to one file. */
export type SetupAction = 'create' | 'update' | 'unchanged';

/** One file with its text before (null: absent) and after. */
export interface PlannedFile {
  /** Absolute path as named by the client's documentation (a link is written through). */
  path: string;
  /** How people see it: relative to the work tree, or absolute outside it. */
  label: string;
  what: string;
  action: SetupAction;
  before: string | null;
  after: string;
}

const BOM = '\uFEFF';

/**
 * The text of `path` without a byte order mark, and whether it had one; null when absent.
 * Errors: `conflict` for a directory, a dangling link, or bytes that are not UTF-8.
 */
function readText(path: string, label: string): { text: string; bom: boolean } | null {
  if (!existsSync(path)) {
    if (lstatSync(path, { throwIfNoEntry: false })) throw new BrainError('conflict', `${label} is a symbolic link to nothing`, { hint: `remove ${label} or point it at a file; nothing was written`, data: { path: label } });
    return null;
  }
  if (!statSync(path).isFile()) throw new BrainError('conflict', `${label} is not a file`, { hint: `move ${label} away; nothing was written`, data: { path: label } });
  let raw: string;
  try {
    raw = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(readFileSync(path));
  } catch {
    // Decoding would replace bytes brain must keep.
    throw new BrainError('conflict', `${label} is not UTF-8 text`, { hint: `save ${label} as UTF-8, then run brain setup again; nothing was written`, data: { path: label } });
  }
  return raw.startsWith(BOM) ? { text: raw.slice(BOM.length), bom: true } : { text: raw, bom: false };
}

/**
 * Reads each target and computes its new text; writes nothing.
 * Errors: `conflict` (from the first file that refuses: nothing may be written).
 */
export function planSetup(targets: SetupTarget[], labelOf: (path: string) => string): PlannedFile[] {
  return targets.map((target) => {
    const label = labelOf(target.path);
    const current = readText(target.path, label);
    const after = target.edit(current?.text ?? null, label);
    const action: SetupAction = current === null ? 'create' : after === current.text ? 'unchanged' : 'update';
    const withBom = current?.bom === true;
    return { path: target.path, label, what: target.what, action, before: current === null ? null : (withBom ? BOM : '') + current.text, after: (withBom ? BOM : '') + after };
  });
}

/** Writes every file of `planned` whose action is not `unchanged`. Errors: `io_error`. */
export function applySetup(planned: PlannedFile[]): void {
  for (const file of planned) {
    if (file.action === 'unchanged') continue;
    try {
      const target = file.action === 'create' ? file.path : realpathSync(file.path);
      mkdirSync(dirname(target), { recursive: true });
      const temp = `${target}.brain-setup-${process.pid}.tmp`;
      writeFileSync(temp, file.after, { flag: 'wx' });
      try {
        if (file.action === 'update') chmodSync(temp, statSync(target).mode & 0o7777);
        renameSync(temp, target);
      } catch (err) {
        rmSync(temp, { force: true });
        throw err;
      }
    } catch (err) {
      throw new BrainError('io_error', `cannot write ${file.label}: ${err instanceof Error ? err.message : String(err)}`, {
        hint: 'the files listed before it were written; fix the cause and run brain setup again (it finishes the rest)',
        cause: err,
        data: { path: file.label },
      });
    }
  }
}
