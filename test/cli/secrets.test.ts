/**
 * Secrets never reach the branch (issue #20, docs/decisions/0040), through the real CLI on real
 * repositories: `add`, `revise` and `import jsonl` refuse a credential with `secret_detected`,
 * exit 2, naming the field, the rule and the line, never the credential, and write nothing
 * (branch tip, object count, `git fsck --strict`); `import adr` (with and without `--history`)
 * withholds the ADR or the historical revision that holds one and imports the rest (0087);
 * look-alikes and every bundled ADR corpus passes; `brain sync` still replays a revision an
 * older brain committed locally.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, commitFiles, git, initRepo, tempDir } from '../helpers/git.js';
import { brain, type BrainRun } from '../helpers/brain.js';
import { LOOK_ALIKES, REAL_SHAPED } from '../../fixtures/secrets/real-shaped.js'; // plain ESM, shared with the benchmark
import { ok, remoteWithClones } from '../sync/sync-helpers.js';
import { WriteTransaction } from '../../src/store/write-transaction.js';
import { writeCommit } from '../../src/git/commit-writer.js';
import type { Entry } from '../../src/model/entry.js';
import { listAdrFiles } from '../../src/importers/adr/list-adr-files.js';

afterAll(cleanupTempDirs);

interface Shape {
  name: string;
  text: string;
  rule_id: string;
}
const REAL = REAL_SHAPED as Shape[];
const shape = (name: string): Shape => REAL.find((s) => s.name === name) as Shape;

function freshBrain(): string {
  const dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  return dir;
}

/** What a refused write must leave as it was: the branch tip and every object in the repository. */
function snapshot(dir: string): { tip: string; objects: string } {
  return { tip: git(dir, ['rev-parse', 'brain']), objects: git(dir, ['count-objects', '-v']).replace(/^size.*$/gm, '') };
}

/** Exit 2, `secret_detected`, nothing written, the repository intact; returns the error. */
function refused(dir: string, run: () => BrainRun): { code: string; message: string; hint?: string; data?: Record<string, any> } {
  const before = snapshot(dir);
  const r = run();
  expect(r.code, r.stderr).toBe(2);
  expect(snapshot(dir)).toEqual(before);
  expect(git(dir, ['fsck', '--strict', '--no-dangling'])).toBe('');
  const { error } = r.errorJson();
  expect(error.code).toBe('secret_detected');
  for (const s of REAL) expect(r.stderr + r.stdout, s.name).not.toContain(s.text.slice(0, 60));
  return error;
}

