/**
 * `brain import adr <dir>` (DESIGN §9): ADR files become decisions in one commit.
 * Idempotent: ids derive from the source path, an unchanged ADR writes nothing, a changed
 * one becomes the next revision. The brain is made to match the source: fields absent from
 * the ADR are reset to their defaults (see docs/decisions/0004-adr-import-source-wins.md).
 */
import { existsSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { BrainError } from '../model/errors.js';
import { buildEntry, newEntryBase, sameContent } from '../model/input.js';
import { readAdrDirectory, type DefaultedStatus, type UnmappedStatus } from '../importers/adr/read-adr-dir.js';
import type { Brain } from '../service.js';

/** One imported file and what happened to its entry. */
export interface ImportedEntry {
  entry_id: string;
  source_path: string;
  title: string;
  status: string;
  revision: number;
  action: 'imported' | 'revised' | 'unchanged';
}

/** `brain import adr --json` */
export interface ImportReport {
  imported: number;
  revised: number;
  unchanged: number;
  entries: ImportedEntry[];
  unmapped: UnmappedStatus[];
  defaulted: DefaultedStatus[];
  skipped: { source_path: string; reason: string }[];
  commit: string | null;
}

/**
 * Imports every ADR under `dir` into the brain's project as one commit.
 * Errors: `invalid_argument` (no such directory, no ADR found), `invalid_entry` (a draft the
 * importer produced failed validation: a bug, reported with the file), store errors.
 */
export async function importAdr(brain: Brain, args: { dir: string }): Promise<ImportReport> {
  const dir = resolve(args.dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new BrainError('invalid_argument', `${args.dir} is not a directory`, { hint: 'brain import adr path/to/docs/decisions' });
  }
  const projectId = await brain.projectId();
  const read = await readAdrDirectory({ dir, projectId });
  if (read.drafts.length === 0) {
    throw new BrainError('invalid_argument', `no ADR markdown files found in ${args.dir}`, { hint: 'point at the directory holding NNNN-title.md files' });
  }
  const { author, identity } = brain.writer();
  const result = await brain.store.transact({ projectId, identity }, async (tx) => {
    const now = new Date().toISOString();
    const entries: ImportedEntry[] = [];
    for (const draft of read.drafts) {
      const current = await tx.current(draft.entry_id);
      const base = newEntryBase({ entry_id: draft.entry_id, entry_kind: 'decision', project_id: projectId, author, recorded_at: now });
      let entry;
      try {
        entry = buildEntry(base, draft.fields, { revision: (current?.revision ?? 0) + 1, author, recorded_at: now });
      } catch (err) {
        if (err instanceof BrainError) err.data.source_path = draft.source_path;
        throw err;
      }
      let action: ImportedEntry['action'] = 'unchanged';
      if (!current) action = 'imported';
      else if (!sameContent(entry, current)) action = 'revised';
      const written = action === 'unchanged' ? (current as typeof entry) : (await tx.put(entry)).entry;
      entries.push({ entry_id: written.entry_id, source_path: draft.source_path, title: written.title, status: written.status, revision: written.revision, action });
    }
    const count = (a: ImportedEntry['action']) => entries.filter((e) => e.action === a).length;
    const message = `brain: import adr ${basename(dir)} — ${count('imported')} new, ${count('revised')} revised, ${count('unchanged')} unchanged`;
    return { message, value: entries };
  });
  await brain.refresh();
  const entries = result.value;
  return {
    imported: entries.filter((e) => e.action === 'imported').length,
    revised: entries.filter((e) => e.action === 'revised').length,
    unchanged: entries.filter((e) => e.action === 'unchanged').length,
    entries,
    unmapped: read.unmapped,
    defaulted: read.defaulted,
    skipped: read.skipped,
    commit: result.commit,
  };
}
