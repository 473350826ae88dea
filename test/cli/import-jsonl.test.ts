/**
 * `brain import jsonl` (issue #10, decision 0022) with real repositories and the real CLI:
 * round trip from `list --json`, idempotence, validation before any write, a large import as
 * one commit in one pack, and the isomorphic-git path (no `git` on PATH).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, gitEnv, initRepo, tempDir, testHome } from '../helpers/git.js';
import { BRAIN_BIN, brain } from '../helpers/brain.js';
import { deriveEntryId } from '../../src/model/entry-id.js';

afterAll(cleanupTempDirs);

type Row = Record<string, unknown> & { entry_id: string; revision: number; title: string };
const withoutRevision = (rows: Row[]) => rows.map(({ revision: _r, ...rest }) => rest);
const tip = (dir: string) => git(dir, ['rev-parse', 'brain']);
const packCount = (dir: string) => Number(/^packs: (\d+)$/m.exec(git(dir, ['count-objects', '-v']))?.[1]);
const list = (dir: string, env?: NodeJS.ProcessEnv): Row[] => brain(dir, ['list', '--json'], env ? { env } : {}).json<Row[]>();

function freshBrain(): string {
  const dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  return dir;
}

function writeJsonl(rows: unknown[]): string {
  const file = join(tempDir('brain-jsonl-'), 'entries.jsonl');
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

let source: string;
let rows: Row[];

beforeAll(() => {
  source = freshBrain();
  const a = brain(source, ['add', 'decision', '--title', 'Use SQLite', '--rationale', 'local', '--tag', 'db', '--json']).json<Row>();
  brain(source, ['add', 'risk', '--title', 'Disk fills up', '--payload', '{"likelihood":"low","impact":"high"}']);
  brain(source, ['add', 'open_question', '--title', 'Which zlib level?']);
  expect(brain(source, ['revise', a.entry_id, '--rationale', 'local, fast, disposable']).code).toBe(0);
  rows = list(source);
  expect(rows).toHaveLength(3);
});

describe('brain import jsonl', () => {
  it('round trip: list --json → import into a fresh repo → the same list; then a re-import writes nothing', () => {
    const target = freshBrain();
    const file = writeJsonl(rows);
    const before = tip(target);
    const r = brain(target, ['import', 'jsonl', file, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(''); // no progress: stderr is not a terminal
    const report = r.json();
    expect(report).toMatchObject({ lines: 3, imported: 3, revised: 0, unchanged: 0 });
    expect(git(target, ['rev-parse', `${report.commit}^`])).toBe(before); // one commit
    expect(withoutRevision(list(target))).toEqual(withoutRevision(rows));
    expect(list(target).map((e) => e.revision)).toEqual([1, 1, 1]); // the store numbers revisions
    expect(git(target, ['fsck', '--strict'])).toBe('');

    const again = brain(target, ['import', 'jsonl', file, '--json']);
    expect(again.json()).toMatchObject({ imported: 0, revised: 0, unchanged: 3, commit: null });
    expect(tip(target)).toBe(report.commit);
  });

  it('a changed line becomes the next revision; stdin with - works; lines of one entry apply in order', () => {
    const target = freshBrain();
    const file = writeJsonl(rows);
    expect(brain(target, ['import', 'jsonl', file]).code).toBe(0);
    const [first] = rows as [Row];
    const changed = [{ ...first, title: 'Use SQLite in WAL mode' }, { ...first, title: 'Use SQLite, WAL, one writer' }];
    const stdin = changed.map((r) => JSON.stringify(r)).join('\r\n');
    const r = brain(target, ['import', 'jsonl', '-', '--json'], { env: {} }); // no stdin: no entry
    expect(r.code).toBe(2);
    expect(r.errorJson().error.code).toBe('invalid_argument');
    const piped = git(target, ['rev-parse', 'brain']); // unchanged by the failed run
    const res = brainWithStdin(target, ['import', 'jsonl', '-', '--json'], stdin);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ lines: 2, revised: 2, entries: [{ line: 1, revision: 2 }, { line: 2, revision: 3 }] });
    expect(git(target, ['rev-parse', 'brain^'])).toBe(piped);
    expect(brain(target, ['show', first.entry_id, '--json']).json()).toMatchObject({ title: 'Use SQLite, WAL, one writer', revision: 3 });
  });

  it('an invalid line: nothing written, the error names the line with a code and a hint', () => {
    const target = freshBrain();
    const before = tip(target);
    const file = join(tempDir('brain-jsonl-'), 'bad.jsonl');
    const bad = { ...rows.find((e) => e.entry_kind === 'risk'), status: 'resolved' }; // a risk cannot be resolved
    writeFileSync(file, [JSON.stringify(rows[0]), '{not json', '', JSON.stringify(bad), JSON.stringify({ ...rows[2], project_id: 'other' })].join('\n'));
    const r = brain(target, ['import', 'jsonl', file, '--json']);
    expect(r.code).toBe(2);
    const { error } = r.errorJson() as { error: { code: string; message: string; hint: string; data: { errors: { line: number; code: string }[] } } };
    expect(error.code).toBe('invalid_entry');
    expect(error.message).toMatch(/3 invalid line\(s\).*line 2: not JSON.*line 4: .*line 5: project_id "other"/);
    expect(error.data.errors.map((e) => [e.line, e.code])).toEqual([[2, 'invalid_entry'], [4, 'illegal_status'], [5, 'invalid_argument']]);
    expect(error.hint).toContain('--project');
    expect(tip(target)).toBe(before);
    expect(brain(target, ['import', 'jsonl', join(target, 'missing.jsonl'), '--json']).errorJson().error.code).toBe('invalid_argument');
  });

  it('a large import is one commit in one pack, fsck-clean, and gc works after it', () => {
    const target = freshBrain();
    const packs = packCount(target); // `brain init`'s commit is a pack of its own
    const [template] = rows as [Row];
    const many = Array.from({ length: 3000 }, (_, i) => ({ ...template, entry_id: deriveEntryId('decision', `jsonl-${i}`), title: `Decision ${i}` }));
    const r = brain(target, ['import', 'jsonl', writeJsonl(many), '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ lines: 3000, imported: 3000 });
    const counts = Object.fromEntries(git(target, ['count-objects', '-v']).split('\n').map((l) => l.split(': ')));
    expect(Number(counts.packs)).toBe(packs + 1);
    expect(Number(counts['in-pack'])).toBeGreaterThan(6000); // revision files, ledgers, trees, the commit
    expect(git(target, ['cat-file', '-t', 'brain'])).toBe('commit');
    expect(git(target, ['fsck', '--strict'])).toBe('');
    git(target, ['gc', '-q']);
    expect(git(target, ['fsck', '--strict'])).toBe('');
    expect(brain(target, ['verify']).code).toBe(0);
    expect(list(target)).toHaveLength(3000);
  });

  it('works without a git binary (isomorphic-git indexes the pack)', () => {
    const target = freshBrain();
    const packs = packCount(target);
    const noGit = { PATH: tempDir('brain-nogit-') };
    expect(brain(target, ['list', '--json'], { env: { ...noGit } }).code).toBe(0);
    const [template] = rows as [Row];
    const many = Array.from({ length: 200 }, (_, i) => ({ ...template, entry_id: deriveEntryId('decision', `nogit-${i}`), title: `Decision ${i}` }));
    const r = brain(target, ['import', 'jsonl', writeJsonl(many), '--json'], { env: noGit });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ imported: 200 });
    expect(packCount(target)).toBe(packs + 1);
    expect(git(target, ['fsck', '--strict'])).toBe('');
    expect(list(target, noGit)).toHaveLength(200);
    expect(brain(target, ['import', 'jsonl', writeJsonl(many), '--json'], { env: noGit }).json()).toMatchObject({ unchanged: 200, commit: null });
  });
});

/** `brain <args>` with `input` on stdin. */
function brainWithStdin(cwd: string, args: string[], input: string) {
  const r = spawnSync(process.execPath, [BRAIN_BIN, ...args], { cwd, input, env: { ...gitEnv(testHome()), BRAIN_AUTHOR: 'test-agent' }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
