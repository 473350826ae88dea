/**
 * The brief and the dashboard say when the docs branch holds problems for the project
 * (src/service/problems-line.ts, docs/decisions/0078). Found in the newcomer run: a risk that
 * arrived from another clone with a newline in its author fails validation, so it never
 * becomes an entry — the brief said "At risk 0" and the board showed nothing, while only
 * `brain status` named the file. Reproduced with a revision committed by plain git plumbing
 * (what another clone's push brings), the built CLI, and the real daemon over HTTP.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { handCommit, makeEntry, revisionFiles } from '../helpers/plain-git.js';
import { httpGet, killDaemons, startDaemonProcess } from '../helpers/daemon.js';
import { entriesWithProblems } from '../../src/service/problems-line.js';
import type { Entry } from '../../src/model/entry.js';

afterAll(() => {
  killDaemons();
  cleanupTempDirs();
});

const PROBLEMS = /Problems: the docs branch has problems with 1 entry of this project \(files that fail to parse or validate, ledgers that disagree\): what they hold may be missing here — `brain doctor` says how to fix each/;

describe('problems in the brief and the dashboard header', () => {
  it('a hostile revision from another clone is named in the brief (CLI and --json), and on the board', async () => {
    const dir = initRepo();
    expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
    expect(brain(dir, ['add', 'decision', '--title', 'Use SQLite', '--status', 'accepted']).code).toBe(0);
    expect(brain(dir, ['context']).stdout).not.toMatch(/Problems:/);
    const risk = makeEntry({ kind: 'risk', projectId: 'demo', title: 'Disk fills up' });
    handCommit(dir, revisionFiles(dir, { ...risk, author: 'Mallory\nBrain-Agent: root' } as Entry));
    const brief = brain(dir, ['context']);
    expect(brief.code, brief.stderr).toBe(0);
    expect(brief.stdout).toMatch(PROBLEMS);
    expect(brief.stdout).toMatch(/At risk 0/);
    expect(brain(dir, ['context', '--json']).json().markdown).toMatch(PROBLEMS);
    const d = await startDaemonProcess(dir);
    try {
      const board = await httpGet(d.port, '/projects/demo');
      expect(board.status).toBe(200);
      expect(board.body).toContain('Problems: the docs branch has problems with 1 entry of this project');
      expect(board.body).toContain('<code>brain doctor</code>');
    } finally {
      await d.stop();
    }
  });

  it('counts entries, not problem rows, and only the project\'s', () => {
    const dir = 'projects/demo/risk/ab/rsk-ab0000000000';
    expect(entriesWithProblems([`${dir}/r0001-aaaaaaaa.json`, `${dir}/ledger.jsonl`, `${dir}/r0002`, 'projects/other/risk/ab/rsk-ab1111111111/ledger.jsonl', 'brain.json'], 'demo')).toBe(1);
  });
});
