/**
 * `brain verify` for the branch (DESIGN §3 invariants 1–3; issue #2): every revision file is
 * well placed, valid, canonical and matches its name; every ledger parses, names existing
 * files with the right sha256 and forms a hash chain; every revision file has a ledger line;
 * and across the branch's whole history no revision file was ever modified or deleted and no
 * ledger line removed. Each failure names the file (and the commit for history checks). A history
 * violation the tip has undone — the revision file is back with the bytes its ledger line hashes,
 * every removed ledger line is back — is reported as repaired, not as a failure: git history is
 * forever, so a reverted hand edit could otherwise never verify again (docs/decisions/0060).
 * Candidates (`candidates/`, issue #20) are checked like entries, by the same rules.
 */
import { canonicalJson } from './canonical-json.js';
import { CANDIDATES_DIR, LEDGER_FILE, PROJECTS_DIR, parseBrainPath, parseCandidatePath } from './layout.js';
import { readCandidateFile } from './candidate-file.js';
import { parseLedger, type LedgerLine } from './ledger.js';
import { lostLedgerLines } from './ledger-loss.js';
import type { ObjectReader } from '../git/object-reader.js';
import { RevisionProblem, readRevisionFile } from './revision-file.js';
import { diffTrees } from '../git/tree-diff.js';
import { openFork, verifyLedger, type OpenFork } from './verify-ledger.js';

/** One verification failure. */
export interface VerifyFailure {
  code: string;
  path: string;
  message: string;
  commit?: string;
}

/** The report of {@link verifyBranch}. */
export interface BranchReport {
  ok: boolean;
  tip: string | null;
  checked: { revisions: number; ledgers: number; commits: number };
  failures: VerifyFailure[];
  /** Entries forked at the tip (legal, not failures: DESIGN §3 invariant 5), by directory. */
  forks: OpenFork[];
  /**
   * History violations the tip has undone (not failures): a revision file edited or deleted by a
   * commit and now back, valid and matching its ledger line; ledger lines removed and now back.
   */
  repaired: VerifyFailure[];
}

/** What the tip holds, for telling a repaired history violation from a standing one. */
interface TipHolds {
  /** Revision files at the tip that are valid and agree with their ledger (no tree failure names them). */
  soundRevisions: Set<string>;
  /** Each ledger's lines at the tip, by ledger path. */
  ledgerLines: Map<string, Set<string>>;
}

/** A path of an entry or a candidate directory, or not one: what verify needs to know of it. */
type RecordPath =
  | { type: 'revision'; dir: string; file: string; read: (bytes: Buffer) => { sha256: string; canonical: string } }
  | { type: 'ledger'; dir: string }
  | { type: 'stray'; reason: string }
  | { type: 'other' };

/** Classifies `path` as a file of an entry directory (projects/) or of a candidate directory (candidates/). */
function classify(path: string): RecordPath {
  const entry = parseBrainPath(path);
  if (entry.type === 'revision') return { type: 'revision', dir: entry.dir, file: entry.file, read: (bytes) => { const r = readRevisionFile(entry, bytes); return { sha256: r.sha256, canonical: canonicalJson(r.entry) }; } };
  if (entry.type !== 'other') return entry;
  const candidate = parseCandidatePath(path);
  if (candidate.type === 'candidate_revision') return { type: 'revision', dir: candidate.dir, file: candidate.file, read: (bytes) => { const r = readCandidateFile(candidate, bytes); return { sha256: r.sha256, canonical: canonicalJson(r.candidate) }; } };
  if (candidate.type === 'candidate_ledger') return { type: 'ledger', dir: candidate.dir };
  return candidate;
}

/** The files of both record trees (`projects/`, `candidates/`) at `tree`. */
async function recordFiles(reader: ObjectReader, tree: string): Promise<{ path: string; oid: string }[]> {
  return [...(await reader.listFiles(tree, PROJECTS_DIR)), ...(await reader.listFiles(tree, CANDIDATES_DIR))];
}

async function verifyTree(reader: ObjectReader, tip: string, failures: VerifyFailure[], forks: OpenFork[]): Promise<{ revisions: number; ledgers: number; holds: TipHolds }> {
  const tree = (await reader.readCommit(tip)).tree;
  const files = await recordFiles(reader, tree);
  const byDir = new Map<string, { ledger: LedgerLine[] | null; files: Map<string, string> }>();
  let revisions = 0;
  let ledgers = 0;
  const revisionPaths: string[] = [];
  const ledgerLines = new Map<string, Set<string>>();
  const contents = await Promise.all(files.map(async (f) => ({ ...f, bytes: await reader.readBlob(f.oid) })));
  for (const { path, bytes } of contents) {
    const where = classify(path);
    if (where.type === 'other') continue;
    if (where.type === 'stray') {
      failures.push({ code: 'stray_file', path, message: where.reason });
      continue;
    }
    const dir = byDir.get(where.dir) ?? { ledger: null, files: new Map<string, string>() };
    byDir.set(where.dir, dir);
    if (where.type === 'ledger') {
      ledgers++;
      ledgerLines.set(path, new Set(bytes.toString('utf8').split('\n')));
      try {
        dir.ledger = parseLedger(bytes.toString('utf8'));
      } catch (err) {
        failures.push({ code: 'invalid_ledger', path, message: (err as Error).message });
        dir.ledger = [];
      }
      continue;
    }
    revisions++;
    revisionPaths.push(path);
    try {
      const { sha256, canonical } = where.read(bytes);
      dir.files.set(where.file, sha256);
      if (canonical !== bytes.toString('utf8')) {
        failures.push({ code: 'not_canonical', path, message: 'bytes are not canonical JSON (sorted keys, 2-space indent, LF, trailing newline)' });
      }
    } catch (err) {
      if (!(err instanceof RevisionProblem)) throw err;
      failures.push({ code: err.code, path, message: err.message });
    }
  }
  for (const [dir, { ledger, files: dirFiles }] of byDir) {
    const fork = openFork({ dir, files: dirFiles });
    if (fork) forks.push(fork);
    if (ledger === null) {
      failures.push({ code: 'missing_ledger', path: `${dir}/${LEDGER_FILE}`, message: 'entry directory has revision files but no ledger.jsonl' });
      continue;
    }
    failures.push(...verifyLedger({ dir, ledger, files: dirFiles }));
  }
  failures.push(...duplicateIds([...byDir.keys()].filter((dir) => dir.startsWith(`${PROJECTS_DIR}/`))));
  const named = new Set(failures.map((f) => f.path));
  return { revisions, ledgers, holds: { soundRevisions: new Set(revisionPaths.filter((p) => !named.has(p))), ledgerLines } };
}

