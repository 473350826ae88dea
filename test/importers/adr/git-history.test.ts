/**
 * Issue #18 "Dates and authors" and "`--history` follows the file", with real git repositories:
 * a decision's own date and author come from the commit that created its content — through
 * renames, folder moves and delete/restore pairs, never the move or the restore — and
 * `--history` replays every commit of each file like `git log --follow`, on a repository built
 * commit by commit and on the bundled history of cometbft's ADR folder (fixtures/adr-history).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { adrEntryId } from '../../../src/importers/adr/assemble-drafts.js';
import { readGitFileHistory } from '../../../src/importers/adr/git-file-history.js';
import { importAdr } from '../../../src/service/import-adr.js';
import type { Brain } from '../../../src/service.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const BUNDLE = fileURLToPath(new URL('../../../fixtures/adr-history/cometbft-architecture.bundle', import.meta.url));

/** Applies `files` (null deletes; `{ from }` renames with git mv) and commits as `author` at `date`. */
function commitAs(repo: string, author: string, date: string, files: Record<string, string | null | { from: string }>): void {
  for (const [path, change] of Object.entries(files)) {
    if (change !== null && typeof change === 'object') {
      mkdirSync(join(repo, path, '..'), { recursive: true });
      git(repo, ['mv', change.from, path]);
    } else if (change === null) rmSync(join(repo, path), { recursive: true, force: true });
    else {
      mkdirSync(join(repo, path, '..'), { recursive: true });
      writeFileSync(join(repo, path), change);
    }
  }
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', `change by ${author}`], { env: { GIT_AUTHOR_NAME: author, GIT_AUTHOR_EMAIL: 'a@x.invalid', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
}

const adr = (title: string, status: string, context = 'Why.') => `# ADR 001: ${title}\n\n## Status\n\n${status}\n\n## Context\n\n${context}\n\n## Decision\n\nDo ${title}.\n`;

async function withBrain<T>(repo: string, run: (brain: Brain) => Promise<T>): Promise<T> {
  const brain = await openTestBrain(repo, { projectId: 'p' });
  try {
    await brain.init();
    return await run(brain);
  } finally {
    await brain.close();
  }
}

/** A folder written in 2019, edited in 2020, moved in 2024, deleted and restored in 2025, fixed by a bot. */
function movedFolder(): string {
  const repo = initRepo();
  commitAs(repo, 'Ann Author', '2019-06-18T10:00:00Z', { 'docs/architecture/adr-001-logging.md': adr('Logging', 'Proposed') });
  commitAs(repo, 'Bob Editor', '2020-03-06T10:00:00Z', { 'docs/architecture/adr-001-logging.md': adr('Logging', 'Accepted') });
  commitAs(repo, 'Mover', '2024-01-25T10:00:00Z', { 'docs/references/architecture/adr-001-logging.md': { from: 'docs/architecture/adr-001-logging.md' } });
  commitAs(repo, 'Resetter', '2025-09-03T10:00:00Z', { 'docs/references': null });
  commitAs(repo, 'Restorer', '2025-09-03T12:00:00Z', { 'docs/references/architecture/adr-001-logging.md': adr('Logging', 'Accepted') });
  commitAs(repo, 'ci-bot', '2025-09-18T10:00:00Z', { 'docs/references/architecture/adr-001-logging.md': adr('Logging', 'Accepted', 'Why, without typos.') });
  return repo;
}

describe('the commit that created the content', () => {
  it('follows a folder move and skips a delete/restore pair: the decision is dated and authored by its first commit', async () => {
    const repo = movedFolder();
    const dir = join(repo, 'docs/references/architecture');
    const history = await readGitFileHistory({ dir });
    try {
      expect(history?.first('adr-001-logging.md')).toMatchObject({ author: 'Ann Author', date: '2019-06-18T10:00:00.000Z' });
      expect(history?.last('adr-001-logging.md')).toMatchObject({ author: 'ci-bot' });
      expect(history?.commits.map((c) => c.author)).toEqual(['Ann Author', 'Bob Editor', 'Mover', 'Resetter', 'Restorer', 'ci-bot']);
    } finally {
      await history?.close();
    }
    await withBrain(repo, async (brain) => {
      await importAdr(brain, { dir });
      const entry = (await brain.get({ entryId: adrEntryId('p', 'adr-001-logging.md') })).entry;
      expect(entry).toMatchObject({ recorded_at: '2019-06-18T10:00:00.000Z', author: 'Ann Author', revision: 1 });
      expect(entry.payload).toMatchObject({ decision_date: '2019-06-18', decision_makers: 'Ann Author', status_text: 'Accepted' });
      expect(entry.citations[0]).toEqual({ source_ref: 'adr-001-logging.md', source_kind: 'file', locator: 'ADR-0001' });
    });
  });

  it('the ADR\'s own date and deciders win over git', async () => {
    const repo = initRepo();
    commitAs(repo, 'Committer', '2024-05-05T10:00:00Z', { 'adr/adr-002-x.md': '# ADR 002: X\n\nAuthor: Carol Writer\n\n## Changelog\n\n- 03-Jan-2022: Initial draft\n- 2022-02-01: Accepted\n\n## Status\n\nAccepted\n' });
    await withBrain(repo, async (brain) => {
      await importAdr(brain, { dir: join(repo, 'adr') });
      const entry = (await brain.get({ entryId: adrEntryId('p', 'adr-002-x.md') })).entry;
      expect(entry.payload).toMatchObject({ decision_date: '2022-01-03', decision_makers: 'Carol Writer' });
      expect(entry).toMatchObject({ recorded_at: '2022-01-03T00:00:00.000Z', author: 'Carol Writer' });
    });
  });

  it('follows a rename, and a file deleted in one folder and restored in another', async () => {
    const repo = initRepo();
    commitAs(repo, 'Ann', '2020-01-01T00:00:00Z', { 'a/0001-first-name.md': adr('A', 'Accepted'), 'a/0002-b.md': adr('B', 'Accepted', 'B context.') });
    commitAs(repo, 'Renamer', '2021-01-01T00:00:00Z', { 'a/0001-second-name.md': { from: 'a/0001-first-name.md' } });
    commitAs(repo, 'Deleter', '2022-01-01T00:00:00Z', { 'a/0002-b.md': null });
    commitAs(repo, 'Restorer', '2023-01-01T00:00:00Z', { 'b/0002-b.md': adr('B', 'Accepted', 'B context.'), 'b/0001-second-name.md': { from: 'a/0001-second-name.md' } });
    const history = await readGitFileHistory({ dir: join(repo, 'b') });
    try {
      expect(history?.first('0001-second-name.md')).toMatchObject({ author: 'Ann', date: '2020-01-01T00:00:00.000Z' });
      expect(history?.first('0002-b.md')).toMatchObject({ author: 'Ann', date: '2020-01-01T00:00:00.000Z' });
    } finally {
      await history?.close();
    }
  });
});

