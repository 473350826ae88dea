/**
 * brain.json's `sync` member (issue #19, service/sync-setting.ts): absent is off; defaults for
 * a partial one; anything else is `invalid_argument` with a hint (the daemon then does not
 * sync, and status says why).
 */
import { describe, expect, it } from 'vitest';
import { readSyncSetting } from '../../src/service/sync-setting.js';

const manifest = (sync?: unknown) => ({ format: 1, ...(sync === undefined ? {} : { sync }) });

describe('readSyncSetting', () => {
  it('is off without a sync member', () => {
    expect(readSyncSetting(manifest())).toBeNull();
    expect(readSyncSetting(manifest(false))).toBeNull();
  });

  it('defaults remote to origin and the interval to 300 s', () => {
    expect(readSyncSetting(manifest({}))).toEqual({ remote: 'origin', interval_seconds: 300 });
    expect(readSyncSetting(manifest({ remote: 'upstream', interval_seconds: 60 }))).toEqual({ remote: 'upstream', interval_seconds: 60 });
  });

  it.each([
    [true, 'must be an object'],
    [{ interval_seconds: 5 }, 'interval_seconds must be an integer from 10 to 86400'],
    [{ interval_seconds: 12.5 }, 'interval_seconds must be an integer'],
    [{ remote: '--upload-pack=x' }, 'invalid remote name'],
    [{ remote: 'origin', every: 5 }, 'unknown members: every'],
  ])('refuses %j', (sync, message) => {
    expect(() => readSyncSetting(manifest(sync))).toThrow(expect.objectContaining({ code: 'invalid_argument', message: expect.stringContaining(message), hint: expect.any(String) }));
  });
});
