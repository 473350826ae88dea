/**
 * `npm run bench` ADR corpora section (issue #18 "Measure it"): every corpus of fixtures/adr/
 * (real ADR folders, licences beside each) imported into a fresh brain, and per corpus:
 *
 * - body lines kept: each non-blank line of each imported file's body (front matter excluded)
 *   must occur in what the entry stores (title, rationale, outcome, options, status words), by
 *   an independent rule — plain string containment, not the importer's section list; only the
 *   title heading line and the status line are matched against the title and the status words;
 * - dates, authors, statuses and links matched against the expectations written down per corpus
 *   in `fixtures/adr/<corpus>/expected-import.json` (by reading the files, not the importer);
 * - round-trip writes: `export adr` (MADR and Nygard) then `import adr` of the export, twice —
 *   revisions written each time (target 0) and decisions after the second round (target: as many
 *   as files);
 * - with the git bundle of fixtures/adr-history: `import adr --history` revisions and first
 *   dates/authors against `git log --follow`.
 *
 * The corpus folder is copied out of this repository first, so no date comes from our own git.
 * `BENCH_ADR_DIRS` (folders separated by `:`) adds corpora nobody here has written expectations
 * for — held-out ones fetched for a check — measured the same way (lines kept, round trip).
 * Prints one table; returns its rows. Nothing is asserted here: the tests pin the numbers.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBrain } from '../dist/service.js';
import { importAdr } from '../dist/service/import-adr.js';
import { exportAdr } from '../dist/service/export-adr.js';
import { readGitFileHistory } from '../dist/importers/adr/git-file-history.js';
import { git } from './native.js';
import { lostLines } from './adr-line-rule.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/adr', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../fixtures/adr-history/cometbft-architecture.bundle', import.meta.url));

function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').slice(0, 60);
}

/** A fresh repository with one commit, and a brain on it. */
async function freshBrain(root, project) {
  const repo = join(root, 'repo');
  mkdirSync(repo, { recursive: true });
  git(repo, ['init', '-q']);
  writeFileSync(join(repo, 'README.md'), '# bench\n');
  git(repo, ['add', 'README.md']);
  git(repo, ['commit', '-q', '-m', 'initial']);
  const brain = await openBrain({ repoDir: repo, projectId: project, author: 'bench' });
  await brain.init();
  return brain;
}

const sourceOf = (entry) => entry.citations[0]?.source_ref ?? null;
const decidedDay = (entry) => ('decision_date' in entry.payload ? entry.payload.decision_date : entry.recorded_at.slice(0, 10));
const writes = (report) => report.entries.reduce((n, e) => n + e.written, 0);

