/**
 * An ADR round trip for importer tests (issue #18 "export then import writes nothing"): imports
 * `files` into a fresh brain, exports to a fresh folder in each format, calls `check` with each
 * export, and expects its re-import to write nothing.
 */
import { expect } from 'vitest';
import { exportAdr } from '../../src/service/export-adr.js';
import { importAdr } from '../../src/service/import-adr.js';
import { openTestBrain } from './brain.js';
import { writeAdrFolder } from './adr-folder.js';
import { initRepo, tempDir } from './git.js';

/** See the module comment; `files` are path (`x.md`, `0001-x/README.md`) → text, written into one folder. */
export async function adrRoundTrip(files: Record<string, string>, check: (out: string, format: 'madr' | 'nygard') => void = () => undefined): Promise<void> {
  const repo = initRepo();
  const dir = writeAdrFolder(files);
  const brain = await openTestBrain(repo, { projectId: 'p' });
  try {
    await brain.init();
    await importAdr(brain, { dir });
    for (const format of ['madr', 'nygard'] as const) {
      const out = tempDir('brain-export-');
      await exportAdr(brain, { dir: out, format });
      check(out, format);
      expect((await importAdr(brain, { dir: out })).entries.reduce((n, e) => n + e.written, 0), format).toBe(0);
    }
  } finally {
    await brain.close();
  }
}
