/**
 * An entry id is unique in a brain (issue #17, docs/decisions/0029): every write path refuses
 * an id another project holds (`conflict`, nothing written), and a branch that already holds
 * one (written with plain git or an older version) shows each project only its own entry —
 * the project holding the id's oldest revision owns it — while status, doctor and verify
 * report the other directory. Real repositories, the real CLI, plain-git plumbing.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { handCommit, makeEntry, revisionFiles } from '../helpers/plain-git.js';

afterAll(cleanupTempDirs);

const ID = 'dec-dup000000001';
const tip = (dir: string) => git(dir, ['rev-parse', 'brain']);

function jsonl(rows: unknown[]): string {
  const file = join(tempDir('brain-jsonl-'), 'entries.jsonl');
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

/** A brain with projects `secret` and `visible`, each holding one entry of its own. */
function twoProjects(): string {
  const dir = initRepo();
  expect(brain(dir, ['init', '--project', 'visible']).code).toBe(0);
  expect(brain(dir, ['--project', 'visible', 'add', 'decision', '--title', 'Visible decision']).code).toBe(0);
  expect(brain(dir, ['--project', 'secret', 'add', 'decision', '--title', 'Secret decision']).code).toBe(0);
  return dir;
}

const line = (projectId: string, title: string, recordedAt = '2024-05-01T12:00:00.000Z') => ({
  entry_id: ID, entry_kind: 'decision', project_id: projectId, title, rationale: `${projectId} text`, status: 'accepted', author: 'importer', recorded_at: recordedAt,
  related_task_ids: [], related_entry_ids: [], tags: [], supersedes_entry_id: null, confidence: null, citations: [], paths: [],
  payload: { alternatives: [], decision_outcome: '' },
});

describe('writes refuse an entry id another project holds', () => {
  it('import jsonl of an id that exists in another project: conflict naming that project, exit 1, nothing written', () => {
    const dir = twoProjects();
    expect(brain(dir, ['--project', 'secret', 'import', 'jsonl', jsonl([line('secret', 'Secret plan')])]).code).toBe(0);
    const before = tip(dir);
    const run = brain(dir, ['--project', 'visible', 'import', 'jsonl', jsonl([line('visible', 'Visible copy')]), '--json']);
    expect(run.code).toBe(1);
    const { error } = run.errorJson();
    expect(error.code).toBe('conflict');
    expect(error.message).toContain(`entry id ${ID} already exists in project secret`);
    expect(error.message).toMatch(/^line 1: /);
    expect(error.hint).toContain('--project secret');
    expect(tip(dir)).toBe(before);
    // The same id in its own project is still a revision, as before.
    expect(brain(dir, ['--project', 'secret', 'import', 'jsonl', jsonl([line('secret', 'Secret plan, revised')]), '--json']).json().revised).toBe(1);
  });

  it('the refusal holds inside one import: the offending line aborts the whole commit', () => {
    const dir = twoProjects();
    expect(brain(dir, ['--project', 'secret', 'import', 'jsonl', jsonl([line('secret', 'Secret plan')])]).code).toBe(0);
    const before = tip(dir);
    const other = { ...line('visible', 'Fine'), entry_id: 'dec-fine00000001' };
    const run = brain(dir, ['--project', 'visible', 'import', 'jsonl', jsonl([other, line('visible', 'Clash')]), '--json']);
    expect(run.code).toBe(1);
    expect(run.errorJson().error.message).toMatch(/^line 2: /);
    expect(tip(dir)).toBe(before);
    expect(brain(dir, ['--project', 'visible', 'show', 'dec-fine00000001']).code).toBe(1);
  });
});

