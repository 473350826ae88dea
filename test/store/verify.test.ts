/**
 * `brain verify` against tampering done with plain git on the docs branch (DESIGN §3
 * invariants 1–3; issue: "ledger chain, file hashes, schema, status legality, append-only:
 * no revision file ever changed or removed in the branch's history … Exit 1 with a precise
 * report on any failure"). Each case copies one seeded repository, tampers with it through
 * git plumbing, and checks the exact list of failures: code, path, and — for history checks —
 * the commit that did it.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/model/entry.js';
import { canonicalJson, sha256Hex } from '../../src/store/canonical-json.js';
import { LEDGER_FILE, revisionFileName } from '../../src/store/layout.js';
import { formatLedgerLine, parseLedger, type LedgerLine } from '../../src/store/ledger.js';
import { brain, type BrainRun } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';
import { dirOf, handCommit, makeEntry, readBranchFile, revisionBytes, revisionFiles } from '../helpers/plain-git.js';

afterAll(cleanupTempDirs);

const PROJECT = 'demo';

interface Failure { code: string; path: string; commit?: string; message: string }

let base: string;
/** The decision (r1..r3): its directory, ledger path, ledger lines and files. */
let dec: { id: string; dir: string; ledgerPath: string; ledger: LedgerLine[]; paths: string[] };

function ok(run: BrainRun, what: string): BrainRun {
  expect(run.code, `${what}: ${run.stderr}`).toBe(0);
  return run;
}

beforeAll(() => {
  base = initRepo();
  ok(brain(base, ['init', '--project', PROJECT]), 'init');
  const id = ok(brain(base, ['add', 'decision', '--title', 'Use SQLite for the cache', '--json']), 'add').json().entry_id;
  ok(brain(base, ['revise', id, '--rationale', 'local and fast']), 'revise');
  ok(brain(base, ['revise', id, '--tag', 'storage']), 'revise');
  ok(brain(base, ['add', 'risk', '--title', 'Disk fills up']), 'add');
  const q = ok(brain(base, ['add', 'open_question', '--title', 'Which port?', '--json']), 'add').json().entry_id;
  ok(brain(base, ['resolve', q, '--answer', '7420']), 'resolve');
  const dir = dirOf({ project_id: PROJECT, entry_kind: 'decision', entry_id: id });
  const ledgerPath = `${dir}/${LEDGER_FILE}`;
  const ledger = parseLedger(readBranchFile(base, ledgerPath)!.toString('utf8'));
  dec = { id, dir, ledgerPath, ledger, paths: ledger.map((l) => `${dir}/${l.file}`) };
});

function copyBase(): string {
  const dir = join(tempDir('brain-verify-'), 'repo');
  cpSync(base, dir, { recursive: true });
  return dir;
}

const ledgerText = (lines: LedgerLine[]) => lines.map(formatLedgerLine).join('');
const revision = (dir: string, n: number): Entry => JSON.parse(readBranchFile(dir, dec.paths[n - 1]!)!.toString('utf8')) as Entry;

/** Runs `brain verify --json`, expects exit 1, returns the failures as sorted `code path [commit]` strings. */
function failuresOf(dir: string): { keys: string[]; failures: Failure[] } {
  const r = brain(dir, ['verify', '--json']);
  expect(r.code, r.stdout + r.stderr).toBe(1);
  const report = r.json();
  expect(report.ok).toBe(false);
  expect(report.branch.ok).toBe(false);
  const failures = report.branch.failures as Failure[];
  for (const f of failures) expect(f.message.length, f.code).toBeGreaterThan(0);
  return { keys: failures.map((f) => `${f.code} ${f.path}${f.commit ? ` @${f.commit}` : ''}`).sort(), failures };
}

