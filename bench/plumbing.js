/**
 * The floor of a single-revision write (issue #10 "≤ 2× git plumbing writing the same
 * commit"): the commit a brain write just made is written again by git's own plumbing, as a
 * script would — `git hash-object -w --stdin` per changed blob, `git ls-tree` + `git mktree`
 * per changed directory from the deepest up, `git commit-tree`, `git update-ref` of a scratch
 * ref. The resulting tree must equal the brain commit's tree, so both did the same work.
 */
import { execFileSync } from 'node:child_process';
import { now } from './timing.js';

const run = (dir, args, input) =>
  execFileSync('git', args, { cwd: dir, input, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'pipe'] }).trim();

/**
 * Rewrites `commit` (one parent) with plumbing onto `refs/bench/plumbing`; returns wall ms.
 * Throws when the rebuilt tree differs from `commit`'s tree.
 */
export function plumbingRewrite({ dir, commit }) {
  // What to write, read before the clock starts: the changed blobs' contents and the message.
  const parent = run(dir, ['rev-parse', `${commit}^`]);
  const changed = run(dir, ['diff-tree', '-r', '--no-commit-id', '--name-only', '-z', parent, commit]).split('\0').filter(Boolean);
  const files = new Map(changed.map((path) => [path, run(dir, ['cat-file', 'blob', `${commit}:${path}`]) + '\n']));
  const message = run(dir, ['log', '-1', '--format=%B', commit]);
  const wantTree = run(dir, ['rev-parse', `${commit}^{tree}`]);

  const t0 = now();
  const dirs = new Map(); // dir → Map(name → "mode type oid")
  const entriesOf = (d) => {
    let m = dirs.get(d);
    if (!m) {
      m = new Map();
      let listing = '';
      try {
        listing = run(dir, ['ls-tree', d === '' ? parent : `${parent}:${d}`]);
      } catch {
        listing = ''; // a new directory
      }
      for (const line of listing.split('\n').filter(Boolean)) {
        const tab = line.indexOf('\t');
        m.set(line.slice(tab + 1), line.slice(0, tab));
      }
      dirs.set(d, m);
    }
    return m;
  };
  const parentDir = (p) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
  const baseName = (p) => p.slice(p.lastIndexOf('/') + 1);
  for (const [path, content] of files) {
    const oid = run(dir, ['hash-object', '-w', '--stdin'], content);
    entriesOf(parentDir(path)).set(baseName(path), `100644 blob ${oid}`);
  }
  // Every ancestor of a changed directory changes too; write trees deepest first.
  for (const d of [...dirs.keys()]) for (let p = d; p !== ''; p = parentDir(p)) entriesOf(parentDir(p));
  const depth = (d) => (d === '' ? 0 : d.split('/').length);
  const order = [...dirs.keys()].sort((a, b) => depth(b) - depth(a));
  let root = '';
  for (const d of order) {
    const body = [...dirs.get(d)].map(([name, head]) => `${head}\t${name}`).join('\n') + '\n';
    const oid = run(dir, ['mktree'], body);
    if (d === '') root = oid;
    else entriesOf(parentDir(d)).set(baseName(d), `040000 tree ${oid}`);
  }
  const written = run(dir, ['commit-tree', root, '-p', parent, '-F', '-'], message);
  run(dir, ['update-ref', 'refs/bench/plumbing', written]);
  const ms = now() - t0;
  if (root !== wantTree) throw new Error(`plumbing rebuilt tree ${root}, the brain commit has ${wantTree}`);
  return ms;
}
