/**
 * The parse worker of a large apply (issue #10 cold rebuild, src/projection/sqlite/parse-pool.ts) gives
 * exactly what parsing in the apply path's own thread gives — valid revisions, ledgers, and the
 * same problems for bad files. The worker runs the compiled script, so this test loads the
 * pool from `dist/` (built by `npx tsc -p tsconfig.json`, as the CLI tests need).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dropOutranked, parseFile } from '../../src/projection/parse-file.js';
import type { Parsed } from '../../src/projection/parse-file.js';
import type { ParseJob } from '../../src/projection/parse-pool.js';
import { canonicalJson } from '../../src/store/canonical-json.js';
import { LEDGER_FILE } from '../../src/store/layout.js';
import { formatLedgerLine } from '../../src/store/ledger.js';
import { dirOf, makeEntry, revisionBytes } from '../helpers/plain-git.js';

const DIST_POOL = new URL('../../dist/projection/parse-pool.js', import.meta.url);

function jobs(): ParseJob[] {
  const good = makeEntry({ kind: 'decision', projectId: 'p', title: 'use SQLite' });
  const risk = makeEntry({ kind: 'risk', projectId: 'p' });
  const dir = dirOf(good);
  const g = revisionBytes(good);
  const out: ParseJob[] = [];
  const add = (path: string, text: string | null) => out.push({ path, oid: `${out.length}`.padStart(40, 'a'), bytes: text === null ? null : Buffer.from(text) });
  add(`${dir}/${g.file}`, g.text);
  add(`${dir}/${LEDGER_FILE}`, formatLedgerLine({ revision: 1, file: g.file, sha256: g.sha256, parent_sha256: null, recorded_at: good.recorded_at, author: good.author }));
  add(`${dirOf(risk)}/${LEDGER_FILE}`, 'not a ledger\n');
  add(`${dir}/r0002-00000000.json`, '{ not json');
  const bad = { ...good, revision: 2, title: '' };
  add(`${dir}/${revisionBytes(bad).file}`, canonicalJson(bad));
  const resolved = { ...risk, status: 'resolved', revision: 2 };
  add(`${dirOf(risk)}/${revisionBytes(resolved).file}`, canonicalJson(resolved));
  const moved = { ...good, revision: 3 };
  add(`${dirOf(risk)}/${revisionBytes(moved).file}`, canonicalJson(moved));
  add(`${dir}/r0004-00000000.json`, canonicalJson({ ...good, revision: 4 }));
  add(`${dir}/notes.txt`, null);
  add('brain.json', null);
  const second = { ...good, revision: 2, title: 'use SQLite, with WAL' };
  add(`${dir}/${revisionBytes(second).file}`, canonicalJson(second));
  return out;
}

describe('parse worker', () => {
  it('parses valid and bad files exactly as the apply path does in its own thread', async () => {
    expect(existsSync(fileURLToPath(DIST_POOL)), 'build dist/ first (npx tsc -p tsconfig.json)').toBe(true);
    const { ParsePool } = (await import(DIST_POOL.href)) as typeof import('../../src/projection/parse-pool.js');
    const pool = ParsePool.open();
    expect(pool).not.toBeNull();
    try {
      const list = jobs();
      const parseHere = (jobs: ParseJob[]) => dropOutranked(jobs.map((j) => parseFile(j.path, j.oid, j.bytes)));
      const inThread = parseHere(list);
      const codes = inThread.map((p) => (p === null ? null : p.kind === 'problem' ? p.code : p.kind));
      expect(codes).toEqual(['revision', 'ledger', 'invalid_ledger', 'invalid_json', 'invalid_entry', 'illegal_status', 'misplaced', 'hash_mismatch', 'stray_file', null, 'revision']);
      // r1 is outranked by r2 in the same batch: its row stays, its entry is dropped.
      const [r1, r2] = inThread.filter((p) => p?.kind === 'revision') as Extract<Parsed, { kind: 'revision' }>[];
      expect([r1!.entry, r1!.row.revision, r2!.entry?.title]).toEqual([null, 1, 'use SQLite, with WAL']);
      expect(await pool!.parse(list)).toEqual(inThread);
      // Batches answer in any number, each with its own files (and its own tops).
      const [a, b] = await Promise.all([pool!.parse(list.slice(0, 3)), pool!.parse(list.slice(3))]);
      expect([...a, ...b]).toEqual([...parseHere(list.slice(0, 3)), ...parseHere(list.slice(3))]);
    } finally {
      await pool!.close();
    }
  });

  it('rejects a batch whose file fails unexpectedly, and the apply path reports the same error', async () => {
    const { ParsePool } = (await import(DIST_POOL.href)) as typeof import('../../src/projection/parse-pool.js');
    const pool = ParsePool.open()!;
    try {
      // A revision path whose blob was not read: a caller bug, not a problem row.
      const job: ParseJob = { path: jobs()[0]!.path, oid: 'a'.repeat(40), bytes: null };
      expect(() => parseFile(job.path, job.oid, job.bytes)).toThrow(/was not read/);
      await expect(pool.parse([job])).rejects.toThrow(/was not read/);
    } finally {
      await pool.close();
    }
  });
});