describe('brain verify', () => {
  it('a clean brain verifies ok (exit 0), with counts; --cache too', () => {
    const dir = copyBase();
    const r = brain(dir, ['verify', '--json']);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      ok: true,
      branch: { ok: true, tip: git(dir, ['rev-parse', 'brain']), failures: [], checked: { revisions: 6, ledgers: 3, commits: 7 } },
      cache: null,
    });
    const human = brain(dir, ['verify']);
    expect(human.code).toBe(0);
    expect(human.stdout).toBe('branch: 6 revisions, 3 ledgers, 7 commits checked\nok\n');
    expect(brain(dir, ['verify', '--cache']).code).toBe(0);
  });

  it('an old revision file edited in place: hash and ledger mismatch at the tip, revision_modified naming the commit', () => {
    const dir = copyBase();
    const edited = { ...revision(dir, 1), title: 'Use LevelDB for the cache' };
    const commit = handCommit(dir, { [dec.paths[0]!]: canonicalJson(edited) }, 'edit r1 in place');
    expect(failuresOf(dir).keys).toEqual([
      `hash_mismatch ${dec.paths[0]}`,
      `ledger_missing_file ${dec.paths[0]}`,
      `revision_modified ${dec.paths[0]} @${commit}`,
    ].sort());
    // The human report names the path and the commit.
    const human = brain(dir, ['verify']);
    expect(human.code).toBe(1);
    expect(human.stdout).toMatch(new RegExp(`revision_modified\\s+${dec.paths[0]}\\s+${commit.slice(0, 12)}`));
    expect(human.stdout.trimEnd().endsWith('FAILED')).toBe(true);
  });

  it('a revision file deleted: ledger_missing_file at the tip, revision_deleted naming the commit', () => {
    const dir = copyBase();
    const commit = handCommit(dir, { [dec.paths[1]!]: null }, 'delete r2');
    expect(failuresOf(dir).keys).toEqual([`ledger_missing_file ${dec.paths[1]}`, `revision_deleted ${dec.paths[1]} @${commit}`].sort());
  });

  it('a ledger line rewritten (same hash, other author/time): ledger_rewritten naming the commit', () => {
    const dir = copyBase();
    const lines = dec.ledger.map((l, i) => (i === 0 ? { ...l, author: 'someone else', recorded_at: '2001-01-01T00:00:00.000Z' } : l));
    const commit = handCommit(dir, { [dec.ledgerPath]: ledgerText(lines) }, 'rewrite a ledger line');
    expect(failuresOf(dir).keys).toEqual([`ledger_rewritten ${dec.ledgerPath} @${commit}`]);
  });

  it('a ledger line whose sha256 was rewritten: ledger_hash_mismatch for the file, broken_chain for its child, ledger_rewritten', () => {
    const dir = copyBase();
    const forged = sha256Hex('forged');
    const lines = dec.ledger.map((l, i) => (i === 1 ? { ...l, sha256: forged } : l));
    const commit = handCommit(dir, { [dec.ledgerPath]: ledgerText(lines) }, 'forge a hash');
    expect(failuresOf(dir).keys).toEqual([
      `ledger_hash_mismatch ${dec.paths[1]}`,
      `broken_chain ${dec.ledgerPath}`,
      `ledger_rewritten ${dec.ledgerPath} @${commit}`,
    ].sort());
  });

  it('the last ledger line removed: unledgered_revision for its file, ledger_rewritten naming the commit', () => {
    const dir = copyBase();
    const commit = handCommit(dir, { [dec.ledgerPath]: ledgerText(dec.ledger.slice(0, 2)) }, 'drop the r3 line');
    expect(failuresOf(dir).keys).toEqual([`unledgered_revision ${dec.paths[2]}`, `ledger_rewritten ${dec.ledgerPath} @${commit}`].sort());
  });

  it('a middle ledger line removed: unledgered_revision, broken_chain for the next revision, ledger_rewritten', () => {
    const dir = copyBase();
    const commit = handCommit(dir, { [dec.ledgerPath]: ledgerText([dec.ledger[0]!, dec.ledger[2]!]) }, 'drop the r2 line');
    const { keys, failures } = failuresOf(dir);
    expect(keys).toEqual([`unledgered_revision ${dec.paths[1]}`, `broken_chain ${dec.ledgerPath}`, `ledger_rewritten ${dec.ledgerPath} @${commit}`].sort());
    expect(failures.find((f) => f.code === 'broken_chain')?.message).toContain('r3');
  });

  it('a ledger deleted: missing_ledger, ledger_rewritten naming the commit', () => {
    const dir = copyBase();
    const commit = handCommit(dir, { [dec.ledgerPath]: null }, 'delete the ledger');
    expect(failuresOf(dir).keys).toEqual([`missing_ledger ${dec.ledgerPath}`, `ledger_rewritten ${dec.ledgerPath} @${commit}`].sort());
  });

  it('a valid revision file added without a ledger line: unledgered_revision (no history failure: it was added)', () => {
    const dir = copyBase();
    const r4 = { ...revision(dir, 3), revision: 4, title: 'added by hand', recorded_at: '2030-01-01T00:00:00.000Z' };
    handCommit(dir, revisionFiles(dir, r4, { noLedger: true }), 'unledgered r4');
    const path = `${dec.dir}/${revisionBytes(r4).file}`;
    expect(failuresOf(dir).keys).toEqual([`unledgered_revision ${path}`]);
  });

  it('a chain link broken in an appended line (parent_sha256 of r4 is r1): broken_chain naming the ledger', () => {
    const dir = copyBase();
    const r4 = { ...revision(dir, 3), revision: 4, title: 'chained wrongly', recorded_at: '2030-01-01T00:00:00.000Z' };
    handCommit(dir, revisionFiles(dir, r4, { parentSha256: dec.ledger[0]!.sha256 }), 'r4 with a wrong parent');
    const { keys, failures } = failuresOf(dir);
    expect(keys).toEqual([`broken_chain ${dec.ledgerPath}`]);
    expect(failures[0]!.message).toContain('r4');
  });

  it('an r1 line with a parent, and a later line with no parent: broken_chain', () => {
    const dir = copyBase();
    const e = makeEntry({ kind: 'risk', projectId: PROJECT, title: 'r1 with a parent' });
    handCommit(dir, revisionFiles(dir, e, { parentSha256: sha256Hex('nothing') }), 'r1 with parent');
    const path = `${dirOf(e)}/${LEDGER_FILE}`;
    const e2 = { ...e, revision: 2, title: 'r2 without parent' };
    handCommit(dir, revisionFiles(dir, e2, { parentSha256: null }), 'r2 without parent');
    const { keys, failures } = failuresOf(dir);
    expect(keys).toEqual([`broken_chain ${path}`, `broken_chain ${path}`]);
    expect(failures.map((f) => f.message).join('\n')).toMatch(/r1 .*parent_sha256/);
    expect(failures.map((f) => f.message).join('\n')).toMatch(/r2 /);
  });

  it('tampering later undone is still reported, as repaired, and verifies ok: the documented repair (revert) ends in green', () => {
    const dir = copyBase();
    const r1 = readBranchFile(dir, dec.paths[0]!)!;
    const ledger = readBranchFile(dir, dec.ledgerPath)!;
    const deleted = handCommit(dir, { [dec.paths[0]!]: null, [dec.ledgerPath]: ledgerText(dec.ledger.slice(1)) }, 'delete r1 and its line');
    const edited = handCommit(dir, { [dec.paths[1]!]: canonicalJson({ ...revision(dir, 2), title: 'Edited in place' }) }, 'edit r2');
    expect(failuresOf(dir).keys).toContain(`revision_modified ${dec.paths[1]} @${edited}`);
    const restored = handCommit(dir, { [dec.paths[0]!]: r1, [dec.paths[1]!]: readBranchFile(base, dec.paths[1]!)!, [dec.ledgerPath]: ledger }, 'restore them');
    const r = brain(dir, ['verify', '--json']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const report = r.json();
    expect(report.branch.failures).toEqual([]);
    const keys = (report.branch.repaired as Failure[]).map((f) => `${f.code} ${f.path} @${f.commit}`).sort();
    expect(keys).toEqual([
      `revision_deleted ${dec.paths[0]} @${deleted}`, `ledger_rewritten ${dec.ledgerPath} @${deleted}`,
      `revision_modified ${dec.paths[1]} @${edited}`, `revision_modified ${dec.paths[1]} @${restored}`,
    ].sort());
    expect(brain(dir, ['verify']).stdout).toMatch(new RegExp(`repaired: revision_deleted ${dec.paths[0]} at ${deleted.slice(0, 12)}`));
  });

  it('tampering half undone stays a failure: a file back but its ledger line still gone, or a line back but the file still edited', () => {
    const dir = copyBase();
    const ledger = readBranchFile(dir, dec.ledgerPath)!;
    const dropped = handCommit(dir, { [dec.ledgerPath]: ledgerText(dec.ledger.slice(0, 2)) }, 'drop the r3 line');
    const edited = handCommit(dir, { [dec.paths[0]!]: canonicalJson({ ...revision(dir, 1), title: 'Edited in place' }), [dec.ledgerPath]: ledger }, 'line back, r1 edited');
    expect(failuresOf(dir).keys).toEqual(expect.arrayContaining([`revision_modified ${dec.paths[0]} @${edited}`]));
    expect(failuresOf(dir).keys).not.toContain(`ledger_rewritten ${dec.ledgerPath} @${dropped}`);
  });

  it('a revision file that is valid but not canonical JSON, correctly named and ledgered: not_canonical', () => {
    const dir = copyBase();
    const r4 = { ...revision(dir, 3), revision: 4, recorded_at: '2030-01-01T00:00:00.000Z' };
    const compact = `${JSON.stringify(r4)}\n`;
    const sha = sha256Hex(compact);
    const file = revisionFileName(4, sha);
    const line = formatLedgerLine({ revision: 4, file, sha256: sha, parent_sha256: dec.ledger[2]!.sha256, recorded_at: r4.recorded_at, author: r4.author });
    handCommit(dir, { [`${dec.dir}/${file}`]: compact, [dec.ledgerPath]: readBranchFile(dir, dec.ledgerPath)!.toString('utf8') + line });
    expect(failuresOf(dir).keys).toEqual([`not_canonical ${dec.dir}/${file}`]);
  });

  it('schema and status failures of revision files are named with their codes', () => {
    const dir = copyBase();
    const illegal = { ...makeEntry({ kind: 'risk', projectId: PROJECT }), status: 'resolved' };
    const invalid = { ...makeEntry({ kind: 'blocker', projectId: PROJECT }), payload: { severity: 'apocalyptic' } };
    const badJson = '{"entry_id": ';
    const badJsonEntry = makeEntry({ kind: 'decision', projectId: PROJECT });
    const badJsonPath = `${dirOf(badJsonEntry)}/${revisionFileName(1, sha256Hex(badJson))}`;
    handCommit(dir, {
      ...revisionFiles(dir, illegal as Entry),
      ...revisionFiles(dir, invalid as Entry),
      [badJsonPath]: badJson,
      [`${dirOf(badJsonEntry)}/${LEDGER_FILE}`]: formatLedgerLine({ revision: 1, file: badJsonPath.split('/').pop()!, sha256: sha256Hex(badJson), parent_sha256: null, recorded_at: badJsonEntry.recorded_at, author: 'x' }),
    });
    const illegalPath = `${dirOf(illegal as Entry)}/${revisionBytes(illegal).file}`;
    const invalidPath = `${dirOf(invalid as Entry)}/${revisionBytes(invalid).file}`;
    const { keys, failures } = failuresOf(dir);
    expect(keys).toEqual([
      `illegal_status ${illegalPath}`,
      `ledger_missing_file ${illegalPath}`,
      `invalid_entry ${invalidPath}`,
      `ledger_missing_file ${invalidPath}`,
      `invalid_json ${badJsonPath}`,
      `ledger_missing_file ${badJsonPath}`,
    ].sort());
    expect(failures.find((f) => f.code === 'illegal_status')?.message).toContain('a risk cannot be resolved; legal: active, mitigated, retired');
    expect(failures.find((f) => f.code === 'invalid_entry')?.message).toContain('payload.severity');
  });

  it('a plain git merge of two clones that both revised one entry (union-merged ledger) verifies ok and is reported as a fork', () => {
    const dir = copyBase();
    const other = join(tempDir('brain-verify-'), 'other');
    git(dir, ['clone', '-q', '--no-local', dir, other]);
    ok(brain(dir, ['revise', dec.id, '--title', 'here', '--author', 'ana']), 'revise here');
    ok(brain(other, ['revise', dec.id, '--title', 'there', '--author', 'bob']), 'revise there');
    git(dir, ['fetch', '-q', other, 'brain:refs/heads/other-brain']);
    const wt = join(tempDir('brain-verify-'), 'wt');
    git(dir, ['worktree', 'add', '-q', wt, 'brain']);
    git(wt, ['merge', '-q', '--no-edit', 'other-brain']);
    const merged = readBranchFile(dir, dec.ledgerPath)!.toString('utf8');
    expect(parseLedger(merged).map((l) => [l.revision, l.author])).toEqual([[1, 'test-agent'], [2, 'test-agent'], [3, 'test-agent'], [4, 'ana'], [4, 'bob']]);
    const r = brain(dir, ['verify', '--cache', '--json']);
    expect(r.code, r.stdout).toBe(0);
    expect(r.json().branch.checked.commits).toBe(10);
    const st = ok(brain(dir, ['status', '--json']), 'status').json();
    expect(st.forked).toEqual([dec.id]);
    expect(ok(brain(dir, ['history', dec.id, '--json']), 'history').json().map((e: Entry) => e.revision)).toEqual([1, 2, 3, 4, 4]);
  });
});