describe('writes refuse credentials (exit 2, nothing written)', () => {
  it('brain add: an AWS key id in the rationale, a GitHub token in the payload, a Slack token in a citation', () => {
    const dir = freshBrain();
    const aws = refused(dir, () => brain(dir, ['add', 'decision', '--title', 'S3 access', '--rationale', `Use ${shape('AWS access key id').text} for uploads`, '--json']));
    expect(aws.message).toMatch(/^entry dec-[0-9a-z]+ r1 holds a credential, nothing written: rationale \(line 1, column 5\): AWSAccessKeyID, @secretlint\/secretlint-rule-aws$/);
    expect(aws.hint).toMatch(/remove the credential/);
    const payload = JSON.stringify({ decision_outcome: `CI pushes with ${shape('GitHub classic token').text}`, alternatives: [] });
    expect(refused(dir, () => brain(dir, ['add', 'decision', '--title', 'CI token', '--payload', payload, '--json'])).message).toContain('payload.decision_outcome (line 1, column 16): GITHUB_TOKEN, @secretlint/secretlint-rule-github');
    const cited = refused(dir, () => brain(dir, ['add', 'risk', '--title', 'Alerts', '--payload', '{"likelihood":"low","impact":"low"}', '--cite', `task:${shape('Slack bot token').text}`, '--json']));
    expect(cited.data?.findings).toEqual([{ field: 'citations[0].source_ref', rule_id: '@secretlint/secretlint-rule-slack', message_id: 'SLACK_TOKEN', line: 1, column: 1 }]);
    expect(brain(dir, ['list', '--json']).json()).toEqual([]);
  });

  it('brain revise: a private key pasted into the rationale leaves the entry at its revision', () => {
    const dir = freshBrain();
    const added = brain(dir, ['add', 'decision', '--title', 'Deploy keys', '--rationale', 'one per environment', '--json']);
    expect(added.code, added.stderr).toBe(0);
    const id = added.json().entry_id as string;
    const error = refused(dir, () => brain(dir, ['revise', id, '--rationale', `The key:\n${shape('EC P-256 private key (SEC1)').text}`, '--json']));
    expect(error.message).toBe(`entry ${id} r2 holds a credential, nothing written: rationale (line 2, column 1): PEMPrivateKey, project-brain/pem-private-key`);
    expect(brain(dir, ['show', id, '--json']).json()).toMatchObject({ revision: 1, rationale: 'one per environment' });
  });

  it('brain import jsonl: every line holding one is named, the whole real-shaped set refused, nothing written', () => {
    const dir = freshBrain();
    const clean = (i: number) => ({ entry_id: `dec-${String(i).padStart(12, '0')}`, project_id: 'demo', entry_kind: 'decision', title: `Decision ${i}`, rationale: 'clean', status: 'accepted', author: 'ada', recorded_at: '2025-01-01T00:00:00.000Z', related_task_ids: [], related_entry_ids: [], tags: [], supersedes_entry_id: null, confidence: null, citations: [], paths: [], payload: { alternatives: [], decision_outcome: 'ok' } });
    // Line 1 clean, then one credential per line, each in another field.
    const fields: ((e: any, text: string) => void)[] = [
      (e, t) => (e.rationale = t),
      (e, t) => (e.payload.decision_outcome = t),
      (e, t) => (e.payload.alternatives = ['a', t]),
      (e, t) => (e.citations = [{ source_ref: t, source_kind: 'external_url' }]),
    ];
    const lines = [clean(0), ...REAL.map((s, i) => {
      const e = clean(i + 1);
      // A citation is one line: a multi-line key goes to the rationale instead.
      const field = s.text.includes('\n') && i % fields.length === 3 ? 0 : i % fields.length;
      (fields[field] as (e: any, text: string) => void)(e, s.text);
      return e;
    })];
    const file = join(tempDir('brain-jsonl-'), 'entries.jsonl');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const error = refused(dir, () => brain(dir, ['import', 'jsonl', file, '--json']));
    expect(error.message).toMatch(new RegExp(`^${REAL.length} line\\(s\\) of .*entries\\.jsonl hold credentials, nothing written: line 2: rationale \\(line 1, column 1\\): AWSAccessKeyID, @secretlint/secretlint-rule-aws; line 3: payload.decision_outcome \\(line 1, column 1\\): AWSAccessKeyID, .*; … ${REAL.length - 20} more$`));
    expect(error.data?.error_count).toBe(REAL.length);
    const named = (error.data?.lines as { line: number; where: string; findings: { rule_id: string }[] }[]).map((l) => [l.line, l.where, l.findings.map((f) => f.rule_id)]);
    expect(named).toEqual(REAL.slice(0, 20).map((s, i) => [i + 2, `entry dec-${String(i + 1).padStart(12, '0')} r1`, [s.rule_id]]));
    expect(brain(dir, ['list', '--json']).json()).toEqual([]);
  });
});

