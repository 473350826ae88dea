/**
 * A one-shot read loads only what it uses (issue #21; docs/decisions/0085-one-shot-reads.md):
 * with the cache at the branch tip, `list`, `search`, `show`, `history` and `context` run
 * directly (no daemon) load neither the apply path (tree diff, blob parser, zod's entry schemas),
 * nor the object writer, nor a surface they do not serve (MCP, HTTP, hub, importers), nor the
 * other commands' modules (only the read commands are registered), nor — with no
 * `.git/brain/daemon.json` — the daemon client; with
 * `--json`, not the text renderers (and marked with them). A probe (test/helpers/module-probe.mjs)
 * records every module the real CLI loads; a file of its bundle (scripts/bundle.js) counts as the
 * modules it holds (dist/bundle/modules.json). The controls show the probe sees what it must: a read
 * of a branch moved outside brain loads the apply path, text output loads the renderers.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';

const PROBE = fileURLToPath(new URL('../helpers/module-probe.mjs', import.meta.url));
/** The CLI's bundle (scripts/bundle.js): each of its files and the modules it holds. */
const BUNDLE = new URL('../../dist/bundle/', import.meta.url);
const BUNDLED: Record<string, string[]> = JSON.parse(readFileSync(new URL('modules.json', BUNDLE), 'utf8'));
const probeDir = mkdtempSync(join(tmpdir(), 'brain-modules-'));
let runs = 0;

/** `brain --no-daemon <args>` (`daemon`: without `--no-daemon`) with the probe: its stdout and the modules it loaded (URLs). */
function loaded(cwd: string, args: string[], daemon = false): { stdout: string; modules: string[] } {
  const file = join(probeDir, `modules-${++runs}.txt`);
  const run = brain(cwd, [...(daemon ? [] : ['--no-daemon']), ...args], { env: { NODE_OPTIONS: `--import=${PROBE}`, BRAIN_MODULES_FILE: file } });
  expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
  // A file of the bundle stands for the modules it holds.
  const urls = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return { stdout: run.stdout, modules: urls.flatMap((url) => (url.startsWith(BUNDLE.href) ? (BUNDLED[url.slice(BUNDLE.href.length)] ?? [url]) : [url])) };
}

/** The modules of `modules` that match any of `patterns`. */
function matching(modules: string[], patterns: RegExp[]): string[] {
  return modules.filter((url) => patterns.some((p) => p.test(url)));
}

/** What no read at the tip needs. */
const NEVER_FOR_A_FRESH_READ = [
  /\/node_modules\/zod\//,
  /\/dist\/projection\/read-changes\.js$/,
  /\/dist\/projection\/parse-file\.js$/,
  /\/dist\/projection\/sqlite\/apply-changes\.js$/,
  /\/dist\/git\/commit-writer\.js$/,
  /\/dist\/git\/pack-writer\.js$/,
  /\/dist\/(mcp|http|hub|importers|exporters)\//,
  /\/node_modules\/(isomorphic-git|@modelcontextprotocol|hono|@hono|pg|chokidar|sanitize-html|@secretlint)\//,
];
/** The other commands' modules: a call naming a read command registers the read commands alone. */
const OTHER_COMMANDS = [/\/dist\/cli\/(all-commands|write-commands|candidate-commands|capture-command|admin-commands|sync-command|mcp-command|daemon-command|review-command|projects-command|doctor-command|ui-command|hub-command|setup-command)\.js$/];
/** What `--json` output never needs. */
const TEXT_ONLY = [/\/dist\/cli\/render(-entry)?\.js$/, /\/node_modules\/marked\//];

let dir: string;
let id: string;

beforeAll(() => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  const added = brain(dir, ['--json', 'add', 'decision', '--title', 'Use SQLite for the cache', '--rationale', 'Embedded and **fast**.', '--tag', 'storage']);
  expect(added.code, added.stderr).toBe(0);
  id = added.json<{ entry_id: string }>().entry_id;
  expect(brain(dir, ['--no-daemon', 'list']).code).toBe(0); // the cache at the tip
});

