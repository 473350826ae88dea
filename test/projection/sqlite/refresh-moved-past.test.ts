/**
 * A refresh that finds another process brought the projection past its tip (a newer tip of the
 * same branch) while it read blobs is done: the projection is fresh for it, and it does not move
 * the projection back to its older tip. Three processes revising one entry moved it back and
 * forth until one gave up with `lock_timeout` ("kept moving during 6 refreshes", a fresh-clone
 * run of test/git/concurrency.test.ts). Real git repository, two real SQLite connections to one
 * cache file; the other process's refresh runs while the first one reads its blobs.
 */
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createObjectReader, type ObjectReader } from '../../../src/git/object-reader.js';
import { findRepo } from '../../../src/git/repo.js';
import { getMeta, openCache } from '../../../src/projection/sqlite/open-cache.js';
import { refreshCache } from '../../../src/projection/sqlite/refresh.js';
import { brain } from '../../helpers/brain.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

it('ends fresh at the newer tip another process applied meanwhile, never moving the projection back', async () => {
  const repo = initRepo();
  expect(brain(repo, ['init', '--project', 'p']).code).toBe(0);
  const tips = [1, 2, 3].map((i) => {
    expect(brain(repo, ['add', 'decision', '--title', `Decision ${i}`, '--no-daemon']).code).toBe(0);
    return git(repo, ['rev-parse', 'brain']);
  });
  const [c1, c2, c3] = tips as [string, string, string];
  const reader = await createObjectReader({ repo: findRepo(repo) });
  try {
    const path = join(tempDir('brain-cache-'), 'cache.sqlite');
    const db = openCache(path).db;
    const other = openCache(path).db;
    await refreshCache({ db, reader, tip: c1 });
    let racedOnce = false;
    const racing = new Proxy(reader, {
      get(target, key) {
        if (key === 'readBlobs') {
          return async (oids: readonly string[]) => {
            if (!racedOnce) {
              racedOnce = true;
              await refreshCache({ db: other, reader, tip: c3 });
            }
            return target.readBlobs(oids);
          };
        }
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    }) as ObjectReader;
    const result = await refreshCache({ db, reader: racing, tip: c2 });
    expect(racedOnce).toBe(true);
    expect([result.mode, result.to]).toEqual(['fresh', c3]);
    expect(getMeta(db, 'projected_oid')).toBe(c3);
    expect(db.prepare('SELECT count(*) FROM current').pluck().get()).toBe(3);
    db.close();
    other.close();
  } finally {
    await reader.close();
  }
});
