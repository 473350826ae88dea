/**
 * `brain import adr <dir>` through the real CLI on the four bundled corpora (DESIGN §9; issue:
 * "Re-import is idempotent; a changed ADR becomes the next revision. One commit per import.";
 * the demo imports every corpus in fixtures/adr/, each into its own project, as
 * scripts/demo.js does).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain, type BrainRun } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';

afterAll(cleanupTempDirs);

const FIXTURES = fileURLToPath(new URL('../../fixtures/adr', import.meta.url));

/** What the importer is known to make of each corpus (see test/importers/adr/corpora.test.ts). */
const CORPORA = {
  JabRef__jabref: { statuses: { accepted: 69, superseded: 1 }, unmapped: 0, defaulted: 64 },
  adr__madr: { statuses: { accepted: 18, proposed: 1 }, unmapped: 1, defaulted: 18 },
  'ministryofjustice__cloud-platform': { statuses: { accepted: 34, proposed: 12, rejected: 2, superseded: 1 }, unmapped: 4, defaulted: 0 },
  thomvaill__log4brains: { statuses: { accepted: 8, superseded: 1 }, unmapped: 0, defaulted: 0 },
} as const;
type Corpus = keyof typeof CORPORA;

interface ImportReport {
  imported: number;
  revised: number;
  unchanged: number;
  entries: { entry_id: string; source_path: string; title: string; status: string; revision: number; action: string }[];
  unmapped: { source_path: string; raw_status: string; reason: string }[];
  defaulted: { source_path: string; format: string; status: string }[];
  skipped: unknown[];
  commit: string | null;
}
interface Listed { entry_id: string; entry_kind: string; status: string; revision: number; title: string; rationale: string; tags: string[]; citations: { source_ref: string; source_kind: string }[]; related_entry_ids: string[]; supersedes_entry_id: string | null }

const projectOf = (corpus: string) => corpus.toLowerCase().replace(/[^a-z0-9._-]+/g, '-');
const mdFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.md')).sort();

let repo: string;
const tip = () => git(repo, ['rev-parse', 'brain']);
const commits = () => Number(git(repo, ['rev-list', '--count', 'brain']));
const reports = new Map<Corpus, ImportReport>();

function ok(run: BrainRun, what: string): BrainRun {
  expect(run.code, `${what}: ${run.stderr}`).toBe(0);
  return run;
}

function importAdr(project: string, dir: string): ImportReport {
  return ok(brain(repo, ['--project', project, 'import', 'adr', dir, '--json']), `import ${dir}`).json();
}

