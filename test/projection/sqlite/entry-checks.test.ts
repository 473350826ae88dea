/**
 * Issue #7 "Problems are visible where people look" and "Repair, append-only": a deleted
 * revision file, a file without a ledger line and an invalid newest revision are reported by
 * `brain status` (and so by /api/health and brain_status, which read the same problems) during
 * projection, not only by `brain verify`; an entry whose newest revision is invalid is repaired
 * by appending a valid revision that chains onto the bad one, which stays as history.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { httpGet, killDaemons, startDaemonProcess } from '../../helpers/daemon.js';
import { startMcp } from '../../mcp/mcp-client.js';
import { cleanupTempDirs, git, initRepo } from '../../helpers/git.js';
import { brain } from '../../helpers/brain.js';
import { dirOf, handCommit, readBranchFile, revisionBytes, revisionFiles, revisionPath } from '../../helpers/plain-git.js';
import { parseLedger } from '../../../src/store/ledger.js';
import type { Entry } from '../../../src/model/entry.js';

afterAll(() => {
  killDaemons();
  cleanupTempDirs();
});

function setup(): { dir: string; add: (title: string) => Entry } {
  const dir = initRepo();
  expect(brain(dir, ['init']).code).toBe(0);
  return { dir, add: (title) => brain(dir, ['add', 'decision', '--title', title, '--json']).json() as Entry };
}

const problems = (dir: string) => (brain(dir, ['status', '--json']).json().problems as { path: string; code: string; message: string }[]).map((p) => [p.code, p.path]);

describe('problems found during projection', () => {
  it('a deleted revision file is reported, and the entry shows its previous revision', () => {
    const { dir, add } = setup();
    const e = add('first');
    const r2 = brain(dir, ['revise', e.entry_id, '--title', 'second', '--json']).json() as Entry;
    handCommit(dir, { [revisionPath(r2)]: null }, 'delete r2 behind brain');
    expect(problems(dir)).toEqual([
      ['invalid_current', `${dirOf(e)}/`],
      ['ledger_missing_file', revisionPath(r2)],
    ]);
    expect(brain(dir, ['show', e.entry_id, '--json']).json()).toMatchObject({ revision: 1, title: 'first' });
    const human = brain(dir, ['status']).stdout;
    expect(human).toContain('ledger_missing_file');
  });

  it('/api/health and the brain_status tool report the same problems', async () => {
    const { dir, add } = setup();
    const e = add('first');
    const r2 = brain(dir, ['revise', e.entry_id, '--title', 'second', '--json']).json() as Entry;
    handCommit(dir, { [revisionPath(r2)]: null });
    const daemon = await startDaemonProcess(dir);
    try {
      const health = (await httpGet(daemon.port, '/api/health')).json().data;
      expect(health.problems.map((p: { code: string }) => p.code).sort()).toEqual(['invalid_current', 'ledger_missing_file']);
    } finally {
      await daemon.stop();
    }
    const session = await startMcp(dir);
    try {
      const status = (await session.call('brain_status')).structuredContent as { problems: { code: string }[] };
      expect(status.problems.map((p) => p.code).sort()).toEqual(['invalid_current', 'ledger_missing_file']);
    } finally {
      await session.close();
    }
  });

  it('the only revision deleted: the entry leaves the list but the problem names it', () => {
    const { dir, add } = setup();
    const e = add('only');
    handCommit(dir, { [revisionPath(e)]: null }, 'delete r1 behind brain');
    expect(brain(dir, ['list', '--json']).json()).toEqual([]);
    expect(problems(dir)).toEqual([['ledger_missing_file', revisionPath(e)]]);
  });

  it('a revision deleted with its ledger line is reported as missing_revision by status and doctor (decision 0063)', () => {
    const { dir, add } = setup();
    const e = add('first');
    const r2 = brain(dir, ['revise', e.entry_id, '--title', 'second', '--json']).json() as Entry;
    brain(dir, ['revise', e.entry_id, '--title', 'third']);
    const ledgerPath = `${dirOf(e)}/ledger.jsonl`;
    const ledger = readBranchFile(dir, ledgerPath)!.toString('utf8');
    const without = ledger.split('\n').filter((l) => !l.includes(revisionBytes(r2).file)).join('\n');
    expect(without).not.toBe(ledger);
    handCommit(dir, { [revisionPath(r2)]: null, [ledgerPath]: without }, 'drop r2 and its ledger line');
    const missing = `${dirOf(e)}/r0002`;
    expect(problems(dir)).toEqual([['missing_revision', missing]]);
    const status = brain(dir, ['status', '--json']).json();
    expect(status.problems[0].message).toContain('r2 is missing — its ledger and revision files go from r1 to r3');
    expect(brain(dir, ['status']).stdout).toContain('missing_revision');
    const doctor = brain(dir, ['doctor', '--json']).json();
    const finding = doctor.findings.find((f: { check: string }) => f.check === 'missing_revision');
    expect(finding).toMatchObject({ ok: false, fix: expect.stringContaining('--diff-filter=D') });
    // Nothing else breaks: the entry still shows r3, and the cache equals a rebuild.
    expect(brain(dir, ['show', e.entry_id, '--json']).json()).toMatchObject({ revision: 3, title: 'third' });
    expect(brain(dir, ['verify', '--cache', '--json']).json().cache).toMatchObject({ ok: true });
    // Reverting the hand commit clears it.
    git(dir, ['update-ref', 'refs/heads/brain', git(dir, ['rev-parse', 'brain~1'])]);
    expect(problems(dir)).toEqual([]);
  });

  it('a valid revision file added without a ledger line is reported as unledgered', () => {
    const { dir, add } = setup();
    const e = add('base');
    const next = { ...e, revision: 2, title: 'sneaked in' };
    handCommit(dir, revisionFiles(dir, next, { noLedger: true }), 'unledgered');
    expect(problems(dir)).toContainEqual(['unledgered_revision', revisionPath(next)]);
  });

  it('incremental projection and a full rebuild agree on these problems', () => {
    const { dir, add } = setup();
    const e = add('x');
    handCommit(dir, { [revisionPath(e)]: null });
    const r2 = brain(dir, ['revise', add('y').entry_id, '--title', 'y2', '--json']).json() as Entry;
    handCommit(dir, { [revisionPath(r2)]: null });
    expect(problems(dir)).toHaveLength(3);
    const report = brain(dir, ['verify', '--cache', '--json']).json();
    expect(report.ok).toBe(false); // the branch is damaged…
    expect(report.cache).toMatchObject({ ok: true }); // …and the cache equals a rebuild
  });
});

describe('repair, append-only', () => {
  it('an invalid newest revision is repaired by revise: chained onto the bad file, which stays', () => {
    const { dir, add } = setup();
    const e = add('good title');
    // r2 from another clone with an illegal status (a decision cannot be "open").
    const bad = { ...e, revision: 2, status: 'open' } as unknown as Entry;
    handCommit(dir, revisionFiles(dir, bad), 'bad r2 from elsewhere');
    expect(problems(dir)).toContainEqual(['invalid_current', `${dirOf(e)}/`]);

    const repaired = brain(dir, ['revise', e.entry_id, '--status', 'accepted', '--json']);
    expect(repaired.code, repaired.stderr).toBe(0);
    expect(repaired.json()).toMatchObject({ revision: 3, status: 'accepted', title: 'good title' });
    const ledger = parseLedger(readBranchFile(dir, `${dirOf(e)}/ledger.jsonl`)!.toString('utf8'));
    expect(ledger.map((l) => l.revision)).toEqual([1, 2, 3]);
    expect(ledger[2]!.parent_sha256).toBe(revisionBytes(bad).sha256);
    expect(readBranchFile(dir, revisionPath(bad))).not.toBeNull(); // history kept
    expect(problems(dir)).not.toContainEqual(['invalid_current', `${dirOf(e)}/`]);
    expect(git(dir, ['fsck', '--strict', '--no-dangling'])).toBe('');
  });

  it('a repair that restores the last valid content as is still writes (the chain moves past the bad file)', () => {
    const { dir, add } = setup();
    const e = add('keep me');
    handCommit(dir, revisionFiles(dir, { ...e, revision: 2, title: '' } as Entry), 'blank title r2');
    const run = brain(dir, ['revise', e.entry_id, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json()).toMatchObject({ revision: 3, title: 'keep me' });
  });
});
