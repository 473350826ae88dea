/**
 * Bench section "search questions" (issue #18 "Search answers plain questions",
 * docs/decisions/0035): every ADR corpus with a question set (bench/question-set.js) is
 * imported into a fresh repository, and each question searched, top 10, on the clone's SQLite
 * projection and — when PostgreSQL binaries are installed, or BENCH_PG_URL names a database —
 * on the PostgreSQL projection of the same branch (with the hub's id and ADR-label step,
 * service/id-search.ts, as `brain.search` has it on the clone). Prints per corpus and backend recall@3 and
 * MRR (and, with BENCH_VERBOSE=1, every question whose answers are not all in the first 3).
 * Held-out corpora outside fixtures/adr join through BENCH_QUESTIONS / BENCH_ADR_DIRS
 * (question-set.js) and are marked "(held out)". Counts, not times: nothing here depends on the
 * machine.
 *
 * Run alone: `npm run bench -- questions`; it is also the last section of `npm run bench`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openBrain } from '../dist/service.js';
import { importAdr } from '../dist/service/import-adr.js';
import { postgresBinDir, startPostgres } from '../dist/projection/postgres/local-server.js';
import { createPostgresProjection } from '../dist/projection/postgres/postgres-projection.js';
import { withNamedHits } from '../dist/service/id-search.js';
import { DEPTH, evaluateSet, loadQuestionSets } from './question-set.js';
import { git } from './native.js';
import { fmt } from './timing.js';

const PROJECT = 'adr';

/** A PostgreSQL database for the section, or null (with the reason logged) when there is none. */
async function postgres(log) {
  if (process.env.BENCH_PG_URL) return { url: process.env.BENCH_PG_URL, stop: async () => undefined };
  try {
    postgresBinDir();
  } catch (err) {
    log(`  PostgreSQL: skipped (${err.message})`);
    return null;
  }
  return startPostgres();
}

/** Searches that never throw: a query the backend refuses (no words) finds nothing. */
const files = (fileOf, hits) => hits.map((h) => fileOf.get(h.entry.entry_id) ?? h.entry.entry_id);
async function ranked(run) {
  try {
    return await run();
  } catch (err) {
    if (err?.code === 'invalid_argument') return [];
    throw err;
  }
}

/**
 * Runs the section under `root`; returns the rows `{ corpus, questions, backend, recall3, mrr,
 * misses }` and adds them to `results` when given.
 */
export async function searchQuestionsSection({ root, log, section, results = null }) {
  section('search questions (recall@3, MRR)');
  const sets = loadQuestionSets(process.env);
  const server = await postgres(log);
  const pg = server ? await createPostgresProjection({ url: server.url, schema: 'bench_questions' }) : null;
  const rows = [];
  try {
    for (const set of sets) {
      const name = set.heldOut ? `held-out-${set.corpus}` : set.corpus;
      const repoDir = join(root, 'questions', name);
      mkdirSync(repoDir, { recursive: true });
      git(repoDir, ['init', '-q']);
      const brain = await openBrain({ repoDir, projectId: PROJECT, author: 'bench' });
      try {
        await brain.init();
        const report = await importAdr(brain, { dir: set.dir });
        const fileOf = new Map(report.entries.map((e) => [e.entry_id, e.source_path]));
        const add = (backend, r) => rows.push({ corpus: set.heldOut ? `${set.corpus} (held out)` : set.corpus, questions: set.questions.length, backend, ...r });
        add('sqlite', await evaluateSet(set, async (query) => files(fileOf, await ranked(() => brain.search({ query, limit: DEPTH })))));
        if (pg) {
          await pg.refresh({ repo: name, reader: await brain.reader(), tip: brain.store.tip(), full: true });
          const scope = { repos: [name], projectId: PROJECT };
          // As HubService.search answers: the ordinary hits with the entries the query names (an id, an ADR label) first.
          const hubSearch = async (query) => withNamedHits(query, await pg.search({ ...scope, query, limit: DEPTH }), DEPTH, {
            ids: (prefix) => pg.idMatches({ ...scope, prefix }),
            adrs: (n) => pg.adrMatches({ ...scope, adr_number: n }),
          });
          add('postgres', await evaluateSet(set, async (query) => files(fileOf, await ranked(() => hubSearch(query)))));
        }
      } finally {
        await brain.close();
      }
    }
  } finally {
    await pg?.close();
    await server?.stop();
  }
  for (const r of rows) {
    log(`  ${r.corpus} (${r.questions} questions), ${r.backend}: recall@3 ${fmt(r.recall3)}, MRR ${fmt(r.mrr)}`);
    if (process.env.BENCH_VERBOSE === '1') for (const m of r.misses) log(`    miss: "${m.question}" wants ${m.answers.join(', ')}; top 3: ${m.top3.join(', ')}`);
    results?.add({ name: `search questions ${r.corpus} (${r.questions}), ${r.backend}: recall@3`, value: r.recall3, unit: '', kind: 'rate', note: `MRR ${fmt(r.mrr)}` });
  }
  return rows;
}

/** The rows as a text table: corpus, questions, then recall@3 and MRR per backend. */
export function questionsTable(rows) {
  const backends = [...new Set(rows.map((r) => r.backend))];
  const corpora = [...new Set(rows.map((r) => r.corpus))];
  const header = ['corpus', 'questions', ...backends.flatMap((b) => [`${b} recall@3`, `${b} MRR`])];
  const lines = corpora.map((c) => {
    const of = rows.filter((r) => r.corpus === c);
    return [c, String(of[0].questions), ...backends.flatMap((b) => {
      const r = of.find((x) => x.backend === b);
      return r ? [r.recall3.toFixed(3), r.mrr.toFixed(3)] : ['–', '–'];
    })];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const render = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(render)].join('\n');
}