describe('--history follows each file like git log --follow', () => {
  it('replays edits before the move under the entry of the file as it is now; moves, deletes and restores write nothing', async () => {
    const repo = movedFolder();
    await withBrain(repo, async (brain) => {
      const report = await importAdr(brain, { dir: join(repo, 'docs/references/architecture'), history: true });
      expect(report.entries).toHaveLength(1);
      const chain = await brain.history({ entryId: adrEntryId('p', 'adr-001-logging.md') });
      expect(chain.map((r) => [r.entry.revision, r.entry.status, r.entry.author, r.entry.recorded_at])).toEqual([
        [1, 'proposed', 'Ann Author', '2019-06-18T10:00:00.000Z'],
        [2, 'accepted', 'Bob Editor', '2020-03-06T10:00:00.000Z'],
        [3, 'accepted', 'ci-bot', '2025-09-18T10:00:00.000Z'],
      ]);
      // Every revision knows when and by whom the decision was made, beside its own last change.
      for (const r of chain) expect(r.entry.payload).toMatchObject({ decision_date: '2019-06-18', decision_makers: 'Ann Author' });
      const again = await importAdr(brain, { dir: join(repo, 'docs/references/architecture'), history: true });
      expect(again.commit).toBeNull();
    });
  });

  it('on the bundled cometbft folder history: each first revision is the commit git log --follow ends at', async () => {
    const clone = join(tempDir('brain-cometbft-'), 'cometbft');
    git(tempDir('brain-clone-'), ['clone', '-q', '-b', 'main', BUNDLE, clone]);
    const dir = join(clone, 'docs/references/architecture');
    await withBrain(clone, async (brain) => {
      const report = await importAdr(brain, { dir, history: true });
      expect(report.entries.map((e) => e.source_path)).toEqual([
        'adr-109-reduce-go-api-surface.md',
        'adr-110-remote-mempool.md',
        'adr-111-nop-mempool.md',
        'adr-114-undo-109.md',
        'tendermint-core/adr-042-state-sync.md',
        'tendermint-core/adr-043-blockchain-riri-org.md',
        'tendermint-core/adr-060-go-api-stability.md',
        'tendermint-core/adr-061-p2p-refactor-scope.md',
        'tendermint-core/adr-073-libp2p.md',
      ]);
      for (const e of report.entries) {
        const follow = git(clone, ['log', '--follow', '--format=%aI%x1f%aN', '--', `docs/references/architecture/${e.source_path}`]).split('\n');
        const [date = '', author] = (follow.at(-1) ?? '').split('\x1f');
        const chain = await brain.history({ entryId: e.entry_id });
        expect([chain[0]?.entry.recorded_at, chain[0]?.entry.author], e.source_path).toEqual([new Date(date).toISOString(), author]);
      }
      const stateSync = await brain.history({ entryId: adrEntryId('p', 'tendermint-core/adr-042-state-sync.md') });
      const authors = stateSync.map((r) => r.entry.author);
      expect(authors[0]).toBe('Marko');
      expect(authors.at(-1)).toBe('anim001k');
      // The 2022 delete, the 2023 archive move and the 2024 folder move change nothing the entry holds.
      expect(authors).not.toContain('M. J. Fromberger');
      expect(authors).not.toContain('Thane Thomson');
      expect(authors).not.toContain('Andy Nogueira');
      const last = stateSync.at(-1)?.entry;
      expect(last?.payload).toMatchObject({ decision_date: '2019-06-27', decision_makers: 'Marko' });
      // Cross-references resolve across the subfolder at every commit: ADR 073 supersedes ADRs 60 and 61.
      const libp2p = (await brain.get({ entryId: adrEntryId('p', 'tendermint-core/adr-073-libp2p.md') })).entry;
      expect(libp2p.supersedes_entry_id).toBe(adrEntryId('p', 'tendermint-core/adr-060-go-api-stability.md'));
      expect(libp2p.related_entry_ids).toContain(adrEntryId('p', 'tendermint-core/adr-061-p2p-refactor-scope.md'));
      const undo = (await brain.get({ entryId: adrEntryId('p', 'adr-114-undo-109.md') })).entry;
      expect(undo.citations).toContainEqual({ source_ref: adrEntryId('p', 'adr-109-reduce-go-api-surface.md'), source_kind: 'entry', locator: 'partly undo' });
    });
  });
});
