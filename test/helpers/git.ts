/**
 * Real git repositories for tests (DESIGN §10: real repos in temp dirs, own identity, never
 * the machine's git config or HOME). Every git call made here runs with {@link gitEnv}.
 *
 *   const dir = initRepo();                       // non-bare, one commit on main
 *   const oid = commitFiles(dir, { 'a/b.txt': 'x', 'old.txt': null });
 *   git(dir, ['gc', '-q']);
 *   afterAll(cleanupTempDirs);
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const created: string[] = [];
let home: string | undefined;
/** The repository {@link initRepo} copies: made with git at its first call, removed with the temp dirs by {@link cleanupTempDirs}. */
let repoTemplate: string | undefined;

/**
 * An isolated environment for git: the inherited env minus every `GIT_*` variable, plus
 * `HOME`/`XDG_CONFIG_HOME` under `home`, `GIT_CONFIG_NOSYSTEM=1`, a fixed author and
 * committer (`Brain Test <test@brain.invalid>`), and config `init.defaultBranch=main`,
 * `gc.auto=0` (objects stay loose until a test runs `git gc`), `protocol.file.allow=always`.
 */
export function gitEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('GIT_')) env[name] = value;
  const config = [['init.defaultBranch', 'main'], ['gc.auto', '0'], ['protocol.file.allow', 'always']];
  Object.assign(env, {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_AUTHOR_NAME: 'Brain Test',
    GIT_AUTHOR_EMAIL: 'test@brain.invalid',
    GIT_COMMITTER_NAME: 'Brain Test',
    GIT_COMMITTER_EMAIL: 'test@brain.invalid',
    GIT_CONFIG_COUNT: String(config.length),
  });
  config.forEach(([key, value], i) => Object.assign(env, { [`GIT_CONFIG_KEY_${i}`]: key, [`GIT_CONFIG_VALUE_${i}`]: value }));
  return env;
}

/** A new empty directory under `os.tmpdir()`, removed by {@link cleanupTempDirs}. */
export function tempDir(prefix = 'brain-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** A new {@link tempDir} holding `files` (relative POSIX path → text; folders made as needed). */
export function tempFolder(files: Record<string, string>, prefix = 'brain-adr-'): string {
  const dir = tempDir(prefix);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Removes every directory made by {@link tempDir} (use in `afterAll`/`afterEach`). */
export function cleanupTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
  home = undefined;
  repoTemplate = undefined;
}

/** The HOME shared by git calls of this test file (an empty temp dir). */
export function testHome(): string {
  home ??= tempDir('brain-home-');
  return home;
}

/** Options for {@link git}. */
export interface GitOptions {
  /** Written to git's stdin. */
  input?: string | Buffer;
  /** Extra variables over {@link gitEnv}`(testHome())`, e.g. `GIT_COMMITTER_DATE`. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs `git <args>` in `cwd` with the isolated env; returns stdout (UTF-8) with trailing
 * newlines removed. Throws an Error carrying git's stderr when git exits non-zero.
 */
export function git(cwd: string, args: string[], options: GitOptions = {}): string {
  try {
    const out = execFileSync('git', args, {
      cwd,
      env: { ...gitEnv(testHome()), ...options.env },
      input: options.input,
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return out.replace(/\n+$/, '');
  } catch (err) {
    const e = err as { status?: number; stderr?: string };
    throw new Error(`git ${args.join(' ')} failed (exit ${e.status}): ${e.stderr ?? ''}`, { cause: err });
  }
}

/**
 * Writes (string or Buffer) or deletes (null) files under a work tree, then stages
 * everything and commits (`--allow-empty`). Paths use `/`. Returns the new commit oid.
 */
export function commitFiles(dir: string, files: Record<string, string | Buffer | null>, message = 'test commit'): string {
  for (const [path, content] of Object.entries(files)) {
    const full = join(dir, path);
    if (content === null) rmSync(full, { recursive: true, force: true });
    else {
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
    }
  }
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '--allow-empty', '-m', message]);
  return git(dir, ['rev-parse', 'HEAD']);
}

/**
 * A new non-bare repository with one commit (`README.md`) on `main`; returns its work dir. The
 * first call (in a test file, or after {@link cleanupTempDirs}) makes it with git (`init`, `add`,
 * `commit`); later calls copy that repository, so they share its initial commit — as
 * repositories made by git in the same second always did — at a file copy, not four git processes.
 */
export function initRepo(): string {
  if (repoTemplate === undefined) {
    const template = tempDir('brain-repo-template-');
    git(template, ['init', '-q', '-b', 'main']);
    commitFiles(template, { 'README.md': '# test repo\n' }, 'initial commit');
    repoTemplate = template;
  }
  const dir = tempDir('brain-repo-');
  cpSync(repoTemplate, dir, { recursive: true });
  return dir;
}

/** A new empty bare repository (HEAD → `main`, no commits); returns its directory. */
export function initBareRepo(): string {
  const dir = tempDir('brain-bare-');
  git(dir, ['init', '-q', '--bare', '-b', 'main']);
  return dir;
}
