/**
 * `brain import adr --dry-run` (decision 0105; a newcomer's only preview was a scratch
 * repository): the same report as the import — counts, statuses to review, withheld files — and
 * nothing written: the branch tip, the object store and the projection stay as they were.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, commitFiles, git, initRepo } from '../helpers/git.js';

afterAll(cleanupTempDirs);

const adr = (n: number, status: string) => `# ${n}. Record ${n}\n\nDate: 2021-03-0${n}\n\n## Status\n\n${status}\n\n## Context\n\nWhy ${n}.\n\n## Decision\n\nWe do ${n}.\n`;
/** Everything a write could change: the branch tip, the objects, the entries the projection lists. */
const state = (repo: string) => ({
  tip: git(repo, ['rev-parse', 'brain']),
  objects: git(repo, ['count-objects', '-v']),
  entries: brain(repo, ['list', '--json']).json(),
});

/** The lines of `brain import adr --dry-run` after its first, on a brain whose `adr/` folder holds `files`. */
function dryRunLines(files: Record<string, string>): string[] {
  const repo = initRepo();
  expect(brain(repo, ['init', '--project', 'demo']).code).toBe(0);
  commitFiles(repo, Object.fromEntries(Object.entries(files).map(([path, text]) => [`adr/${path}`, text])), 'ADRs');
  return brain(repo, ['import', 'adr', 'adr', '--dry-run']).stdout.split('\n').slice(1);
}

describe('brain import adr --dry-run', () => {
  it('reports what the import would write, writes nothing, and the import then does exactly that', () => {
    const repo = initRepo();
    expect(brain(repo, ['init', '--project', 'demo']).code).toBe(0);
    commitFiles(repo, { 'adr/0001-a.md': adr(1, 'Accepted'), 'adr/0002-b.md': adr(2, 'Pondering'), 'adr/0003-c.md': adr(3, 'Superseded by [2. B](0002-b.md)') }, 'ADRs');
    const before = state(repo);

    const dry = brain(repo, ['import', 'adr', 'adr', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const report = dry.json();
    expect(report).toMatchObject({ dry_run: true, commit: null, imported: 3, revised: 0, unchanged: 0 });
    expect(report.unmapped).toEqual([expect.objectContaining({ source_path: '0002-b.md', raw_status: 'Pondering' })]);
    expect(state(repo)).toEqual(before);
    const human = brain(repo, ['import', 'adr', 'adr', '--dry-run']);
    expect(human.stdout.split('\n')[0]).toBe('dry run, nothing written: would import 3, revise 0, leave 0 unchanged');
    expect(state(repo)).toEqual(before);

    const real = brain(repo, ['import', 'adr', 'adr', '--json']).json();
    expect(real).toMatchObject({ dry_run: false, imported: 3 });
    expect(real.entries).toEqual(report.entries);
    expect(git(repo, ['fsck', '--strict', '--no-dangling'])).toBe('');

    // A changed file: the dry run says one revision, the branch does not move.
    commitFiles(repo, { 'adr/0001-a.md': adr(1, 'Deprecated') }, 'deprecate 1');
    const imported = state(repo);
    expect(brain(repo, ['import', 'adr', 'adr', '--dry-run', '--json']).json()).toMatchObject({ dry_run: true, imported: 0, revised: 1, unchanged: 2, commit: null });
    expect(brain(repo, ['import', 'adr', 'adr', '--history', '--dry-run', '--json']).json()).toMatchObject({ dry_run: true, history: { commits: 2 }, commit: null });
    expect(state(repo)).toEqual(imported);
  });

  it('says files that state no status in one line per reason, and each status it could not read in its own', () => {
    const bare = (n: number) => `# ${n}. Record ${n}\n\n## Context\n\nWhy ${n}.\n\n## Decision\n\nWe do ${n}.\n`;
    expect(dryRunLines({ ...Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`000${n}-r.md`, bare(n)])), '0006-p.md': adr(6, 'Pondering') })).toEqual([
      'statuses to review (not mapped, missing, stated twice, or at odds with a supersede link): 6',
      '  5 files, no status; recorded as proposed: 0001-r.md, 0002-r.md, 0003-r.md, … +2 more (brain import adr --json lists them all)',
      '  0006-p.md: "Pondering" — unrecognised status; recorded as proposed',
      '',
    ]);
  });

  it('says more than three skipped files of one kind in one line, and a status its own day of acceptance gives as that', () => {
    const stubs = Object.fromEntries([2, 3, 4, 5].map((n) => [`000${n}-old.rst`, `This document was moved to https://example.org/proposals/01${n}0-x.rst\n`]));
    expect(dryRunLines({ ...stubs, '0001-a.rst': 'Record A\n========\n\n.. author:: Adam\n.. date-accepted:: 2017-02-04\n\nMotivation\n----------\n\nWhy.\n' })).toEqual([
      "status from the folder's index page or name, or the file's day of acceptance (the file states no status it can map): 1",
      '  0001-a.rst: "date-accepted: 2017-02-04" → accepted (its own day of acceptance)',
      'skipped: 4',
      '  4 files, only points to another file: 0002-old.rst, 0003-old.rst, 0004-old.rst, … +1 more (brain import adr --json lists them all)',
      '',
    ]);
  });
});