describe('import adr withholds an ADR that holds a credential and imports the rest (decision 0087)', () => {
  it('names the file, never the credential; with --history, the commit whose text held it; the branch never holds it', () => {
    const repo = initRepo();
    expect(brain(repo, ['init', '--project', 'demo']).code).toBe(0);
    const secret = shape('HTTPS URL with basic auth').text;
    const adr = (body: string) => `# Use the artifact store\n\n## Status\n\nAccepted\n\n## Context\n\n${body}\n\n## Decision\n\nWe publish there.\n`;
    const leaked = commitFiles(repo, { 'adr/0001-record.md': adr('We record decisions.'), 'adr/0002-artifacts.md': adr(`Push with ${secret} from CI.`) }, 'ADRs');
    const neverOnTheBranch = () => {
      expect(git(repo, ['log', '-p', 'brain'])).not.toContain(secret.slice(0, 40));
      expect(git(repo, ['fsck', '--strict', '--no-dangling'])).toBe('');
    };

    const first = brain(repo, ['import', 'adr', 'adr', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const report = first.json();
    expect(report.imported).toBe(1);
    expect(report.entries.map((e: { source_path: string }) => e.source_path)).toEqual(['0001-record.md']);
    expect(report.withheld).toEqual([
      // Line 9 of the file (the field's own count starts below the title and skips the status; decision 0105).
      { source_path: '0002-artifacts.md', commit: null, findings: [expect.objectContaining({ field: 'rationale', rule_id: '@secretlint/secretlint-rule-basicauth', source_line: 9 })], message: expect.stringMatching(/^line 9 of the file: rationale \(line 5, column 11\): BasicAuth, @secretlint\/secretlint-rule-basicauth$/) },
    ]);
    expect(first.stdout).not.toContain(secret.slice(0, 40));
    neverOnTheBranch();

    const human = brain(repo, ['import', 'adr', 'adr']);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain('withheld, the text holds a credential (brain never commits one): 1\n  0002-artifacts.md: line 9 of the file: rationale (line');
    expect(human.stdout).toContain('hint: replace each with a placeholder such as ${PASSWORD}');
    expect(human.stdout + human.stderr).not.toContain(secret.slice(0, 40));

    commitFiles(repo, { 'adr/0002-artifacts.md': adr('Push with the CI credentials kept in Vault (ci/artifacts).') }, 'remove the password');
    const history = brain(repo, ['import', 'adr', 'adr', '--history', '--json']);
    expect(history.code, history.stderr).toBe(0);
    const replayed = history.json();
    expect(replayed.withheld).toEqual([expect.objectContaining({ source_path: '0002-artifacts.md', commit: leaked })]);
    expect(replayed.entries.find((e: { source_path: string }) => e.source_path === '0002-artifacts.md')).toMatchObject({ action: 'imported' });
    expect(brain(repo, ['import', 'adr', 'adr', '--json']).json()).toMatchObject({ imported: 0, withheld: [] });
    neverOnTheBranch();
  });
});

describe('no false refusal', () => {
  it('text that only looks like a credential is written, in every kind of field', () => {
    const dir = freshBrain();
    const texts = (LOOK_ALIKES as { text: string }[]).map((l) => l.text);
    const args = ['add', 'decision', '--title', 'Hashes, ids and placeholders', '--rationale', texts.join('\n\n'), '--json'];
    for (const t of texts.filter((t) => !t.includes('\n')).slice(0, 10)) args.push('--tag', t.slice(0, 60), '--cite', `file:${t.slice(0, 200)}`);
    const r = brain(dir, args);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().rationale).toBe(texts.join('\n\n'));
  });

  it('every ADR of every bundled corpus is imported (0 refusals)', async () => {
    const dir = freshBrain();
    const root = fileURLToPath(new URL('../../fixtures/adr', import.meta.url));
    const corpora = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(corpora.length).toBeGreaterThanOrEqual(7);
    for (const corpus of corpora) {
      const path = join(root, corpus);
      const r = brain(dir, ['--project', corpus.toLowerCase().replace(/[^a-z0-9-]+/g, '-'), 'import', 'adr', path, '--json']);
      expect(r.code, `${corpus}: ${r.stderr}`).toBe(0);
      const report = r.json();
      const listing = await listAdrFiles({ dir: path });
      expect(report.entries.length + report.skipped.length, corpus).toBe(listing.files.length + listing.skipped.length);
    }
  });
});

describe('brain sync', () => {
  it('replays a local revision an older brain committed with a credential: history is not refused retroactively', async () => {
    const { clones } = remoteWithClones(2);
    const [a, b] = clones as [string, string];
    const id = ok(brain(a, ['add', 'decision', '--title', 'Uploads', '--json'])).json().entry_id as string;
    ok(brain(a, ['sync']));
    ok(brain(b, ['sync']));
    // Clone a: revision 2 written without the scan, as a brain older than the scan did.
    const gitdir = join(a, '.git');
    const tip = git(a, ['rev-parse', 'brain']);
    const tx = new WriteTransaction(gitdir, tip, 'demo', { scanSecrets: false });
    const current = (await tx.current(id)) as Entry;
    const { revision: _r, ...rest } = current;
    await tx.put({ ...rest, rationale: `key ${shape('AWS access key id').text}` });
    const commit = await writeCommit({ gitdir, parent: tip, files: tx.files, message: 'brain: revise (older brain)', author: { name: 'Ada', email: 'ada@example.com' } });
    git(a, ['update-ref', 'refs/heads/brain', commit, tip]);
    // Clone b moves the remote on, so clone a's sync must replay its revision onto it.
    ok(brain(b, ['revise', id, '--tag', 'storage']));
    ok(brain(b, ['sync']));
    const r = brain(a, ['sync', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(brain(a, ['show', id, '--json']).json()).toMatchObject({ revision: 3, tags: ['storage'], rationale: expect.stringContaining('key AKIA') });
    expect(git(a, ['fsck', '--strict', '--no-dangling'])).toBe('');
  });
});
