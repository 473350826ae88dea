/**
 * `brain projects` (issue #7): every project on the docs branch with its current entry count in
 * total and per kind; human table with the project in effect marked `*`, `--json` an array
 * sorted by project_id. The real CLI as a child process.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';

afterAll(cleanupTempDirs);

const zero = { decision: 0, open_question: 0, blocker: 0, risk: 0, dependency: 0, plan_revision: 0 };

describe('brain projects', () => {
  it('without a brain: not_initialized with a hint (exit 1)', () => {
    const r = brain(initRepo(), ['projects', '--json']);
    expect(r.code).toBe(1);
    expect(r.errorJson().error).toMatchObject({ code: 'not_initialized', hint: expect.stringContaining('brain init') });
    expect(r.stdout).toBe('');
  });

  it('an empty brain has no projects: [] with --json, and says where the first entry goes', () => {
    const dir = initRepo();
    expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
    expect(brain(dir, ['projects', '--json']).json()).toEqual([]);
    const human = brain(dir, ['projects']);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('no projects');
    expect(human.stdout).toContain('project demo');
  });

  it('lists every project sorted by id with counts per kind; revisions do not count twice', () => {
    const dir = initRepo();
    expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
    const add = (project: string, kind: string, extra: string[] = []) => {
      const r = brain(dir, ['--project', project, 'add', kind, '--title', `${kind} of ${project}`, ...extra, '--json']);
      expect(r.code, r.stderr).toBe(0);
      return r.json().entry_id as string;
    };
    const decision = add('demo', 'decision');
    add('demo', 'decision');
    const question = add('demo', 'open_question');
    add('demo', 'dependency', ['--payload', '{"depends_on":"git"}']);
    add('zeta', 'risk');
    add('alpha', 'blocker');
    add('alpha', 'plan_revision', ['--payload', '{"summary":"ship it"}']);
    expect(brain(dir, ['revise', decision, '--rationale', 'a second revision']).code).toBe(0);
    expect(brain(dir, ['resolve', question, '--answer', 'yes']).code).toBe(0);

    const r = brain(dir, ['projects', '--json']);
    expect(r.code).toBe(0);
    expect(r.json()).toEqual([
      { project_id: 'alpha', entries: 2, by_kind: { ...zero, blocker: 1, plan_revision: 1 } },
      { project_id: 'demo', entries: 4, by_kind: { ...zero, decision: 2, open_question: 1, dependency: 1 } },
      { project_id: 'zeta', entries: 1, by_kind: { ...zero, risk: 1 } },
    ]);
    // The list does not depend on the project in effect.
    expect(brain(dir, ['--project', 'zeta', 'projects', '--json']).json()).toEqual(r.json());

    const human = brain(dir, ['projects']).stdout.split('\n');
    expect(human[0]).toMatch(/^\s+PROJECT\s+ENTRIES\s+DECISION\s+OPEN_QUESTION\s+BLOCKER\s+RISK\s+DEPENDENCY\s+PLAN_REVISION$/);
    expect(human.slice(1, 4).map((line) => line.split(/\s+/).filter(Boolean))).toEqual([
      ['alpha', '2', '0', '0', '1', '0', '0', '1'],
      ['*', 'demo', '4', '2', '1', '0', '0', '1', '0'],
      ['zeta', '1', '0', '0', '0', '1', '0', '0'],
    ]);
    expect(brain(dir, ['--project', 'zeta', 'projects']).stdout).toMatch(/^\*\s+zeta\s+1/m);
    expect(brain(dir, ['--project', 'nothing-here', 'projects']).stdout).toContain('project nothing-here, which this command works on, has no entries yet');
  });
});
