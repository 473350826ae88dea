/**
 * A document rendered from a `*.src.md` source (golang/proposal's design documents with LaTeX
 * formulas: `44167/gc-pacer-redesign.src.md` beside `44167-gc-pacer-redesign.md`) is one record,
 * not two: the source is skipped and reported, by the folder read and by the path rule that
 * `--history` and the export use.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { isAdrPath, skipReason } from '../../../src/importers/adr/list-adr-files.js';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { cleanupTempDirs, tempFolder } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const DOC = '# Proposal: GC Pacer Redesign\n\nAuthor: Michael Knyszek\n\n## Background\n\nThe pacer.\n';
const README = '# Design document\n\nThe GC pacer design document is generated from the `.src.md` file in this directory.\n';

describe('a document rendered from a *.src.md source (golang/proposal)', () => {
  it('imports the rendered document once and reports the source as skipped', async () => {
    const dir = tempFolder({
      '44167-gc-pacer-redesign.md': DOC,
      '44167/README.md': README,
      '44167/gc-pacer-redesign.src.md': DOC.replace('The pacer.', 'The pacer: $$x^2$$.'),
      '12345-plain.md': '# Proposal: Plain\n\n## Background\n\nText.\n',
    });
    const read = await readAdrDirectory({ dir, projectId: 'default' });
    expect(read.drafts.map((d) => d.source_path).sort()).toEqual(['12345-plain.md', '44167-gc-pacer-redesign.md']);
    expect(read.skipped).toContainEqual({ source_path: '44167/gc-pacer-redesign.src.md', reason: 'source of a generated document (*.src.md)' });
  });

  it('is the name rule, any case, and leaves names that only contain "src" alone', () => {
    expect(skipReason('gc-pacer-redesign.src.md')).not.toBeNull();
    expect(skipReason('Soft-Memory-Limit.SRC.md')).not.toBeNull();
    expect(isAdrPath('design/48409/soft-memory-limit.src.md')).toBe(false);
    expect(skipReason('0007-src-layout.md')).toBeNull();
    expect(skipReason('0008-move-src.md')).toBeNull();
    expect(isAdrPath('design/48409-soft-memory-limit.md')).toBe(true);
  });
});
