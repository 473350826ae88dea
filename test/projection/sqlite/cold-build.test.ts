/**
 * The cold build (docs/decisions/0075): with no cache file yet, the projection is built in a
 * file of its own and put in place only if no cache appeared meanwhile. Real repositories, the
 * real CLI, real SQLite files: the placed cache equals a rebuild through the live path row for
 * row (`brain verify --cache`), two processes building at once both end with a verified cache,
 * a build that lost the race is deleted, and a build killed mid-way leaves a file the next
 * open removes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo, tempDir } from '../../helpers/git.js';
import { brain, brainAsync } from '../../helpers/brain.js';
import { deriveEntryId } from '../../../src/model/entry-id.js';
import { coldBuild } from '../../../src/projection/sqlite/cold-build.js';
import { removeStaleBuilds } from '../../../src/projection/sqlite/stale-builds.js';
import { createObjectReader, type ObjectReader } from '../../../src/git/object-reader.js';
import { findRepo } from '../../../src/git/repo.js';

afterAll(cleanupTempDirs);

const KILL_HOOK = fileURLToPath(new URL('../../helpers/kill-mid-build.mjs', import.meta.url));
const DEAD_PID = 4194303; // above Linux's default pid_max: never a running process
const ENTRIES = 2_100; // 4 200 files: three read chunks of 2 000, parsed in the worker too (read-changes.ts)

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

let source: string;

beforeAll(() => {
  source = initRepo();
  expect(brain(source, ['init', '--project', 'demo']).code).toBe(0);
  const template = brain(source, ['add', 'decision', '--title', 'template', '--rationale', 'why', '--tag', 'db', '--json']).json<Record<string, unknown>>();
  const rows = Array.from({ length: ENTRIES }, (_, i) => ({ ...template, entry_id: deriveEntryId('decision', `cold-${i}`), title: `Decision ${i} about caches`, tags: [`t${i % 7}`] }));
  const file = join(tempDir('brain-cold-'), 'entries.jsonl');
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const r = brain(source, ['import', 'jsonl', file, '--json']);
  expect(r.code, r.stderr).toBe(0);
}, 120_000);

/** A fresh clone of the source brain (packed, no cache, no local docs branch yet: brain creates it on first read). */
function freshClone(): string {
  const dir = tempDir('brain-cold-clone-');
  git(dir, ['clone', '-q', '--no-local', '--no-checkout', source, 'c']);
  return join(dir, 'c');
}

const brainDirOf = (clone: string) => join(clone, '.git', 'brain');
const buildFiles = (clone: string) => (existsSync(brainDirOf(clone)) ? readdirSync(brainDirOf(clone)).filter((n) => n.includes('.build-')) : []);

function verifiedCache(clone: string): void {
  const v = brain(clone, ['verify', '--cache', '--json']);
  expect(v.code, v.stdout + v.stderr).toBe(0);
  expect(v.json().cache.ok).toBe(true);
}

describe('a cold build', () => {
  it('places a cache equal, row for row, to a rebuild through the live path, and leaves no build file', () => {
    const clone = freshClone();
    const r = brain(clone, ['search', 'caches', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().length).toBeGreaterThan(0);
    expect(buildFiles(clone)).toEqual([]);
    expect(existsSync(join(brainDirOf(clone), 'cache.sqlite'))).toBe(true);
    verifiedCache(clone);
  }, 60_000);

  it('two processes building at once: both answer, and the cache left is verified', async () => {
    const clone = freshClone();
    const [a, b] = await Promise.all([brainAsync(clone, ['list', '--json', '--limit', '5000']), brainAsync(clone, ['list', '--json', '--limit', '5000'])]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(a.json()).toHaveLength(ENTRIES + 1);
    expect(b.json()).toEqual(a.json());
    expect(buildFiles(clone)).toEqual([]);
    verifiedCache(clone);
  }, 60_000);

  it('that lost the race (a cache appeared while it read) is deleted, and the cache there is kept', async () => {
    const clone = freshClone();
    const cache = join(brainDirOf(clone), 'cache.sqlite');
    const tip = git(clone, ['rev-parse', 'origin/brain']);
    const reader = await createObjectReader({ repo: findRepo(clone) });
    let raced = false;
    // The other process's build, run to its end while this one reads its first chunk.
    const readBlobs = async (oids: readonly string[]) => {
      if (!raced) {
        raced = true;
        expect((await coldBuild({ path: cache, reader, tip })).placed).toBe(true);
      }
      return reader.readBlobs(oids);
    };
    const racing = new Proxy(reader, {
      get: (target, key: keyof ObjectReader) => (key === 'readBlobs' ? readBlobs : typeof target[key] === 'function' ? (target[key] as (...a: unknown[]) => unknown).bind(target) : target[key]),
    });
    const { placed, result } = await coldBuild({ path: cache, reader: racing, tip });
    await reader.close();
    expect(raced).toBe(true);
    expect(placed).toBe(false);
    expect(result.mode).toBe('full');
    expect(buildFiles(clone)).toEqual([]);
    verifiedCache(clone);
  }, 60_000);

  it('killed mid-build leaves its build file; the next read removes it and works', () => {
    const clone = freshClone();
    const killed = brain(clone, ['list', '--json'], { env: { NODE_OPTIONS: `--import=${KILL_HOOK}`, BRAIN_KILL_DIR: brainDirOf(clone) } });
    expect(killed.code).toBe(-1); // killed by a signal
    expect(buildFiles(clone)).toHaveLength(1);
    expect(existsSync(join(brainDirOf(clone), 'cache.sqlite'))).toBe(false);
    const r = brain(clone, ['list', '--json', '--limit', '5000']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toHaveLength(ENTRIES + 1);
    expect(buildFiles(clone)).toEqual([]);
    verifiedCache(clone);
  }, 60_000);
});

describe('removeStaleBuilds', () => {
  it('removes the build files of dead processes only', async () => {
    const dir = tempDir('brain-stale-builds-');
    const sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
    children.push(sleeper);
    await new Promise((resolve, reject) => sleeper.once('spawn', resolve).once('error', reject));
    const names = {
      dead: `cache.sqlite.build-${DEAD_PID}-0a1b2c`,
      deadJournal: `cache.sqlite.build-${DEAD_PID}-0a1b2c-journal`,
      live: `cache.sqlite.build-${sleeper.pid}-0a1b2c`,
      mine: `cache.sqlite.build-${process.pid}-0a1b2c`,
      cache: 'cache.sqlite',
      other: `notes.build-${DEAD_PID}`,
    };
    for (const name of Object.values(names)) writeFileSync(join(dir, name), 'x');
    removeStaleBuilds(dir);
    expect(readdirSync(dir).sort()).toEqual([names.cache, names.live, names.mine, names.other].sort());
    rmSync(dir, { recursive: true, force: true });
  });
});
