/**
 * `brain import adr` in a shallow clone (`git clone --depth 1`; CI checkouts are shallow by
 * default), decision 0099. The clone's oldest commit lists every file as added, so git named
 * whoever made that commit as each ADR's first author, and dated it that day: in the newcomer
 * run a teammate's import of 16 unchanged ADRs wrote 16 revisions crediting the repository's
 * latest committer with every decision. Now a file whose history reaches the cut has no git
 * origin (its date and deciders are the ADR's own or what the brain held), the report lists
 * it, and `--history` is refused. Real repositories, a real shallow clone, the built CLI.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain } from '../../helpers/brain.js';
import { cleanupTempDirs, git, initBareRepo, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const adr = (n: number, title: string) => `# ${n}. ${title}\n\n## Status\n\nAccepted\n\n## Context\n\nWhy ${title}.\n\n## Decision\n\nWe ${title}.\n`;

function commitAs(repo: string, author: string, date: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', `by ${author}`], { env: { GIT_AUTHOR_NAME: author, GIT_AUTHOR_EMAIL: 'a@x.invalid', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
}

type Report = { imported: number; revised: number; unchanged: number; shallow: { since: string; files: string[] } | null; entries: { entry_id: string; source_path: string }[] };
type Shown = { author: string; recorded_at: string; revision: number; payload: { decision_makers: string | null; decision_date: string | null } };

let remote: string;
let shallow: string;

beforeAll(() => {
  const work = initRepo();
  commitAs(work, 'Ann Author', '2019-06-18T10:00:00Z', { 'docs/adr/0001-use-postgres.md': adr(1, 'use Postgres') });
  commitAs(work, 'Bob Builder', '2020-03-06T10:00:00Z', { 'docs/adr/0002-use-sidekiq.md': adr(2, 'use Sidekiq') });
  commitAs(work, 'Chris Latest', '2025-10-27T11:40:49Z', { 'README.md': '# shop\n\nnow with a badge\n' });
  remote = initBareRepo();
  git(work, ['remote', 'add', 'origin', remote]);
  git(work, ['push', '-q', 'origin', 'main']);
  expect(brain(work, ['init', '--project', 'shop']).code).toBe(0);
  const imported = brain(work, ['import', 'adr', 'docs/adr', '--json']);
  expect(imported.code, imported.stderr).toBe(0);
  expect(imported.json<Report>().shallow ?? null).toBeNull();
  expect(brain(work, ['sync']).code).toBe(0);

  shallow = join(tempDir(), 'ci');
  git(tempDir(), ['clone', '-q', '--depth', '1', `file://${remote}`, shallow]);
  expect(git(shallow, ['rev-parse', '--is-shallow-repository'])).toBe('true');
  const synced = brain(shallow, ['sync']);
  expect(synced.code, synced.stderr).toBe(0);
});

describe('import adr in a shallow clone', () => {
  it('writes nothing for unchanged ADRs, credits no one with the cut, and lists what git could not date', () => {
    const tip = git(shallow, ['rev-parse', 'brain']);
    const r = brain(shallow, ['import', 'adr', 'docs/adr', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = r.json<Report>();
    expect(report).toMatchObject({ imported: 0, revised: 0, unchanged: 2 });
    expect(report.shallow).toEqual({ since: '2025-10-27T11:40:49.000Z', files: ['0001-use-postgres.md', '0002-use-sidekiq.md'] });
    expect(git(shallow, ['rev-parse', 'brain'])).toBe(tip);
    const shown = brain(shallow, ['show', 'ADR-0001', '--json']).json<Shown>();
    expect(shown).toMatchObject({ author: 'Ann Author', revision: 1, payload: { decision_makers: 'Ann Author', decision_date: '2019-06-18' } });

    const human = brain(shallow, ['import', 'adr', 'docs/adr']);
    expect(human.stdout).toContain('shallow clone: git holds no history before 2025-10-27, so it cannot say when or by whom 2 ADRs were written');
    expect(human.stdout).toContain('git fetch --unshallow');
  });

  it("an ADR written after the cut keeps its author; a fresh project's ADRs from before it are not the cut commit's", () => {
    commitAs(shallow, 'Dana Docs', '2026-01-05T09:00:00Z', { 'docs/adr/0003-use-redis.md': adr(3, 'use Redis') });
    const r = brain(shallow, ['import', 'adr', 'docs/adr', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json<Report>()).toMatchObject({ imported: 1, unchanged: 2, shallow: { files: ['0001-use-postgres.md', '0002-use-sidekiq.md'] } });
    expect(brain(shallow, ['show', 'ADR-0003', '--json']).json<Shown>()).toMatchObject({ author: 'Dana Docs', payload: { decision_makers: 'Dana Docs', decision_date: '2026-01-05' } });

    const fresh = brain(shallow, ['--project', 'ci', 'import', 'adr', 'docs/adr', '--json']);
    expect(fresh.code, fresh.stderr).toBe(0);
    for (const label of ['ADR-0001', 'ADR-0002']) {
      const e = brain(shallow, ['--project', 'ci', 'show', label, '--json']).json<Shown>();
      expect(e.author).not.toBe('Chris Latest');
      expect(e.payload.decision_makers).toBeNull();
      expect(e.payload.decision_date).toBeNull();
    }
  });

  it('refuses --history, which would replay the cut as every ADR’s first revision; nothing written', () => {
    const tip = git(shallow, ['rev-parse', 'brain']);
    const r = brain(shallow, ['--project', 'hist', 'import', 'adr', 'docs/adr', '--history', '--json']);
    expect(r.code).toBe(2);
    expect(r.errorJson().error).toMatchObject({ code: 'invalid_argument' });
    expect(r.errorJson().error.message).toContain('this clone is shallow');
    expect(r.errorJson().error.hint).toContain('git fetch --unshallow');
    expect(git(shallow, ['rev-parse', 'brain'])).toBe(tip);
  });
});
