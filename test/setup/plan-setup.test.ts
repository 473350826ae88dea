/**
 * Reading and writing the files of `brain setup` (src/setup/plan-setup.ts, docs/decisions/0041)
 * on a real file system: a byte order mark, a file's mode and a symbolic link survive the
 * rewrite; what cannot be read back byte for byte (not UTF-8) or is not a file is refused before
 * anything is written.
 */
import { chmodSync, lstatSync, mkdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isBrainError } from '../../src/model/errors.js';
import { textBlock } from '../../src/setup/file-edits.js';
import { HTML_COMMENT } from '../../src/setup/marked-block.js';
import { applySetup, planSetup } from '../../src/setup/plan-setup.js';
import { cleanupTempDirs, tempDir } from '../helpers/git.js';

afterAll(cleanupTempDirs);

const edit = textBlock('## Brain', HTML_COMMENT);
const run = (paths: string[]) => {
  const planned = planSetup(paths.map((path) => ({ path, what: 'instructions', edit })), (path) => path);
  applySetup(planned);
  return planned.map((file) => file.action);
};

describe('planSetup and applySetup', () => {
  it('keeps a byte order mark and the mode, and writes through a symbolic link', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'AGENTS.md'), '\uFEFF# Agents\n');
    chmodSync(join(dir, 'AGENTS.md'), 0o640);
    mkdirSync(join(dir, 'shared'));
    writeFileSync(join(dir, 'shared', 'CLAUDE.md'), '# Shared\n');
    symlinkSync(join(dir, 'shared', 'CLAUDE.md'), join(dir, 'CLAUDE.md'));

    expect(run([join(dir, 'AGENTS.md'), join(dir, 'CLAUDE.md'), join(dir, 'new', 'GEMINI.md')])).toEqual(['update', 'update', 'create']);
    const agents = readFileSync(join(dir, 'AGENTS.md'));
    expect([...agents.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(agents.toString('utf8')).toMatch(/^\uFEFF# Agents\n\n<!-- brain:setup:begin/);
    expect(statSync(join(dir, 'AGENTS.md')).mode & 0o777).toBe(0o640);
    expect(lstatSync(join(dir, 'CLAUDE.md')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'CLAUDE.md'))).toBe(join(dir, 'shared', 'CLAUDE.md'));
    expect(readFileSync(join(dir, 'shared', 'CLAUDE.md'), 'utf8')).toContain('## Brain');
    expect(run([join(dir, 'AGENTS.md'), join(dir, 'CLAUDE.md'), join(dir, 'new', 'GEMINI.md')])).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });

  it('refuses a file that is not UTF-8, a directory and a dangling link, before writing any file', () => {
    const dir = tempDir();
    const latin1 = Buffer.from('# Caf\xe9\n', 'latin1');
    writeFileSync(join(dir, 'AGENTS.md'), latin1);
    mkdirSync(join(dir, 'CLAUDE.md'));
    symlinkSync(join(dir, 'nowhere.md'), join(dir, 'GEMINI.md'));
    for (const [path, message] of [['AGENTS.md', 'is not UTF-8 text'], ['CLAUDE.md', 'is not a file'], ['GEMINI.md', 'is a symbolic link to nothing']] as const) {
      const fresh = join(dir, `fresh-${path}`);
      let refused: unknown;
      try {
        run([fresh, join(dir, path)]);
      } catch (err) {
        refused = err;
      }
      expect(isBrainError(refused, 'conflict') && refused.message).toContain(message);
      expect(() => statSync(fresh)).toThrow();
    }
    expect(readFileSync(join(dir, 'AGENTS.md')).equals(latin1)).toBe(true);
  });
});