/**
 * Entry ids held by several projects (docs/decisions/0029: an entry id is unique in a brain):
 * one `duplicate_entry_id` failure per directory of such an id, naming the other projects.
 */
function duplicateIds(dirs: readonly string[]): VerifyFailure[] {
  const byId = new Map<string, string[]>();
  for (const dir of dirs) {
    const id = dir.slice(dir.lastIndexOf('/') + 1);
    (byId.get(id) ?? byId.set(id, []).get(id)!).push(dir);
  }
  const failures: VerifyFailure[] = [];
  for (const [id, held] of byId) {
    if (held.length < 2) continue;
    const projectOf = (dir: string) => dir.split('/')[1] as string;
    for (const dir of held.sort()) {
      const others = held.filter((d) => d !== dir).map(projectOf);
      failures.push({ code: 'duplicate_entry_id', path: dir, message: `entry id ${id} is also in project ${others.join(', ')}: an entry id is unique in a brain (the project holding its oldest revision owns it; the others' revisions are not shown)` });
    }
  }
  return failures;
}

/** Commits reachable from `start` (inclusive), stopping at any in `stop`. */
async function walkCommits(reader: ObjectReader, start: string, stop: ReadonlySet<string> = new Set()): Promise<{ oid: string; tree: string; parents: string[] }[]> {
  const out: { oid: string; tree: string; parents: string[] }[] = [];
  if (stop.has(start)) return out;
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length > 0) {
    const oid = queue.pop() as string;
    const commit = await reader.readCommit(oid);
    out.push({ oid, tree: commit.tree, parents: commit.parents });
    for (const parent of commit.parents) if (!seen.has(parent) && !stop.has(parent)) (seen.add(parent), queue.push(parent));
  }
  return out;
}

async function verifyHistory(reader: ObjectReader, tip: string, base: string | null, holds: TipHolds, failures: VerifyFailure[], repaired: VerifyFailure[]): Promise<number> {
  const excluded = base ? new Set((await walkCommits(reader, base)).map((c) => c.oid)) : new Set<string>();
  const commits = await walkCommits(reader, tip, excluded);
  const treeOf = new Map(commits.map((c) => [c.oid, c.tree]));
  for (const commit of commits) {
    for (const parent of commit.parents) {
      const parentTree = treeOf.get(parent) ?? (await reader.readCommit(parent)).tree;
      const changes = [
        ...(await diffTrees({ reader, oldTree: parentTree, newTree: commit.tree, prefix: PROJECTS_DIR })),
        ...(await diffTrees({ reader, oldTree: parentTree, newTree: commit.tree, prefix: CANDIDATES_DIR })),
      ];
      for (const change of changes) {
        const where = classify(change.path);
        if (where.type === 'revision' && change.status !== 'added') {
          const back = holds.soundRevisions.has(change.path);
          (back ? repaired : failures).push({ code: `revision_${change.status}`, path: change.path, commit: commit.oid, message: `revision file ${change.status} by commit ${commit.oid.slice(0, 12)} (revision files are immutable)${back ? '; the tip holds it as its ledger line hashes it' : ''}` });
        }
        if (where.type === 'ledger' && change.status !== 'added') {
          const lost = await lostLedgerLines(reader, change.oldOid as string, change.newOid);
          if (lost.length > 0) {
            const tipLines = holds.ledgerLines.get(change.path);
            const back = tipLines !== undefined && lost.every((line) => tipLines.has(line));
            (back ? repaired : failures).push({ code: 'ledger_rewritten', path: change.path, commit: commit.oid, message: `${lost.length} ledger line(s) changed or removed by commit ${commit.oid.slice(0, 12)} (ledgers are append-only)${back ? '; the tip holds them again' : ''}` });
          }
        }
      }
    }
  }
  return commits.length;
}

/**
 * Verifies the tree at `tip` and its history — all of it, or with `base` only the commits
 * reachable from `tip` and not from `base` (`brain verify --range BASE..HEAD`, for CI on pull
 * requests against the docs branch). Never throws for bad data: it reports it. History violations
 * the tip has undone are listed in `repaired` and do not fail the check.
 */
export async function verifyBranch(args: { reader: ObjectReader; tip: string | null; base?: string | null }): Promise<BranchReport> {
  const failures: VerifyFailure[] = [];
  const forks: OpenFork[] = [];
  const repaired: VerifyFailure[] = [];
  if (args.tip === null) return { ok: true, tip: null, checked: { revisions: 0, ledgers: 0, commits: 0 }, failures, forks, repaired };
  const { holds, ...counts } = await verifyTree(args.reader, args.tip, failures, forks);
  const commits = await verifyHistory(args.reader, args.tip, args.base ?? null, holds, failures, repaired);
  return { ok: failures.length === 0, tip: args.tip, checked: { ...counts, commits }, failures, forks, repaired };
}