function countStatuses(rows: { status: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

beforeAll(() => {
  repo = initRepo();
  ok(brain(repo, ['init', '--project', 'demo']), 'init');
});

describe.each(Object.keys(CORPORA) as Corpus[])('brain import adr fixtures/adr/%s', (corpus) => {
  const dir = join(FIXTURES, corpus);
  const project = projectOf(corpus);
  const expected = CORPORA[corpus];

  it('imports every ADR file as a decision in exactly one commit, reporting unmapped and defaulted statuses', () => {
    const files = mdFiles(dir);
    const before = commits();
    const report = importAdr(project, dir);
    expect(report).toMatchObject({ imported: files.length, revised: 0, unchanged: 0, skipped: [] });
    expect(report.entries.map((e) => e.source_path)).toEqual(files);
    for (const e of report.entries) expect(e).toMatchObject({ action: 'imported', revision: 1 });
    expect(report.unmapped).toHaveLength(expected.unmapped);
    expect(report.defaulted).toHaveLength(expected.defaulted);
    expect(countStatuses(report.entries)).toEqual(expected.statuses);
    // One commit, named after the operation.
    expect(commits()).toBe(before + 1);
    expect(report.commit).toBe(tip());
    expect(git(repo, ['log', '-1', '--format=%s', 'brain'])).toBe(`brain: import adr ${corpus} — ${files.length} new, 0 revised, 0 unchanged`);
    // A large import goes through the same transaction, so it is written as a pack (issue #10).
    const loose = existsSync(join(repo, '.git', 'objects', tip().slice(0, 2), tip().slice(2)));
    if (files.length >= 25) expect(loose).toBe(false);
    expect(git(repo, ['fsck', '--strict'])).toBe('');
    reports.set(corpus, report);
  });

  it('list shows the same decisions with the same statuses, each citing its source file', () => {
    const report = reports.get(corpus)!;
    const rows: Listed[] = ok(brain(repo, ['--project', project, 'list', '--json']), 'list').json();
    expect(rows).toHaveLength(report.imported);
    expect(countStatuses(rows)).toEqual(expected.statuses);
    expect(new Set(rows.map((r) => r.entry_kind))).toEqual(new Set(['decision']));
    const byId = new Map(rows.map((r) => [r.entry_id, r]));
    for (const e of report.entries) {
      const row = byId.get(e.entry_id);
      expect(row, e.source_path).toBeDefined();
      expect(row).toMatchObject({ status: e.status, title: e.title, revision: 1 });
      expect(row!.citations).toContainEqual({ source_ref: e.source_path, source_kind: 'file', locator: expect.stringMatching(/^ADR-\d{4,}$/) });
      expect(row!.tags).toContain('adr');
    }
    const status = ok(brain(repo, ['--project', project, 'status', '--json']), 'status').json();
    expect(status).toMatchObject({ entries: report.imported, revisions: report.imported, problems: [], by_kind: { decision: expected.statuses } });
  });

  it('re-import is idempotent: nothing imported or revised, no commit', () => {
    const before = tip();
    const report = importAdr(project, dir);
    expect(report).toMatchObject({ imported: 0, revised: 0, unchanged: mdFiles(dir).length, commit: null });
    for (const e of report.entries) expect(e).toMatchObject({ action: 'unchanged', revision: 1 });
    expect(report.unmapped).toHaveLength(expected.unmapped);
    expect(tip()).toBe(before);
  });
});

describe('after importing every corpus', () => {
  it('each corpus lives in its own project; verify --cache is ok', () => {
    for (const corpus of Object.keys(CORPORA) as Corpus[]) {
      expect(ok(brain(repo, ['--project', projectOf(corpus), 'list', '--json']), 'list').json()).toHaveLength(mdFiles(join(FIXTURES, corpus)).length);
    }
    expect(ok(brain(repo, ['list', '--json']), 'list').json()).toEqual([]); // the default project holds none of them
    expect(commits()).toBe(1 + Object.keys(CORPORA).length); // brain init + one commit per corpus
    const r = brain(repo, ['verify', '--cache', '--json']);
    expect(r.code, r.stdout).toBe(0);
    expect(r.json()).toMatchObject({ ok: true, cache: { ok: true } });
  });

  it('JabRef 0045 ⇄ 0057: the supersede links are visible through brain show', () => {
    const report = reports.get('JabRef__jabref')!;
    const id = (prefix: string) => report.entries.find((e) => e.source_path.startsWith(prefix))!.entry_id;
    const old = id('0045-');
    const successor = id('0057-');
    const project = projectOf('JabRef__jabref');
    const shownOld = ok(brain(repo, ['--project', project, 'show', old, '--json']), 'show').json();
    expect(shownOld).toMatchObject({ status: 'superseded', supersedes_entry_id: null });
    expect(shownOld.related_entry_ids).toContain(successor);
    // 0065 links 0057 in its text: related too (decision 0113).
    const shownNew = ok(brain(repo, ['--project', project, 'show', successor, '--json']), 'show').json();
    expect(shownNew).toMatchObject({ status: 'accepted', supersedes_entry_id: old });
    expect(shownNew.related_entry_ids).toContain(old);
    const humanOld = ok(brain(repo, ['--project', project, 'show', old]), 'show').stdout;
    expect(humanOld).toContain(`related:     ${successor}`);
    const humanNew = ok(brain(repo, ['--project', project, 'show', successor]), 'show').stdout;
    expect(humanNew).toContain(`supersedes:  ${old}`);
    expect(humanNew).toContain('title:       Allow a Positional Input File Argument for jabkit Commands');
  });

  it('the human report names the unmapped statuses', () => {
    const copy = join(tempDir('brain-adr-'), 'madr');
    cpSync(join(FIXTURES, 'adr__madr'), copy, { recursive: true });
    const r = ok(brain(repo, ['--project', 'madr-human', 'import', 'adr', copy]), 'import');
    expect(r.stdout).toMatch(/^imported 19, revised 0, unchanged 0 \(commit [0-9a-f]{12}\)$/m);
    expect(r.stdout).toContain('statuses to review (not mapped, missing, stated twice, or at odds with a supersede link): 1');
    expect(r.stdout).toContain('0003-provide-own-madr-tools.md: "on hold" — unrecognised status; recorded as proposed');
    expect(r.stdout).toContain('status defaulted (no status in the file; format default): 18');
  });
});

describe('a changed ADR becomes the next revision', () => {
  it('editing one ADR in a copy of the corpus revises exactly that entry to r2, in one commit', () => {
    const corpus = 'thomvaill__log4brains';
    const project = projectOf(corpus);
    const copy = join(tempDir('brain-adr-'), 'decisions');
    cpSync(join(FIXTURES, corpus), copy, { recursive: true });
    const target = '20200927-avoid-default-exports.md';
    const original = readFileSync(join(copy, target), 'utf8');
    writeFileSync(join(copy, target), `${original.trimEnd()}\n\nAddendum: named exports only, also in tests.\n`);
    const before = commits();
    const report = importAdr(project, copy);
    const files = mdFiles(copy);
    expect(report).toMatchObject({ imported: 0, revised: 1, unchanged: files.length - 1 });
    const revised = report.entries.filter((e) => e.action === 'revised');
    expect(revised.map((e) => [e.source_path, e.revision])).toEqual([[target, 2]]);
    const firstId = reports.get(corpus)!.entries.find((e) => e.source_path === target)!.entry_id;
    expect(revised[0]!.entry_id).toBe(firstId); // the id derives from the source, not the directory
    expect(commits()).toBe(before + 1);
    expect(git(repo, ['log', '-1', '--format=%s', 'brain'])).toBe(`brain: import adr decisions — 0 new, 1 revised, ${files.length - 1} unchanged`);
    const shown = ok(brain(repo, ['--project', project, 'show', firstId, '--json']), 'show').json();
    expect(shown.revision).toBe(2);
    expect(shown.rationale).toContain('Addendum: named exports only, also in tests.');
    const history = ok(brain(repo, ['--project', project, 'history', firstId, '--json']), 'history').json();
    expect(history.map((e: Listed) => e.revision)).toEqual([1, 2]);
    expect(history[0].rationale).not.toContain('Addendum');
    const rows: Listed[] = ok(brain(repo, ['--project', project, 'list', '--json']), 'list').json();
    expect(rows.filter((r) => r.revision !== 1).map((r) => r.entry_id)).toEqual([firstId]);

    // Again: unchanged. Then a new ADR file: imported as r1, the rest unchanged.
    expect(importAdr(project, copy)).toMatchObject({ imported: 0, revised: 0, unchanged: files.length, commit: null });
    writeFileSync(join(copy, '20991231-record-a-new-decision.md'), '# Record a new decision\n\n- Status: accepted\n\n## Context and Problem Statement\n\nA new one.\n');
    const added = importAdr(project, copy);
    expect(added).toMatchObject({ imported: 1, revised: 0, unchanged: files.length });
    expect(added.entries.find((e) => e.action === 'imported')).toMatchObject({ source_path: '20991231-record-a-new-decision.md', status: 'accepted', revision: 1 });
    expect(ok(brain(repo, ['verify', '--cache']), 'verify').stdout).toMatch(/ok\n$/);
  });

  it('an ADR directory inside the work tree, given as a relative path, imports without touching HEAD, index or work tree', () => {
    const docs = join(repo, 'docs', 'adr');
    mkdirSync(join(repo, 'docs'), { recursive: true });
    cpSync(join(FIXTURES, 'adr__madr'), docs, { recursive: true });
    const head = git(repo, ['rev-parse', 'HEAD']);
    const statusBefore = git(repo, ['status', '--porcelain', '--untracked-files=all']);
    const report = importAdr('in-tree', 'docs/adr');
    expect(report.imported).toBe(19);
    expect(git(repo, ['rev-parse', 'HEAD'])).toBe(head);
    expect(git(repo, ['status', '--porcelain', '--untracked-files=all'])).toBe(statusBefore);
  });
});

describe('bad arguments', () => {
  it.each([
    ['a regular file', () => join(FIXTURES, 'JabRef__jabref', 'SOURCE.txt')],
    ['a missing directory', () => join(tempDir('brain-adr-'), 'nope')],
    ['an empty directory', () => tempDir('brain-adr-empty-')],
    ['a directory with no ADR (only a README and a template)', () => {
      const d = tempDir('brain-adr-');
      writeFileSync(join(d, 'README.md'), '# Decisions\n');
      writeFileSync(join(d, 'template.md'), '# Title\n\n## Status\n\nproposed\n');
      writeFileSync(join(d, 'notes.txt'), 'not markdown\n');
      return d;
    }],
  ])('%s → exit 2, invalid_argument, nothing written', (_what, path) => {
    const before = tip();
    const r = brain(repo, ['import', 'adr', path(), '--json']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.errorJson().error.code).toBe('invalid_argument');
    expect(tip()).toBe(before);
  });
});
