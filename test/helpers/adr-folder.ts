/**
 * ADR folders for importer tests (issue #18): files written into a new temp folder, and that
 * folder read as `brain import adr` reads it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readAdrDirectory } from '../../src/importers/adr/read-adr-dir.js';
import { mapStatusText } from '../../src/importers/adr/status-map.js';
import { tempDir } from './git.js';

/** A new temp folder holding `files` (path such as `x.md` or `0001-x/README.md` → text); returns its path. */
export function writeAdrFolder(files: Record<string, string>): string {
  const dir = tempDir('brain-adr-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** `files` written into a new folder ({@link writeAdrFolder}), read as an import of project `demo` reads it. */
export function readAdrFolder(files: Record<string, string>): ReturnType<typeof readAdrDirectory> {
  return readAdrDirectory({ dir: writeAdrFolder(files), projectId: 'demo' });
}

/** The status `raw` maps to, or why it maps to none (status-map.ts `mapStatusText`). */
export function mappedStatus(raw: string): string {
  const m = mapStatusText(raw);
  return m.mapped ? m.status : m.reason;
}
