/**
 * A path filter with a base directory (a literal prefix, a glob's literal base) reads
 * `entry_path_dirs` in list order and merges the few entries beside it (ancestor paths, glob paths): every page, with any limit and cursor, must equal the
 * rule applied to every entry (model/path-match.ts `pathFilterMatches`) in the list order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathFilterMatches } from '../../../src/model/path-match.js';
import type { Brain } from '../../../src/service.js';
import type { Entry } from '../../../src/model/entry.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../../helpers/git.js';

const PATHS = ['src', 'src/cache', 'src/cache/refresh.ts', 'src/cache/queries.ts', 'src/cache/**', 'src/*/refresh.ts', 'src/store', 'docs/a.md', 'src/cacheless.ts', '**/*.ts'];
const FILTERS = ['src', 'src/cache', 'src/cache/', 'src/cache/refresh.ts', 'src/store/x.ts', 'docs', 'lib', 'src/**', 'src/cache/*.ts', 'src/*/refresh.ts', '**/*.md'];
let b: Brain;
const entries: Entry[] = [];

beforeAll(async () => {
  b = await openTestBrain(initRepo(), { projectId: 'demo' });
  await b.init();
  for (let i = 0; i < 40; i++) {
    const paths = PATHS.filter((_, k) => (i * 7 + k * 3) % 5 === 0 || (i + k) % 11 === 0);
    const { entry } = await b.writes.append({ kind: i % 2 ? 'decision' : 'risk', fields: { title: `Entry ${i}`, paths, ...(i % 2 ? {} : { payload: { likelihood: 'low', impact: 'low' } }) } as never });
    entries.push(entry);
  }
});
afterAll(async () => {
  await b.close();
  cleanupTempDirs();
});

const order = (a: Entry, c: Entry) => (a.recorded_at === c.recorded_at ? (a.entry_id < c.entry_id ? -1 : 1) : a.recorded_at < c.recorded_at ? 1 : -1);

describe('path prefix pages', () => {
  it.each(FILTERS)('%s: every page equals the rule over all entries, in list order', async (path) => {
    for (const kind of [undefined, 'decision']) {
      const want = entries.filter((e) => (kind === undefined || e.entry_kind === kind) && e.paths.some((p) => pathFilterMatches(path, p))).sort(order).map((e) => e.entry_id);
      expect((await b.list({ path, ...(kind ? { kind } : {}) })).map((r) => r.entry.entry_id)).toEqual(want);
      for (const limit of [1, 3, 7]) {
        const got: string[] = [];
        let after: { recorded_at: string; entry_id: string } | undefined;
        for (;;) {
          const page = await b.list({ path, limit, ...(kind ? { kind } : {}), ...(after ? { after } : {}) });
          got.push(...page.map((r) => r.entry.entry_id));
          const last = page[page.length - 1];
          if (page.length < limit || !last) break;
          after = { recorded_at: last.entry.recorded_at, entry_id: last.entry.entry_id };
        }
        expect(got).toEqual(want);
      }
    }
  });
});
