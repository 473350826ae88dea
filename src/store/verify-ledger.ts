/**
 * Checks one entry's ledger against its revision files (DESIGN §3 invariant 3): each line
 * names an existing file whose sha256 matches, revision 1 has no parent, every later line's
 * `parent_sha256` — and each of its `merged_sha256`, on a line closing a fork — is the sha256
 * of a line one revision lower, and every revision file has a line. Forks (two lines with one
 * revision number) are legal here (invariant 5); {@link openFork} reports the one still open.
 */
import { LEDGER_FILE, parseRevisionFileName } from './layout.js';
import type { LedgerLine } from './ledger.js';
import type { VerifyFailure } from './verify-branch.js';

/** Failures of one entry (or candidate) directory; `files` maps file name → sha256 of valid revision files. */
export function verifyLedger(args: { dir: string; ledger: LedgerLine[]; files: Map<string, string> }): VerifyFailure[] {
  const failures: VerifyFailure[] = [];
  const ledgerPath = `${args.dir}/${LEDGER_FILE}`;
  const shaByRevision = new Map<number, Set<string>>();
  for (const line of args.ledger) {
    const set = shaByRevision.get(line.revision) ?? new Set<string>();
    set.add(line.sha256);
    shaByRevision.set(line.revision, set);
  }
  const named = new Set<string>();
  for (const line of args.ledger) {
    named.add(line.file);
    const actual = args.files.get(line.file);
    if (actual === undefined) {
      failures.push({ code: 'ledger_missing_file', path: `${args.dir}/${line.file}`, message: `ledger names r${line.revision} ${line.file} but the file is missing or invalid` });
    } else if (actual !== line.sha256) {
      failures.push({ code: 'ledger_hash_mismatch', path: `${args.dir}/${line.file}`, message: `sha256 ${actual.slice(0, 12)}… differs from the ledger's ${line.sha256.slice(0, 12)}… (file edited?)` });
    }
    if (line.revision === 1) {
      if (line.parent_sha256 !== null) failures.push({ code: 'broken_chain', path: ledgerPath, message: `r1 ${line.file} has a parent_sha256` });
      if (line.merged_sha256 !== undefined) failures.push({ code: 'broken_chain', path: ledgerPath, message: `r1 ${line.file} has a merged_sha256` });
    } else if (line.parent_sha256 === null || !shaByRevision.get(line.revision - 1)?.has(line.parent_sha256)) {
      failures.push({ code: 'broken_chain', path: ledgerPath, message: `r${line.revision} ${line.file}: parent_sha256 is not the sha256 of any r${line.revision - 1}` });
    }
    if (line.revision > 1 && line.merged_sha256 !== undefined) {
      const merged = line.merged_sha256;
      const bad = merged.filter((sha, i) => sha === line.parent_sha256 || merged.indexOf(sha) !== i || !shaByRevision.get(line.revision - 1)?.has(sha));
      if (bad.length > 0) {
        failures.push({
          code: 'broken_chain',
          path: ledgerPath,
          message: `r${line.revision} ${line.file}: merged_sha256 ${bad.map((s) => `${s.slice(0, 12)}…`).join(', ')} is not another r${line.revision - 1} (or repeats one)`,
        });
      }
    }
  }
  for (const file of args.files.keys()) {
    if (!named.has(file)) failures.push({ code: 'unledgered_revision', path: `${args.dir}/${file}`, message: 'revision file has no ledger line (added outside brain?)' });
  }
  return failures;
}

/** An entry whose top revision number is held by several files (DESIGN §3 invariant 5). */
export interface OpenFork {
  entry_id: string;
  /** The entry directory on the branch. */
  dir: string;
  /** The forked revision number. */
  revision: number;
  /** The files holding it, by name. */
  files: string[];
}

/**
 * The open fork of one entry directory, or null: the highest revision number among `files`
 * (file name → sha256) held by more than one file. Closed forks (a higher revision exists) are
 * not reported, matching the projection's `forked` (src/projection/sqlite/current.ts).
 */
export function openFork(args: { dir: string; files: Map<string, string> }): OpenFork | null {
  const byRevision = new Map<number, string[]>();
  for (const file of args.files.keys()) {
    const name = parseRevisionFileName(file);
    if (name === null) continue;
    byRevision.set(name.revision, [...(byRevision.get(name.revision) ?? []), file]);
  }
  const top = Math.max(0, ...byRevision.keys());
  const files = (byRevision.get(top) ?? []).sort();
  if (files.length < 2) return null;
  return { entry_id: args.dir.slice(args.dir.lastIndexOf('/') + 1), dir: args.dir, revision: top, files };
}
