/**
 * The dashboard board under a path filter costs what it shows (issue 21): its sections are
 * the REST list's pages (`listCurrent`) and its counts one grouped count over the same rows,
 * never a pass over every entry path of the project. Checked on the SQL it runs (EXPLAIN QUERY
 * PLAN) and against the list for the same filters.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildBoard } from '../../src/service/board.js';
import { cloneReader } from '../../src/service/clone-reader.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { openTestBrain } from '../helpers/brain.js';

afterAll(cleanupTempDirs);

describe('board with a path filter', () => {
  it('reads entry paths by index only, and shows what the list shows', async () => {
    const dir = initRepo();
    const brain = await openTestBrain(dir, { projectId: 'demo' });
    await brain.init();
    const paths = ['src/cache/a.ts', 'src/cache/b.ts', 'src/http/rest.ts', 'docs/format.md', 'src/**/*.sql', 'src'];
    for (let i = 0; i < 24; i++) {
      const kind = (['decision', 'risk', 'open_question'] as const)[i % 3]!;
      await brain.writes.append({ kind, fields: { title: `entry ${i}`, paths: [paths[i % paths.length]!] } });
    }
    await brain.refresh();
    const db = brain.db();
    const seen: string[] = [];
    const prepare = db.prepare.bind(db);
    (db as { prepare: unknown }).prepare = (sql: string) => (seen.push(sql), prepare(sql));
    let board;
    try {
      board = await buildBoard(cloneReader(brain), { path: 'src/**/*.ts' });
    } finally {
      (db as { prepare: unknown }).prepare = prepare;
    }
    const scans = seen.flatMap((sql) => {
      const params = (sql.match(/@\w+/g) ?? []).map((p) => p.slice(1));
      const stmt = prepare(`EXPLAIN QUERY PLAN ${sql}`);
      const details = (params.length > 0 ? stmt.all(Object.fromEntries(params.map((p) => [p, p === 'limit' ? 9 : 'x']))) : stmt.all(...Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => 'x'))) as { detail: string }[];
      return details.map((d) => d.detail).filter((d) => /^SCAN (entry_paths|current|c)\b/.test(d));
    });
    expect(scans).toEqual([]);
    const shown = board.sections.flatMap((s) => s.rows.map((r) => r.entry.entry_id)).sort();
    const listed = (await brain.list({ path: 'src/**/*.ts' })).map((r) => r.entry.entry_id).sort();
    expect(shown).toEqual(listed);
    expect(board.sections.reduce((n, s) => n + s.count, 0)).toBe(listed.length);
    expect(listed.length).toBe(16); // a.ts, b.ts, rest.ts, and the entries about src, 4 each
    await brain.close();
  });
});
