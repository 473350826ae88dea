/**
 * `brain show adr 30` as README writes it (decision 0054, round seven): the two words are one
 * ADR label, not "too many arguments"; two words that are not a label stay a usage error (exit
 * 2). The CLI itself is what is tested, so the command is spawned.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importAdr } from '../../src/service/import-adr.js';
import { brain, openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir } from '../helpers/git.js';

afterAll(cleanupTempDirs);

describe('brain show with an ADR label in two words', () => {
  it('shows the ADR for `adr 7`, and refuses two entry ids with exit 2', async () => {
    const repo = initRepo();
    const adrs = tempDir('brain-adrs-');
    mkdirSync(adrs, { recursive: true });
    writeFileSync(join(adrs, '0007-use-postgres.md'), '# 7. Use Postgres\n\nDate: 2024-01-02\n\n## Status\n\nAccepted\n\n## Decision\n\nPostgres.\n');
    const b = await openTestBrain(repo, { projectId: 'p' });
    try {
      await b.init();
      await importAdr(b, { dir: adrs });
    } finally {
      await b.close();
    }
    const shown = brain(repo, ['--no-daemon', 'show', 'adr', '7']);
    expect(shown.stderr).toBe('');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^title: +Use Postgres$/m);
    const two = brain(repo, ['--no-daemon', 'show', 'dec-aaaa', 'dec-bbbb']);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('brain: invalid_argument: show takes one entry, not "dec-aaaa" and "dec-bbbb"');
  });
});
