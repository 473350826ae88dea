/**
 * Git's object formats, parsed without I/O: object ids, tree objects, commit objects and
 * git's path order. Used by the `git cat-file` object reader (DESIGN §3: reading many
 * blobs); the commit parser mirrors isomorphic-git's `readCommit` so both readers agree.
 */
import { BrainError } from '../model/errors.js';
import type { CommitInfo, PersonInfo, TreeItem } from './object-reader.js';

/** The well-known oid of the empty tree; git and isomorphic-git both know it without storage. */
export const EMPTY_TREE_OID = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

const OID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * Throws BrainError `invalid_argument` unless `oid` is a full lowercase hex object id (40 hex
 * for SHA-1, 64 for SHA-256). Guards `git cat-file --batch`, which would otherwise resolve
 * any revision expression (`HEAD`, `main:path`) or break its line protocol on a newline.
 */
export function assertOid(oid: string): void {
  if (typeof oid !== 'string' || !OID.test(oid)) {
    throw new BrainError('invalid_argument', `not a full object id: ${JSON.stringify(oid)}`, { data: { oid } });
  }
}

function typeOfMode(mode: string): TreeItem['type'] {
  if (mode === '040000') return 'tree';
  if (mode === '160000') return 'commit';
  return 'blob';
}

/**
 * Parses the binary tree format (`<octal mode> <name>\0<raw oid>` repeated) into items in
 * stored (= git) order. `oidBytes` is 20 for SHA-1, 32 for SHA-256. Mode `40000` is
 * reported as `040000`, as isomorphic-git and `git ls-tree` do. Errors: `git_error` when
 * the bytes are not a well-formed tree.
 */
export function parseTree(content: Buffer, oidBytes = 20): TreeItem[] {
  const items: TreeItem[] = [];
  let pos = 0;
  while (pos < content.length) {
    const space = content.indexOf(0x20, pos);
    const nul = space === -1 ? -1 : content.indexOf(0, space);
    if (space === -1 || nul === -1 || nul + 1 + oidBytes > content.length) {
      throw new BrainError('git_error', `malformed tree object at byte ${pos}`);
    }
    let mode = content.toString('latin1', pos, space);
    if (mode === '40000') mode = '040000';
    const name = content.toString('utf8', space + 1, nul);
    const oid = content.toString('hex', nul + 1, nul + 1 + oidBytes);
    items.push({ name, mode, oid, type: typeOfMode(mode) });
    pos = nul + 1 + oidBytes;
  }
  return items;
}

/** isomorphic-git's rule: drop CRs and leading newlines, end with exactly one newline. */
function normalizeMessage(text: string): string {
  return text.replace(/\r/g, '').replace(/^\n+/, '').replace(/\n+$/, '') + '\n';
}

/**
 * `Name <email> 1700000000 +0100` → timezoneOffset in minutes *west* of UTC (JS
 * `getTimezoneOffset` sign, isomorphic-git's convention): `+0100` → -60, `-0500` → 300,
 * `-0000` → -0. Errors: `git_error` on a malformed line.
 */
export function parsePerson(line: string): PersonInfo {
  const match = /^(.*) <(.*)> (.*) (.*)$/.exec(line);
  const tz = match ? /(\+|-)(\d\d)(\d\d)/.exec(match[4] ?? '') : null;
  if (!match || !tz) throw new BrainError('git_error', `malformed author line in commit: ${JSON.stringify(line)}`);
  const east = (tz[1] === '+' ? 1 : -1) * (Number(tz[2]) * 60 + Number(tz[3]));
  return { name: match[1] ?? '', email: match[2] ?? '', timestamp: Number(match[3]), timezoneOffset: east === 0 ? east : -east };
}

/**
 * Parses a commit object's text: `tree` first, the `parent` lines directly after it, then
 * the first `author` and `committer` (continuation lines start with a space), then the
 * message after the first blank line, normalized like isomorphic-git's `readCommit`.
 * Errors: `git_error` when the tree, author or committer header is missing or malformed.
 */
export function parseCommit(oid: string, content: Buffer): CommitInfo {
  const text = content.toString('utf8');
  const split = text.indexOf('\n\n');
  const lines = (split === -1 ? text : text.slice(0, split)).split('\n');
  const headers: string[] = [];
  for (const line of lines) {
    if (line.startsWith(' ') && headers.length > 0) headers[headers.length - 1] += '\n' + line.slice(1);
    else headers.push(line);
  }
  const key = (h: string) => h.slice(0, h.indexOf(' '));
  const value = (h: string) => h.slice(h.indexOf(' ') + 1);
  const first = headers[0];
  if (first === undefined || key(first) !== 'tree') throw new BrainError('git_error', `commit ${oid} does not start with a tree`);
  const parents: string[] = [];
  let i = 1;
  for (; i < headers.length && key(headers[i] ?? '') === 'parent'; i++) parents.push(value(headers[i] ?? ''));
  const rest = new Map<string, string>();
  for (; i < headers.length; i++) {
    const h = headers[i] ?? '';
    if (!rest.has(key(h))) rest.set(key(h), value(h));
  }
  const author = rest.get('author');
  const committer = rest.get('committer');
  if (author === undefined || committer === undefined) throw new BrainError('git_error', `commit ${oid} lacks author or committer`);
  const message = normalizeMessage(split === -1 ? '' : text.slice(split + 2));
  return { oid, tree: value(first), parents, message, author: parsePerson(author), committer: parsePerson(committer) };
}

/**
 * Git's path order: compares UTF-8 bytes. For full blob paths this equals the order of a
 * recursive tree walk (`git ls-tree -r`, `git diff-tree -r`).
 */
export function comparePaths(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Git's tree entry order: names compared as UTF-8 bytes, a tree's name with a trailing `/`. */
export function compareTreeItems(a: TreeItem, b: TreeItem): number {
  return comparePaths(a.type === 'tree' ? a.name + '/' : a.name, b.type === 'tree' ? b.name + '/' : b.name);
}
