/**
 * The in-process link check (decision 0084): every link of a commit's trees and commit names an
 * object written with it, of the type the link says, or one read from the repository; a bulk
 * commit's pack is then indexed with `git index-pack --fsck-objects`, not `--strict` (whose
 * lookup of every link grew with the brain), and the repository stays `git fsck --strict` clean.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCommit } from '../../src/git/commit-writer.js';
import { checkPackLinks, type LinkType } from '../../src/git/pack-links.js';
import { PACK_THRESHOLD, writeObjects } from '../../src/git/pack-writer.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';

afterAll(cleanupTempDirs);

const identity = { name: 'Brain Test', email: 'test@brain.invalid' };

function object(type: 'blob' | 'tree' | 'commit', content: Buffer): [string, Buffer] {
  const raw = Buffer.concat([Buffer.from(`${type} ${content.length}\0`), content]);
  return [createHash('sha1').update(raw).digest('hex'), raw];
}

/** A tree's bytes from `[mode, name, oid]` entries, in the order given (git's order is the caller's). */
function tree(entries: [string, string, string][]): Buffer {
  return Buffer.concat(entries.map(([mode, name, oid]) => Buffer.concat([Buffer.from(`${mode} ${name}\0`), Buffer.from(oid, 'hex')])));
}

const unknown = 'ab'.repeat(20);