/** Expectations checked: `{ checked, matched, misses: string[] }`. */
function check(label, pairs) {
  const misses = pairs.filter(([, want, got]) => want !== got).map(([key, want, got]) => `${label} ${key}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  return { checked: pairs.length, matched: pairs.length - misses.length, misses };
}

async function measureCorpus(root, corpus, source, log) {
  const dir = join(root, corpus, 'src');
  cpSync(source, dir, { recursive: true });
  const brain = await freshBrain(join(root, corpus), slug(corpus));
  try {
    const report = await importAdr(brain, { dir });
    const entries = (await brain.list({ kind: 'decision', limit: 1000 })).map((r) => r.entry);
    const byPath = new Map(entries.map((e) => [sourceOf(e), e]));
    let total = 0;
    const lost = [];
    for (const { source_path: path } of report.entries) {
      const entry = byPath.get(path);
      const r = lostLines(readFileSync(join(dir, path), 'utf8'), entry);
      total += r.total;
      lost.push(...r.lost.map((l) => `${path}: ${l}`));
    }
    const expectedFile = join(source, 'expected-import.json');
    const expected = existsSync(expectedFile) ? JSON.parse(readFileSync(expectedFile, 'utf8')) : {};
    const idOf = (path) => byPath.get(path)?.entry_id ?? `(no entry for ${path})`;
    const dates = check('date', Object.entries(expected.dates ?? {}).map(([path, want]) => [path, want, byPath.has(path) ? decidedDay(byPath.get(path)) : null]));
    const statuses = check('status', Object.entries(expected.statuses ?? {}).map(([path, want]) => [path, want, byPath.get(path)?.status ?? null]));
    const links = check('link', (expected.links ?? []).map(([from, relation, to]) => {
      const e = byPath.get(from);
      const got = relation === 'supersedes' ? e?.supersedes_entry_id === idOf(to) : (e?.related_entry_ids ?? []).includes(idOf(to));
      return [`${from} ${relation} ${to}`, true, got];
    }));
    const roundTrip = {};
    for (const format of ['madr', 'nygard']) {
      const counts = [];
      for (let round = 1; round <= 2; round++) {
        const out = join(root, corpus, `export-${format}-${round}`);
        await exportAdr(brain, { dir: out, format });
        counts.push(writes(await importAdr(brain, { dir: out })));
      }
      roundTrip[format] = { writes: counts, decisions: (await brain.list({ kind: 'decision', limit: 1000 })).length };
    }
    for (const miss of [...lost.slice(0, 5), ...dates.misses.slice(0, 5), ...statuses.misses.slice(0, 5), ...links.misses.slice(0, 5)]) log(`    ${corpus}: ${miss}`);
    for (const w of report.withheld) log(`    ${corpus}: withheld ${w.source_path}: ${w.message}`);
    return { corpus, files: report.entries.length, withheld: report.withheld.length, skipped: report.skipped.length, total, lost: lost.length, dates, statuses, links, roundTrip };
  } finally {
    await brain.close();
  }
}

/**
 * `--history` on the bundled cometbft folder history, against `git log --follow` per file: the
 * commits followed per file (renames, folder moves, delete/restore), and whether each entry's
 * first revision is the commit that created the file (date and author).
 */
async function measureHistory(root) {
  const clone = join(root, 'history', 'cometbft');
  mkdirSync(join(root, 'history'), { recursive: true });
  git(join(root, 'history'), ['clone', '-q', '-b', 'main', BUNDLE, clone]);
  const dir = join(clone, 'docs', 'references', 'architecture');
  const history = await readGitFileHistory({ dir });
  const brain = await freshBrain(join(root, 'history'), 'cometbft-history');
  try {
    const report = await importAdr(brain, { dir, history: true });
    let follow = 0;
    let followed = 0;
    let firstMatched = 0;
    for (const e of report.entries) {
      const log = git(clone, ['log', '--follow', '--format=%aI%x1f%aN', '--', join('docs/references/architecture', e.source_path)]).split('\n').filter(Boolean);
      follow += log.length;
      followed += history.commits.filter((c) => c.changes.some((ch) => ch.path === e.source_path)).length;
      const [date, author] = (log.at(-1) ?? '').split('\x1f');
      const first = (await brain.history({ entryId: e.entry_id }))[0]?.entry;
      if (first && first.recorded_at === new Date(date).toISOString() && first.author === author) firstMatched += 1;
    }
    return { files: report.entries.length, revisions: writes(report), follow, followed, firstMatched };
  } finally {
    await history.close();
    await brain.close();
  }
}

const pct = (a, b) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)}%`);
const ratio = (r) => `${r.matched}/${r.checked}`;

/** Runs the section; prints the table on stdout and returns `{ rows, history }`. */
export async function adrCorporaSection({ root, log, section }) {
  section('ADR corpora (fixtures/adr)');
  const rows = [];
  // Two folders of the same name (`…/a/adr`, `…/b/adr`) get distinct corpus names (and work folders).
  const extra = (process.env.BENCH_ADR_DIRS ?? '').split(':').filter(Boolean).map((d, i, all) => {
    const name = basename(resolve(d));
    const twin = all.some((o, j) => j !== i && basename(resolve(o)) === name);
    return [`held-out-${name}${twin ? `-${i + 1}` : ''}`, resolve(d)];
  });
  for (const [corpus, source] of [...readdirSync(FIXTURES).sort().map((c) => [c, join(FIXTURES, c)]), ...extra]) {
    log(`  ${corpus}`);
    rows.push(await measureCorpus(root, corpus, source, log));
  }
  log('  --history on fixtures/adr-history');
  const history = await measureHistory(root);
  const header = '| corpus | files | body lines kept | dates | statuses | links | round trip writes (madr, nygard) | decisions after 2 rounds |';
  const table = [header, '|---|---:|---:|---:|---:|---:|---|---:|'];
  for (const r of rows) {
    const kept = `${r.total - r.lost}/${r.total} (${pct(r.total - r.lost, r.total)})`;
    const rt = `${r.roundTrip.madr.writes.join('+')}, ${r.roundTrip.nygard.writes.join('+')}`;
    // A file withheld for a credential (decision 0087) is not in "files": its lines are not counted as kept.
    const files = r.withheld > 0 ? `${r.files} (+${r.withheld} withheld)` : `${r.files}`;
    table.push(`| ${r.corpus} | ${files} | ${kept} | ${ratio(r.dates)} | ${ratio(r.statuses)} | ${ratio(r.links)} | ${rt} | ${r.roundTrip.madr.decisions}, ${r.roundTrip.nygard.decisions} |`);
  }
  const text = `\nADR corpora (issue #18): targets 100% of lines, 0 round-trip writes\n\n${table.join('\n')}\n\n` +
    `--history (fixtures/adr-history, ${history.files} files): commits followed per file ${history.followed}, git log --follow ${history.follow}; ` +
    `${history.revisions} revisions written (a commit that changes nothing the entry holds, such as a pure move, writes none); ` +
    `first revision = the commit that created the file (date and author): ${history.firstMatched}/${history.files}\n`;
  process.stdout.write(text);
  return { rows, history };
}
