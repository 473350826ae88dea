/**
 * An ADR that cannot become an entry (a control character a terminal would run, a title over the
 * bound) stops the import before anything is written, and the error names the file: in a folder
 * of a hundred ADRs "rationale: must not contain control characters" alone says nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importAdr } from '../../../src/service/import-adr.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

describe('import adr: a file that does not validate', () => {
  it.each([
    ['an escape character in the body', '# Use Postgres\n\n## Status\n\nAccepted\n\n## Context\n\nOutput: \u001b[31mred\u001b[0m\n'],
    ['an escape character in the title', '# Use \u001b[31mPostgres\n\n## Status\n\nAccepted\n'],
  ])('%s: invalid_entry naming the file, nothing written', async (_name, text) => {
    const repo = initRepo();
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const dir = join(tempDir('brain-adr-'), 'decisions');
      mkdirSync(dir);
      writeFileSync(join(dir, '0001-hostile.md'), text);
      writeFileSync(join(dir, '0002-fine.md'), '# Use Redis\n\n## Status\n\nAccepted\n');
      const tip = git(repo, ['rev-parse', 'brain']);
      const err = await importAdr(brain, { dir }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'invalid_entry', message: expect.stringMatching(/^0001-hostile\.md: .*control character/), hint: expect.stringContaining('0001-hostile.md'), data: { source_path: '0001-hostile.md' } });
      expect(git(repo, ['rev-parse', 'brain'])).toBe(tip);
      expect(await brain.list({})).toEqual([]);
    } finally {
      await brain.close();
    }
  });
});