describe('a branch that already holds an id in two projects (plain git)', () => {
  /** secret holds ID since 2024-05-01 (r1); visible got a copy later, with a higher revision number (r1, r2). */
  function collided(): { dir: string; visibleTitle: string } {
    const dir = twoProjects();
    const secret = makeEntry({ kind: 'decision', projectId: 'secret', entryId: ID, title: 'Secret plan', recordedAt: '2024-05-01T12:00:00.000Z', fields: { rationale: 'only secret may read this' } });
    handCommit(dir, revisionFiles(dir, secret), 'secret entry');
    const v1 = makeEntry({ kind: 'decision', projectId: 'visible', entryId: ID, title: 'Visible copy', recordedAt: '2024-06-01T12:00:00.000Z' });
    handCommit(dir, revisionFiles(dir, v1), 'visible copy r1');
    const v2 = makeEntry({ kind: 'decision', projectId: 'visible', entryId: ID, title: 'Visible copy r2', revision: 2, recordedAt: '2024-06-02T12:00:00.000Z' });
    handCommit(dir, revisionFiles(dir, v2), 'visible copy r2');
    return { dir, visibleTitle: 'Visible copy r2' };
  }

  it('each project reads only its own files: the owner sees its entry and history, the other project sees neither', () => {
    const { dir } = collided();
    const secretList = brain(dir, ['--project', 'secret', 'list', '--json']);
    expect(secretList.code).toBe(0);
    expect(secretList.json<{ entry_id: string; title: string }[]>().map((e) => e.title).sort()).toEqual(['Secret decision', 'Secret plan']);
    const history = brain(dir, ['--project', 'secret', 'history', ID, '--json']).json<{ project_id: string; title: string }[]>();
    expect(history.map((r) => [r.project_id, r.title])).toEqual([['secret', 'Secret plan']]);
    expect(brain(dir, ['--project', 'secret', 'show', ID, '--json']).json().title).toBe('Secret plan');

    const visibleList = brain(dir, ['--project', 'visible', 'list', '--json']).json<{ title: string }[]>();
    expect(visibleList.map((e) => e.title)).toEqual(['Visible decision']);
    for (const args of [['show', ID], ['history', ID], ['show', ID, '--revision', '1']]) {
      const run = brain(dir, ['--project', 'visible', ...args, '--json']);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.errorJson().error.code).toBe('not_found');
      expect(run.stdout + run.stderr).not.toContain('only secret may read this');
    }
    const search = brain(dir, ['--project', 'visible', 'search', 'secret', '--json']).json<{ entry: { title: string } }[]>();
    expect(search.map((h) => h.entry.title)).not.toContain('Secret plan');
    const brief = brain(dir, ['--project', 'visible', 'context']).stdout;
    expect(brief).not.toContain('Secret plan');
    expect(brief).not.toContain('Visible copy');
  });

  it('status and doctor report the hidden directory without naming the other project; verify fails naming both', () => {
    const { dir } = collided();
    const status = brain(dir, ['--project', 'visible', 'status', '--json']).json<{ problems: { path: string; code: string; message: string }[] }>();
    const dup = status.problems.filter((p) => p.code === 'duplicate_entry_id');
    expect(dup.map((p) => p.path)).toEqual([`projects/visible/decision/du/${ID}`]);
    expect(dup[0]!.message).not.toContain('secret');
    const doctor = brain(dir, ['doctor', '--json']);
    expect(doctor.stdout).toContain('duplicate_entry_id');
    const verify = brain(dir, ['verify', '--json']);
    expect(verify.code).toBe(1);
    const failures = verify.json<{ branch: { failures: { code: string; path: string; message: string }[] } }>().branch.failures.filter((f) => f.code === 'duplicate_entry_id');
    expect(failures.map((f) => f.path).sort()).toEqual([`projects/secret/decision/du/${ID}`, `projects/visible/decision/du/${ID}`]);
    expect(failures.find((f) => f.path.includes('visible'))!.message).toContain('also in project secret');
  });

  it('the projection is a function of the tree: incremental == full rebuild, whatever order the copies arrived in; removing the copy clears the problem', () => {
    const { dir } = collided();
    expect(brain(dir, ['list']).code).toBe(0);
    expect(brain(dir, ['verify', '--cache', '--json']).json<{ cache: { ok: boolean } }>().cache.ok).toBe(true);
    // The owner's files arrive last on another clone's branch: the same owner.
    const other = initRepo();
    expect(brain(other, ['init', '--project', 'visible']).code).toBe(0);
    const v1 = makeEntry({ kind: 'decision', projectId: 'visible', entryId: ID, title: 'Visible copy', recordedAt: '2024-06-01T12:00:00.000Z' });
    handCommit(other, revisionFiles(other, v1), 'visible copy first');
    expect(brain(other, ['--project', 'visible', 'show', ID, '--json']).json().title).toBe('Visible copy');
    const secret = makeEntry({ kind: 'decision', projectId: 'secret', entryId: ID, title: 'Secret plan', recordedAt: '2024-05-01T12:00:00.000Z' });
    handCommit(other, revisionFiles(other, secret), 'older secret entry');
    expect(brain(other, ['--project', 'visible', 'show', ID]).code).toBe(1);
    expect(brain(other, ['--project', 'secret', 'show', ID, '--json']).json().title).toBe('Secret plan');
    expect(brain(other, ['verify', '--cache', '--json']).json<{ cache: { ok: boolean } }>().cache.ok).toBe(true);
    // Removing the owner's directory hands the id to the other project; the problem goes.
    const gone = Object.fromEntries(git(other, ['ls-tree', '-r', '--name-only', 'brain', `projects/secret/decision/du/${ID}`]).split('\n').map((p) => [p, null]));
    handCommit(other, gone, 'remove the secret copy');
    expect(brain(other, ['--project', 'visible', 'show', ID, '--json']).json().title).toBe('Visible copy');
    const problems = brain(other, ['status', '--json']).json<{ problems: { code: string }[] }>().problems;
    expect(problems.filter((p) => p.code === 'duplicate_entry_id')).toEqual([]);
    expect(brain(other, ['verify', '--cache', '--json']).json<{ cache: { ok: boolean } }>().cache.ok).toBe(true);
  });
});