describe('pack links', () => {
  const [blob, blobRaw] = object('blob', Buffer.from('{"a": 1}\n'));
  const known = new Map<string, LinkType>([['cd'.repeat(20), 'tree'], ['ef'.repeat(20), 'commit']]);

  it('passes links to objects of the batch and to known objects, of the type each link says', () => {
    const [t, tRaw] = object('tree', tree([['100644', 'a.json', blob], ['40000', 'fan', 'cd'.repeat(20)]]));
    const [c, cRaw] = object('commit', Buffer.from(`tree ${t}\nparent ${'ef'.repeat(20)}\nauthor A <a@b> 1 +0000\ncommitter A <a@b> 1 +0000\n\nm\n`));
    expect(() => checkPackLinks(new Map([[blob, blobRaw], [t, tRaw], [c, cRaw]]), known)).not.toThrow();
  });

  it('refuses a tree entry naming an object neither written nor known, and says which', () => {
    const [t, tRaw] = object('tree', tree([['100644', 'a.json', blob], ['100644', 'b\u001b[31m.json', unknown]]));
    let error: unknown;
    try {
      checkPackLinks(new Map([[blob, blobRaw], [t, tRaw]]), known);
    } catch (err) {
      error = err;
    }
    expect(error).toMatchObject({ code: 'git_error' });
    expect(String((error as Error).message)).toContain(`tree ${t} links entry "b\\u001b[31m.json" to ${unknown}, which is neither written nor read from the repository`);
    expect(String((error as Error).message)).not.toContain('\u001b'); // an entry name never reaches a terminal raw
  });

  it('refuses a link of the wrong type: a tree entry on a blob, a commit whose tree or parent is missing', () => {
    const [t, tRaw] = object('tree', tree([['40000', 'dir', blob]]));
    expect(() => checkPackLinks(new Map([[blob, blobRaw], [t, tRaw]]), known)).toThrow(/links entry "dir" to [0-9a-f]{40} as a tree, but it is a blob/);
    const [t2, t2Raw] = object('tree', tree([['100644', 'x', 'cd'.repeat(20)]]));
    expect(() => checkPackLinks(new Map([[t2, t2Raw]]), known)).toThrow(/as a blob, but it is a tree/);
    const [c, cRaw] = object('commit', Buffer.from(`tree ${unknown}\nauthor A <a@b> 1 +0000\ncommitter A <a@b> 1 +0000\n\nm\n`));
    expect(() => checkPackLinks(new Map([[c, cRaw]]), known)).toThrow(/commit [0-9a-f]{40} links its tree to/);
    const [good, goodRaw] = object('tree', tree([['100644', 'a.json', blob]]));
    const [c2, c2Raw] = object('commit', Buffer.from(`tree ${good}\nparent ${unknown}\nauthor A <a@b> 1 +0000\ncommitter A <a@b> 1 +0000\n\nm\n`));
    expect(() => checkPackLinks(new Map([[blob, blobRaw], [good, goodRaw], [c2, c2Raw]]), known)).toThrow(/links a parent to/);
  });

  it('does not follow gitlinks (as git fsck does not); refuses a tree whose bytes do not parse', () => {
    const [t, tRaw] = object('tree', tree([['160000', 'sub', unknown]]));
    expect(() => checkPackLinks(new Map([[t, tRaw]]), known)).not.toThrow();
    const [bad, badRaw] = object('tree', Buffer.from('100644 a\0short'));
    expect(() => checkPackLinks(new Map([[bad, badRaw]]), known)).toThrow(/malformed/);
  });

  it('checks a tree through the entries the writer built it from: kept from its base at the same position, or written', () => {
    const base: [string, string, string][] = [['040000', 'fan', 'cd'.repeat(20)], ['100644', 'kept.json', '12'.repeat(20)], ['160000', 'sub', unknown]];
    const entries: [string, string, string][] = [...base, ['100644', 'a.json', blob]];
    const [t, tRaw] = object('tree', tree(entries));
    const asEntries = (list: [string, string, string][]) => list.map(([mode, path, oid]) => ({ mode, path, oid }));
    const built = (list: [string, string, string][], from: [string, string, string][] | null = base) => new Map([[t, { entries: asEntries(list), base: from && asEntries(from) }]]);
    const batch = new Map([[blob, blobRaw], [t, tRaw]]);
    expect(() => checkPackLinks(batch, new Map(), built(entries))).not.toThrow(); // '12…' is neither written nor known: its base had it
    expect(() => checkPackLinks(batch, new Map(), built(entries, null))).toThrow(/entry "fan" to (cd){20}, which is neither written nor read/);
    expect(() => checkPackLinks(batch, known, built([...entries, ['100644', 'gone.json', unknown]]))).toThrow(/entry "gone.json" to [0-9a-f]{40}, which is neither written/);
    // a base entry elsewhere, or renamed, or of another type, is not the base's link
    expect(() => checkPackLinks(batch, new Map(), built([base[1] as [string, string, string], base[0] as [string, string, string], base[2] as [string, string, string], entries[3] as [string, string, string]]))).toThrow(/neither written nor read/);
    expect(() => checkPackLinks(batch, new Map(), built([base[0] as [string, string, string], ['100644', 'renamed.json', '12'.repeat(20)], ...entries.slice(2)]))).toThrow(/entry "renamed.json"/);
    expect(() => checkPackLinks(batch, new Map(), built([['040000', 'fan', blob], ...entries.slice(1)]))).toThrow(/as a tree, but it is a blob/);
  });

  it('writeObjects with known links refuses a dangling link before writing anything', async () => {
    const dir = initRepo();
    const blobs = Array.from({ length: PACK_THRESHOLD }, (_, i) => object('blob', Buffer.from(`{"i": ${i}}\n`)));
    const [t, tRaw] = object('tree', tree([['100644', 'gone.json', unknown]]));
    await expect(writeObjects(join(dir, '.git'), new Map([...blobs, [t, tRaw]]), { knownLinks: known })).rejects.toThrow(/neither written nor read from the repository/);
    expect(readdirSync(join(dir, '.git', 'objects', 'pack'))).toEqual([]);
  });

  it('a bulk commit on a base is indexed with --fsck-objects, not --strict, and the repository is fsck --strict clean', async () => {
    const dir = initRepo();
    const gitdir = join(dir, '.git');
    const files = (round: number, n: number) => new Map(Array.from({ length: n }, (_, i) => [`d${i % 7}/f${i}.json`, `{"i": ${i}, "round": ${round}}\n`] as [string, string]));
    const first = await writeCommit({ gitdir, parent: null, files: files(1, 200), message: 'first', author: identity });
    git(dir, ['update-ref', 'refs/heads/brain', first]);
    const trace = join(dir, 'git-trace2.json');
    process.env.GIT_TRACE2_EVENT = trace; // every git child brain spawns logs its command line here
    let second: string;
    try {
      // rewrites every d<n> tree, keeping most of its entries: links to the base's objects
      second = await writeCommit({ gitdir, parent: first, files: new Map([...files(2, 100)].map(([p, t]) => [p.replace('.json', '.2.json'), t])), message: 'second', author: identity });
    } finally {
      delete process.env.GIT_TRACE2_EVENT;
    }
    git(dir, ['update-ref', 'refs/heads/brain', second, first]);
    const indexPacks = readFileSync(trace, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { event: string; argv?: string[] })
      .filter((e) => e.event === 'start' && e.argv?.includes('index-pack')).map((e) => e.argv ?? []);
    expect(indexPacks).toHaveLength(1);
    expect(indexPacks[0]).toContain('--fsck-objects');
    expect(indexPacks[0]).not.toContain('--strict');
    expect(git(dir, ['fsck', '--strict', '--no-dangling'])).toBe('');
    expect(git(dir, ['ls-tree', '-r', '--name-only', 'brain']).split('\n')).toHaveLength(300);
  });
});
