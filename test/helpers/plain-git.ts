/**
 * Changing the docs branch behind brain's back, with plain git plumbing only (hash-object,
 * a throw-away index, write-tree, commit-tree, update-ref): what a user, a merge tool or a
 * careless script could do. The working tree, index and HEAD of the repository are never
 * touched. Entry and ledger bytes are computed here from the on-disk contract (DESIGN §3).
 *
 *   const e = makeEntry({ kind: 'risk', projectId: 'demo', title: 'Disk fills up' });
 *   const oid = handCommit(dir, revisionFiles(dir, e));
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Entry } from '../../src/model/entry.js';
import { newEntryId } from '../../src/model/entry-id.js';
import { newEntryBase } from '../../src/model/input.js';
import type { EntryKind } from '../../src/model/kinds.js';
import { validateEntry } from '../../src/model/validate.js';
import { canonicalJson, sha256Hex } from '../../src/store/canonical-json.js';
import { LEDGER_FILE, entryDir, revisionFileName } from '../../src/store/layout.js';
import { formatLedgerLine, parseLedger } from '../../src/store/ledger.js';
import { git, gitEnv, tempDir, testHome } from './git.js';

/** Files to write (string/Buffer) or delete (null), by path on the branch. */
export type BranchFiles = Record<string, string | Buffer | null>;

/**
 * Commits `files` on top of `branch` (default `brain`) with plumbing and moves the ref with
 * a compare-and-swap `update-ref`. Deleting a directory: pass every file under it as null.
 * Returns the new commit oid.
 */
export function handCommit(dir: string, files: BranchFiles, message = 'hand-made commit', branch = 'brain'): string {
  const parent = git(dir, ['rev-parse', '--verify', `refs/heads/${branch}`]);
  const env = { GIT_INDEX_FILE: join(tempDir('brain-index-'), 'index') };
  git(dir, ['read-tree', parent], { env });
  for (const [path, content] of Object.entries(files)) {
    if (content === null) {
      git(dir, ['update-index', '--force-remove', '--', path], { env });
    } else {
      const oid = git(dir, ['hash-object', '-w', '--no-filters', '--stdin'], { input: content });
      git(dir, ['update-index', '--add', '--cacheinfo', `100644,${oid},${path}`], { env });
    }
  }
  const tree = git(dir, ['write-tree'], { env });
  const commit = git(dir, ['commit-tree', tree, '-p', parent, '-m', message]);
  git(dir, ['update-ref', `refs/heads/${branch}`, commit, parent]);
  return commit;
}

/** Moves `branch` to `oid` (any commit: an ancestor, a rewritten one). */
export function forceBranch(dir: string, oid: string, branch = 'brain'): void {
  git(dir, ['update-ref', `refs/heads/${branch}`, oid]);
}

/** Makes every commit no ref reaches unreachable and prunes it (reflogs expired, `gc --prune=now`). */
export function pruneUnreachable(dir: string): void {
  git(dir, ['reflog', 'expire', '--expire=now', '--all']);
  git(dir, ['gc', '-q', '--prune=now']);
}

/** The exact bytes of `path` on `rev` (default `brain`), or null when it does not exist. */
export function readBranchFile(dir: string, path: string, rev = 'brain'): Buffer | null {
  try {
    return execFileSync('git', ['cat-file', 'blob', `${rev}:${path}`], { cwd: dir, env: gitEnv(testHome()), stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

/** Every file path under `prefix` (default `projects`) on `rev`. */
export function branchFiles(dir: string, prefix = 'projects', rev = 'brain'): string[] {
  const out = git(dir, ['ls-tree', '-r', '--name-only', rev, '--', prefix]);
  return out === '' ? [] : out.split('\n');
}

/** A valid revision built from the model's defaults; `fields` override anything. */
export function makeEntry(args: { kind: EntryKind; projectId: string; entryId?: string; title?: string; revision?: number; recordedAt?: string; fields?: Partial<Entry> }): Entry {
  const entryId = args.entryId ?? newEntryId(args.kind);
  const base = newEntryBase({
    entry_id: entryId,
    entry_kind: args.kind,
    project_id: args.projectId,
    author: 'plain-git',
    recorded_at: args.recordedAt ?? '2024-05-01T12:00:00.000Z',
  });
  if (args.kind === 'dependency') base.payload = { ...base.payload, depends_on: 'git' }; // the one kind whose default payload is incomplete
  return validateEntry({ ...base, title: args.title ?? `hand-made ${args.kind}`, revision: args.revision ?? 1, ...args.fields });
}

/** The canonical bytes, sha256 and file name of a revision. */
export function revisionBytes(entry: Record<string, unknown> & { revision: number }): { text: string; sha256: string; file: string } {
  const text = canonicalJson(entry);
  const sha256 = sha256Hex(text);
  return { text, sha256, file: revisionFileName(entry.revision, sha256) };
}

/** The directory of an entry on the branch. */
export function dirOf(entry: Pick<Entry, 'project_id' | 'entry_kind' | 'entry_id'>): string {
  return entryDir(entry.project_id, entry.entry_kind, entry.entry_id);
}

/** Options of {@link revisionFiles}. */
export interface RevisionFilesOptions {
  /** Branch state to append the ledger line to (default `brain`). */
  rev?: string;
  /** Override the ledger line's parent (default: the sha256 of the ledger's last line, null for a new ledger). */
  parentSha256?: string | null;
  /** Write no ledger line (an "unledgered" revision). */
  noLedger?: boolean;
  /** Ledger text to append to, instead of the branch's. */
  ledgerText?: string;
}

/**
 * The files a correct writer would commit for `entry`: its canonical revision file and its
 * ledger with one more line chained onto the branch's last line (see {@link revisionPath}).
 */
export function revisionFiles(dir: string, entry: Entry, options: RevisionFilesOptions = {}): BranchFiles {
  const { text, sha256, file } = revisionBytes(entry);
  const base = dirOf(entry);
  const files: BranchFiles = { [`${base}/${file}`]: text };
  if (options.noLedger) return files;
  const ledgerText = options.ledgerText ?? readBranchFile(dir, `${base}/${LEDGER_FILE}`, options.rev)?.toString('utf8') ?? '';
  const lines = parseLedger(ledgerText);
  const parent = options.parentSha256 !== undefined ? options.parentSha256 : (lines[lines.length - 1]?.sha256 ?? null);
  files[`${base}/${LEDGER_FILE}`] = ledgerText + formatLedgerLine({ revision: entry.revision, file, sha256, parent_sha256: parent, recorded_at: entry.recorded_at, author: entry.author });
  return files;
}

/** The path of `entry`'s revision file. */
export function revisionPath(entry: Entry): string {
  return `${dirOf(entry)}/${revisionBytes(entry).file}`;
}

/** The current (last ledger line's) revision of an entry as stored on `rev`. */
export function readTopRevision(dir: string, ledgerPath: string, rev = 'brain'): Entry {
  const ledger = parseLedger(readBranchFile(dir, ledgerPath, rev)?.toString('utf8') ?? '');
  const last = ledger[ledger.length - 1];
  if (!last) throw new Error(`no ledger lines in ${ledgerPath}`);
  const base = ledgerPath.slice(0, ledgerPath.lastIndexOf('/'));
  const bytes = readBranchFile(dir, `${base}/${last.file}`, rev);
  if (!bytes) throw new Error(`${base}/${last.file} missing on ${rev}`);
  return JSON.parse(bytes.toString('utf8')) as Entry;
}
