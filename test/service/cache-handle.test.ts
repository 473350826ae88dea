/**
 * The cache handle's recovery (DESIGN §4, the cache is disposable): a corruption error discards
 * the file and runs the request once more; an error that says another process replaced the file
 * under this handle (it found the cache broken and reset it) reopens the file that process left —
 * never deleting it again, which would pull it from under that process in turn.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CacheHandle } from '../../src/service/cache-handle.js';

const sqliteError = (code: string) => Object.assign(new Error(`${code} from SQLite`), { code });

const opened: { handle: CacheHandle; dir: string }[] = [];
afterEach(() => {
  for (const { handle, dir } of opened.splice(0)) {
    handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

function handleWithRow(): CacheHandle {
  const dir = mkdtempSync(join(tmpdir(), 'brain-cache-handle-'));
  const handle = new CacheHandle(join(dir, 'cache.sqlite'));
  opened.push({ handle, dir });
  handle.db().prepare("INSERT INTO meta (key, value) VALUES ('left', 'by the other process')").run();
  return handle;
}

const left = (h: CacheHandle) => (h.db().prepare("SELECT value FROM meta WHERE key = 'left'").get() as { value: string } | undefined)?.value ?? null;

describe('CacheHandle.run', () => {
  it('reopens (keeping the file) and runs once more when the file was replaced under the handle', async () => {
    const handle = handleWithRow();
    const first = handle.db();
    let calls = 0;
    const value = await handle.run(async () => {
      calls += 1;
      if (calls === 1) throw sqliteError('SQLITE_IOERR_SHORT_READ');
      return left(handle);
    });
    expect(calls).toBe(2);
    expect(value).toBe('by the other process');
    expect(handle.db()).not.toBe(first);
    expect(handle.reset).toBeNull();
  });

  it('discards a corrupt file, reopens it empty and runs once more', async () => {
    const handle = handleWithRow();
    let calls = 0;
    const value = await handle.run(async () => (++calls === 1 ? Promise.reject(sqliteError('SQLITE_CORRUPT')) : left(handle)));
    expect([calls, value, handle.reset]).toEqual([2, null, 'corrupt']);
  });

  it('lets any other error through, after one call', async () => {
    const handle = handleWithRow();
    let calls = 0;
    await expect(handle.run(async () => { calls += 1; throw sqliteError('SQLITE_CONSTRAINT'); })).rejects.toThrow('SQLITE_CONSTRAINT from SQLite');
    expect(calls).toBe(1);
  });
});
