/**
 * Candidates on the docs branch (issue #20 "Candidates"; docs/decisions/0042): a proposal is
 * a git-native file outside the entry tree (immutable canonical revision files and a
 * hash-chained ledger under candidates/), its lifecycle is appended revisions (nothing is
 * deleted), approving writes the entry revision(s) and the candidate's approval in ONE commit,
 * every approved revision names who proposed and who approved it, no identity approves what it
 * proposed, `brain verify` checks candidate files like entries, and candidates stay out of
 * list, search, the brief and status counts.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Brain } from '../../src/service.js';
import type { Candidate } from '../../src/model/candidate.js';
import type { Entry } from '../../src/model/entry.js';
import { isBrainError } from '../../src/model/errors.js';
import { canonicalJson, sha256Hex } from '../../src/store/canonical-json.js';
import { parseLedger } from '../../src/store/ledger.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { branchFiles, handCommit, readBranchFile } from '../helpers/plain-git.js';
import { REAL_SHAPED } from '../../fixtures/secrets/real-shaped.js'; // plain ESM, shared with the benchmark

afterAll(cleanupTempDirs);

let dir: string;
let ada: Brain;

beforeEach(async () => {
  dir = initRepo();
  ada = await openTestBrain(dir, { projectId: 'demo', author: 'Ada Lovelace' });
  await ada.init();
  await ada.writes.append({ kind: 'decision', fields: { title: 'Use SQLite for the cache', rationale: 'SQLite is embedded, needs no server, and its FTS5 index gives us search.', tags: ['storage'] } });
  return async () => ada.close();
});

const tip = () => git(dir, ['rev-parse', 'brain']);
const candidateFiles = () => branchFiles(dir, 'candidates');
const fileAt = (path: string) => readBranchFile(dir, path)?.toString('utf8') ?? '';

async function rejected(p: Promise<unknown>): Promise<{ code: string; message: string; data: Record<string, unknown> }> {
  const err = await p.then(() => null, (e: unknown) => e);
  if (!isBrainError(err)) throw new Error(`expected a BrainError, got ${String(err)}`);
  return err;
}

describe('a proposal', () => {
  it('is revision 1 of a candidate under candidates/, canonical, hash-chained, reviewed, and no entry', async () => {
    const before = tip();
    const r = await ada.candidates.byAgent('claude-code').propose({ kind: 'risk', fields: { title: 'Tokens leak into logs', rationale: 'A bearer token in an error message ends in the log.', tags: ['security'] } });
    const c = r.candidate;
    expect(c).toMatchObject({ revision: 1, status: 'pending', project_id: 'demo', author: 'Ada Lovelace', agent: 'claude-code', proposed_by: { author: 'Ada Lovelace', agent: 'claude-code' } });
    expect(c.proposal).toEqual({ entry_kind: 'risk', title: 'Tokens leak into logs', rationale: 'A bearer token in an error message ends in the log.', tags: ['security'] });
    expect(c.review).toMatchObject({ reviewer: 'brain-reviewer/1', relation: 'novel', suggested_action: 'accept', target_entry_id: null });
    expect(r.entries).toEqual([]);
    const files = candidateFiles();
    const fan = c.candidate_id.slice(5, 7);
    expect(files).toEqual([`candidates/demo/${fan}/${c.candidate_id}/ledger.jsonl`, expect.stringMatching(new RegExp(`^candidates/demo/${fan}/${c.candidate_id}/r0001-[0-9a-f]{8}\\.json$`))]);
    const text = fileAt(files[1]!);
    expect(text).toBe(canonicalJson(JSON.parse(text)));
    const [line] = parseLedger(fileAt(files[0]!));
    expect(line).toMatchObject({ revision: 1, parent_sha256: null, sha256: sha256Hex(text), author: 'Ada Lovelace' });
    expect(git(dir, ['log', '-1', '--format=%B', 'brain']).trim()).toBe(`brain: propose ${c.candidate_id} r1 — Tokens leak into logs\n\nBrain-Agent: claude-code`);
    expect(git(dir, ['rev-list', '--count', `${before}..brain`])).toBe('1');
    expect(branchFiles(dir)).toHaveLength(2); // the one entry's file and ledger: no entry was written
    git(dir, ['fsck', '--strict']);
    expect((await ada.verify()).ok).toBe(true);
  });

  it('never shows in list, search, the brief or the entry counts', async () => {
    await ada.candidates.propose({ kind: 'decision', fields: { title: 'Adopt zanzibar authorization', rationale: 'zanzibar tuples everywhere' } });
    expect((await ada.list()).map((r) => r.entry.title)).toEqual(['Use SQLite for the cache']);
    expect(await ada.search({ query: 'zanzibar' })).toEqual([]);
    expect((await ada.context()).markdown).not.toContain('zanzibar');
    expect((await ada.status()).entries).toBe(1);
    expect((await ada.candidates.list({ status: 'pending' })).map((r) => r.candidate.proposal.title)).toEqual(['Adopt zanzibar authorization']);
  });

  it('is refused with nothing written when its fields would not make a valid entry', async () => {
    const before = tip();
    expect((await rejected(ada.candidates.propose({ kind: 'risk', fields: { title: 'x', status: 'resolved' } }))).code).toBe('illegal_status');
    expect((await rejected(ada.candidates.propose({ kind: 'epic', fields: { title: 'x' } }))).code).toBe('invalid_argument');
    expect((await rejected(ada.candidates.propose({ kind: 'risk', fields: {} }))).code).toBe('invalid_argument');
    expect((await rejected(ada.candidates.propose({ kind: 'risk', fields: { title: 'x', payload: { likelihood: 'always' } } }))).code).toBe('invalid_entry');
    expect(tip()).toBe(before);
  });

  it('is refused with nothing written when it holds a credential (issue #20: every write is scanned)', async () => {
    const before = tip();
    const key = (REAL_SHAPED as { name: string; text: string }[]).find((s) => s.name === 'AWS access key id') as { text: string };
    const error = await rejected(ada.candidates.byAgent('claude-code').propose({ kind: 'risk', fields: { title: 'Deploy key in CI', rationale: `the key ${key.text} is in the CI logs` } }));
    expect(error.code).toBe('secret_detected');
    expect(tip()).toBe(before);
    expect(git(dir, ['ls-tree', '-r', '--name-only', 'brain']).split('\n').filter((f) => f.startsWith('candidates/'))).toEqual([]);
  });
});

describe('approving', () => {
  it('writes the entry and the approval in ONE commit; the entry names who proposed and who approved it', async () => {
    const proposed = (await ada.candidates.byAgent('claude-code').propose({ kind: 'open_question', fields: { title: 'How do we rotate tokens?', tags: ['security'] } })).candidate;
    const before = tip();
    const r = await ada.candidates.approve({ candidateId: proposed.candidate_id.slice(0, 9) });
    expect(git(dir, ['rev-list', '--count', `${before}..brain`])).toBe('1');
    const [entry] = r.entries as [Entry];
    expect(entry).toMatchObject({ entry_kind: 'open_question', title: 'How do we rotate tokens?', tags: ['security'], revision: 1, author: 'Ada Lovelace' });
    expect(entry.agent).toBeUndefined();
    expect(entry.approval).toEqual({ candidate_id: proposed.candidate_id, proposed_by: { author: 'Ada Lovelace', agent: 'claude-code' }, approved_by: { author: 'Ada Lovelace' } });
    const c = r.candidate;
    expect(c).toMatchObject({ revision: 2, status: 'approved', author: 'Ada Lovelace', proposed_by: proposed.proposed_by, review: proposed.review, proposal: proposed.proposal });
    expect(c.agent).toBeUndefined();
    const entryPath = branchFiles(dir).find((p) => p.includes(entry.entry_id) && p.endsWith('.json'))!;
    expect(c.decision).toEqual({ action: 'accept', entry_id: entry.entry_id, written: [{ entry_id: entry.entry_id, revision: 1, sha256: sha256Hex(fileAt(entryPath)) }], decided_by: { author: 'Ada Lovelace' } });
    expect(git(dir, ['show', '--name-only', '--format=%s', 'brain'])).toContain(entryPath);
    expect(candidateFiles()).toHaveLength(3); // r1 kept, r2 appended, one ledger
    const ledger = parseLedger(fileAt(candidateFiles().find((p) => p.endsWith('ledger.jsonl'))!));
    expect(ledger.map((l) => [l.revision, l.parent_sha256])).toEqual([[1, null], [2, ledger[0]!.sha256]]);
    expect((await ada.get({ entryId: entry.entry_id })).entry.approval).toEqual(entry.approval);
    git(dir, ['fsck', '--strict']);
    expect((await ada.verify()).ok).toBe(true);
  });

  it('merges into an entry as its next revision, or supersedes a decision, as asked', async () => {
    const [dec] = (await ada.list()).map((r) => r.entry);
    const bot = ada.candidates.byAgent('claude-code');
    const merge = (await bot.propose({ kind: 'decision', fields: { rationale: 'SQLite is embedded and needs no server. WAL mode lets the daemon read while the CLI writes.', title: 'Use SQLite for the cache' } })).candidate;
    const merged = await ada.candidates.approve({ candidateId: merge.candidate_id, choice: { action: 'merge', entryId: dec!.entry_id } });
    expect(merged.entries.map((e) => [e.entry_id, e.revision, e.rationale.includes('WAL')])).toEqual([[dec!.entry_id, 2, true]]);
    expect(merged.entries[0]!.tags).toEqual(['storage']); // what the proposal did not give stays
    const replace = (await bot.propose({ kind: 'decision', fields: { title: 'Use PostgreSQL for the cache', rationale: 'We no longer use SQLite: several daemons share one cache.' } })).candidate;
    const superseded = await ada.candidates.approve({ candidateId: replace.candidate_id, choice: { action: 'supersede', entryId: dec!.entry_id } });
    const [successor, old] = superseded.entries as [Entry, Entry];
    expect(successor).toMatchObject({ title: 'Use PostgreSQL for the cache', supersedes_entry_id: dec!.entry_id, revision: 1 });
    expect(old).toMatchObject({ entry_id: dec!.entry_id, status: 'superseded', revision: 3 });
    expect(old.related_entry_ids).toContain(successor.entry_id);
    for (const e of superseded.entries) expect(e.approval?.candidate_id).toBe(replace.candidate_id);
    expect(superseded.candidate.decision).toMatchObject({ action: 'supersede', entry_id: dec!.entry_id });
    expect(superseded.candidate.decision!.written.map((w) => w.entry_id)).toEqual([successor.entry_id, dec!.entry_id]);
    expect((await ada.verify()).ok).toBe(true);
  });

  it('is refused to the identity that proposed it — person or agent — with nothing written', async () => {
    const byAda = (await ada.candidates.propose({ kind: 'risk', fields: { title: 'Disk fills up' } })).candidate;
    const byBot = (await ada.candidates.byAgent('claude-code').propose({ kind: 'risk', fields: { title: 'Cache grows without bound' } })).candidate;
    const before = tip();
    const self = await rejected(ada.candidates.approve({ candidateId: byAda.candidate_id }));
    expect(self).toMatchObject({ code: 'forbidden', data: { reason: 'self_approval', identity: { type: 'person', name: 'ada lovelace' } } });
    const sameAgent = await rejected(ada.candidates.byAgent('claude-code').approve({ candidateId: byBot.candidate_id }));
    expect(sameAgent).toMatchObject({ code: 'forbidden', data: { reason: 'self_approval', identity: { type: 'agent', name: 'claude-code' } } });
    // The same person under another spelling is the same identity; the same agent for another person too.
    const spelled = await openTestBrain(dir, { projectId: 'demo', author: '  ada   LOVELACE ' });
    expect((await rejected(spelled.candidates.approve({ candidateId: byAda.candidate_id }))).code).toBe('forbidden');
    const bob = await openTestBrain(dir, { projectId: 'demo', author: 'Bob' });
    expect((await rejected(bob.candidates.byAgent('claude-code').approve({ candidateId: byBot.candidate_id }))).code).toBe('forbidden');
    expect(tip()).toBe(before);
    // Another identity may: a person approves the agent's, an agent the person's.
    expect((await ada.candidates.approve({ candidateId: byBot.candidate_id })).candidate.status).toBe('approved');
    expect((await ada.candidates.byAgent('reviewer-bot').approve({ candidateId: byAda.candidate_id })).entries[0]!.approval).toEqual({ candidate_id: byAda.candidate_id, proposed_by: { author: 'Ada Lovelace' }, approved_by: { author: 'Ada Lovelace', agent: 'reviewer-bot' } });
    await spelled.close();
    await bob.close();
  });

  it('follows the suggestion by default, and refuses a suggested rejection without an explicit choice', async () => {
    const dup = (await ada.candidates.byAgent('claude-code').propose({ kind: 'decision', fields: { title: 'Use SQLite for the cache', rationale: 'SQLite is embedded, needs no server, and FTS5 gives search.' } })).candidate;
    expect(dup.review).toMatchObject({ relation: 'duplicate', suggested_action: 'reject' });
    const before = tip();
    expect(await rejected(ada.candidates.approve({ candidateId: dup.candidate_id }))).toMatchObject({ code: 'invalid_argument', message: expect.stringContaining('suggests rejecting') });
    expect(tip()).toBe(before);
    const asNew = await ada.candidates.approve({ candidateId: dup.candidate_id, choice: { action: 'accept' } });
    expect(asNew.candidate.decision?.action).toBe('accept');
  });
});

describe('rejecting and the lifecycle', () => {
  it('appends the rejection with its reason; a decided candidate cannot be decided again; nothing is deleted', async () => {
    const c = (await ada.candidates.byAgent('claude-code').propose({ kind: 'blocker', fields: { title: 'CI is red' } })).candidate;
    expect((await rejected(ada.candidates.reject({ candidateId: c.candidate_id, reason: '  ' }))).code).toBe('invalid_argument');
    const r = await ada.candidates.reject({ candidateId: c.candidate_id, reason: 'not a blocker:\r\nflaky test' });
    expect(r.candidate).toMatchObject({ status: 'rejected', revision: 2, decision: { action: 'reject', entry_id: null, written: [], decided_by: { author: 'Ada Lovelace' }, reason: 'not a blocker:\nflaky test' } });
    expect(r.entries).toEqual([]);
    expect(await rejected(ada.candidates.approve({ candidateId: c.candidate_id }))).toMatchObject({ code: 'conflict', data: { status: 'rejected' } });
    expect(await rejected(ada.candidates.reject({ candidateId: c.candidate_id, reason: 'again' }))).toMatchObject({ code: 'conflict' });
    expect(candidateFiles()).toHaveLength(3);
    expect((await ada.candidates.list({ status: 'pending' }))).toEqual([]);
    expect((await ada.candidates.list()).map((x) => x.candidate.status)).toEqual(['rejected']);
    expect(git(dir, ['log', '--format=%s', '-1', 'brain'])).toBe(`brain: reject ${c.candidate_id} r2 — CI is red`);
  });

  it('brain verify checks candidate files like entries: an edited file and a removed ledger line fail', async () => {
    const c = (await ada.candidates.propose({ kind: 'risk', fields: { title: 'Disk fills up' } })).candidate;
    const [ledgerPath, filePath] = candidateFiles() as [string, string];
    const edited = fileAt(filePath).replace('Disk fills up', 'Disk never fills up');
    handCommit(dir, { [filePath]: edited }, 'edit a candidate');
    const report = await ada.verify();
    expect(report.ok).toBe(false);
    const codes = report.branch.failures.map((f) => `${f.code} ${f.path}`);
    expect(codes).toEqual(expect.arrayContaining([`hash_mismatch ${filePath}`, `revision_modified ${filePath}`]));
    handCommit(dir, { [filePath]: null, [ledgerPath]: '' }, 'drop the candidate');
    const gone = (await ada.verify()).branch.failures.map((f) => f.code);
    expect(gone).toEqual(expect.arrayContaining(['revision_deleted', 'ledger_rewritten']));
    expect(c.candidate_id).toMatch(/^cand-/);
  });

  it('a stray file under candidates/ is a problem, never fatal', async () => {
    handCommit(dir, { 'candidates/demo/notes.txt': 'hello\n' }, 'stray');
    const status = await ada.status();
    expect(status.problems.map((p) => `${p.code} ${p.path}`)).toContain('stray_file candidates/demo/notes.txt');
    expect((await ada.verify()).branch.failures.map((f) => f.code)).toContain('stray_file');
    expect(await ada.list()).toHaveLength(1);
  });
});

describe('auto_approve: "safe"', () => {
  it('approves only a novel candidate without conflict signals, by the rule, in the proposing commit', async () => {
    const manifest = JSON.parse(fileAt('brain.json')) as Record<string, unknown>;
    handCommit(dir, { 'brain.json': `${JSON.stringify({ ...manifest, auto_approve: 'safe' })}\n` }, 'turn on auto-approval');
    const bot = ada.candidates.byAgent('claude-code');
    const before = tip();
    const novel = await bot.propose({ kind: 'dependency', fields: { title: 'Needs git 2.40 or newer', payload: { depends_on: 'git >= 2.40', dependency_kind: 'requires' } } });
    expect(git(dir, ['rev-list', '--count', `${before}..brain`])).toBe('1');
    expect(novel.candidate).toMatchObject({ status: 'approved', revision: 2, decision: { action: 'accept', decided_by: { rule: 'auto_approve:safe' } } });
    expect(novel.entries[0]!.approval).toEqual({ candidate_id: novel.candidate.candidate_id, proposed_by: { author: 'Ada Lovelace', agent: 'claude-code' }, approved_by: { rule: 'auto_approve:safe' } });
    expect(git(dir, ['log', '-1', '--format=%B', 'brain'])).toContain('approved by the auto_approve:safe rule');
    const dup = await bot.propose({ kind: 'decision', fields: { title: 'Use SQLite for the cache', rationale: 'SQLite is embedded.' } });
    expect(dup.candidate).toMatchObject({ status: 'pending', review: { relation: 'duplicate' } });
    const scoped = await bot.propose({ kind: 'decision', fields: { title: 'Keep revisions forever', tags: ['storage'] } });
    expect(scoped.candidate.review.conflict_signals.length).toBeGreaterThan(0);
    expect(scoped.candidate.status).toBe('pending');
    const c: Candidate = scoped.candidate;
    expect(c.review.conflict_signals.some((s) => s.startsWith('shared_scope:'))).toBe(true);
  });

  it('is off for any other value', async () => {
    const manifest = JSON.parse(fileAt('brain.json')) as Record<string, unknown>;
    handCommit(dir, { 'brain.json': `${JSON.stringify({ ...manifest, auto_approve: 'yes' })}\n` }, 'a value that is not "safe"');
    const r = await ada.candidates.byAgent('claude-code').propose({ kind: 'dependency', fields: { title: 'Needs node 20', payload: { depends_on: 'node', dependency_kind: 'requires' } } });
    expect(r.candidate.status).toBe('pending');
  });
});