afterAll(() => {
  rmSync(probeDir, { recursive: true, force: true });
  cleanupTempDirs();
});

describe('a one-shot read at the tip', () => {
  it('loads neither the apply path, the writer, nor another surface; with --json no renderer', () => {
    for (const args of [['list', '--kind', 'decision'], ['search', 'cache'], ['show', id], ['history', id]]) {
      const { stdout, modules } = loaded(dir, ['--json', ...args]);
      expect(stdout, args.join(' ')).toContain(id);
      expect(modules.some((url) => url.endsWith('/dist/service.js')), args.join(' ')).toBe(true);
      expect(matching(modules, [...NEVER_FOR_A_FRESH_READ, ...OTHER_COMMANDS, ...TEXT_ONLY]), args.join(' ')).toEqual([]);
    }
  });

  it('with no daemon.json, loads no daemon client (nor node:http) before reading directly', () => {
    expect(existsSync(join(dir, '.git', 'brain', 'daemon.json'))).toBe(false);
    for (const args of [['--json', 'list'], ['search', 'cache']]) {
      const { stdout, modules } = loaded(dir, args, true);
      expect(stdout, args.join(' ')).toContain(id);
      expect(matching(modules, [/\/dist\/daemon\/client\.js$/, /^node:http$/]), args.join(' ')).toEqual([]);
    }
    // Control: with a daemon.json (here one naming a dead process) the client is asked, and finds no daemon.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(dir, '.git', 'brain', 'daemon.json'), JSON.stringify({ format: 1, pid: dead, port: 1, url: 'http://127.0.0.1:1', started_at: new Date().toISOString(), branch: 'brain', project_id: 'demo', projected: null, repo: join(dir, '.git') }));
    try {
      const { stdout, modules } = loaded(dir, ['--json', 'list'], true);
      expect(stdout).toContain(id);
      expect(matching(modules, [/\/dist\/daemon\/client\.js$/])).toHaveLength(1);
    } finally {
      rmSync(join(dir, '.git', 'brain', 'daemon.json'));
    }
  });

  it('registers the read commands alone, whatever global options come first, with the help and errors of the whole program', () => {
    const { modules } = loaded(dir, ['--repo', dir, '--branch', 'brain', '--project=demo', '--json', 'list']);
    expect(matching(modules, OTHER_COMMANDS)).toEqual([]);
    expect(matching(loaded(dir, ['--json', 'status']).modules, OTHER_COMMANDS).length).toBeGreaterThan(0); // control
    // `help list` registers every command (help is not a read command): the same text as `list --help`.
    for (const command of ['list', 'search', 'show', 'history', 'context']) {
      const own = brain(dir, [command, '--help']);
      expect(own.code).toBe(0);
      expect(own.stdout, command).toBe(brain(dir, ['help', command]).stdout);
    }
    const unknown = brain(dir, ['--json', 'list', '--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.errorJson().error.code).toBe('usage');
  });

  it('as text, loads the renderer it prints with and still no apply path or writer', () => {
    for (const args of [['list'], ['search', 'cache'], ['show', id], ['context']]) {
      const { stdout, modules } = loaded(dir, args);
      expect(stdout, args.join(' ')).toContain('SQLite');
      expect(matching(modules, NEVER_FOR_A_FRESH_READ), args.join(' ')).toEqual([]);
    }
    expect(matching(loaded(dir, ['list']).modules, TEXT_ONLY).length).toBeGreaterThan(0);
  });
});

describe('a read behind the tip (control)', () => {
  it('loads the apply path to bring the cache to the tip', () => {
    // The branch moved outside brain (back to before the decision): the cache is not at the tip.
    git(dir, ['update-ref', 'refs/heads/brain', 'brain~1']);
    const { stdout, modules } = loaded(dir, ['--json', 'list']);
    expect(JSON.parse(stdout)).toEqual([]);
    expect(matching(modules, [/\/dist\/projection\/read-changes\.js$/])).toHaveLength(1);
  });
});
