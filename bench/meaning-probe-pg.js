/**
 * The meaning probe on PostgreSQL (docs/decisions/0091; the SQLite one and the rule:
 * bench/meaning-probe.js): every question set imported as the bench does, projected into a fresh
 * local PostgreSQL (`startPostgres`, as `npm run bench -- questions`), and every match of each
 * question ranked by the rule of src/projection/postgres/search-rank.ts computed here: the
 * search's own plan (search-plan.ts `searchPlan`: the English stems, prefixes, typo alternatives
 * and pairs), BM25 of its phrases with FTS5's formula over the `proj_current.search` vectors
 * (field weights A 3, B 2, C 1.5, D 1; N, avgdl from `proj_vocab`'s empty word), × coordination
 * × title factor × status weight, ties newest first, then entry id. Which words each row and its
 * title hold is asked of PostgreSQL (`@@` the plan's tsquery per word). With no neighbours this
 * is the hub search's order, checked on every question as the SQLite probe checks its own (a
 * question whose first 10 differ keeps the search's hits under every setting).
 *
 * Neighbours as on SQLite, but admitted by PostgreSQL's vocabulary: a neighbour's English stem
 * (the `english` configuration's Snowball stemmer) must be a `proj_vocab` word of the corpus;
 * its phrase is that stem as a word.
 *
 * Run: `WORD_VECTORS=… BENCH_QUESTIONS=… PROBE_K=… PROBE_FLOOR=… PROBE_W=… node
 * bench/meaning-probe-pg.js` after `npx tsc -p tsconfig.json`; needs the PostgreSQL binaries
 * the bench uses. PROBE_SHOW as on SQLite; PROBE_SETS=kuma,forms keeps the sets whose corpus
 * name holds one of those; PROBE_DIFF=1 lists the questions whose first 10 differ. Counts, not times.
 */
import pg from 'pg';
import { importSetBrain } from './set-brain.js';
import { foldTerm, searchQuery } from '../dist/search/query-terms.js';
import { startPostgres } from '../dist/projection/postgres/local-server.js';
import { createPostgresProjection } from '../dist/projection/postgres/postgres-projection.js';
import { ensureSchema } from '../dist/projection/postgres/schema.js';
import { searchPlan } from '../dist/projection/postgres/search-plan.js';
import { inTransaction } from '../dist/projection/postgres/transaction.js';
import { BM25_B, BM25_K1 } from '../dist/projection/postgres/search-rank.js';
import { englishStemSql } from '../dist/projection/postgres/english-stems.js';
import { indexWords } from '../dist/projection/postgres/search-doc.js';
import { withNamedHits } from '../dist/service/id-search.js';
import { evaluateSet, loadQuestionSets, scoreQuestion } from './question-set.js';
import { candidates, expands, openVectors, printReport, rankMatches, SETTINGS, SHOW } from './meaning-common.js';

const SCHEMA = 'meaning_probe';
const FIELD = { A: 3, B: 2, C: 1.5, D: 1 };
const vectors = openVectors();

/** A tsvector's text (`'word':1A,5 'other':2B`) as `Map(lexeme → [{ pos, weight }])`. */
function parseVector(text) {
  const out = new Map();
  for (const m of text.matchAll(/'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g)) {
    out.set(m[1].replace(/''/g, "'"), (m[2] ?? '').split(',').filter(Boolean).map((p) => ({ pos: parseInt(p, 10), weight: FIELD[p.slice(-1)] ?? 1 })));
  }
  return out;
}

/** A phrase's weighted frequency in a row (`v`: parsed vector) and whether it matches at all, as search-rank.ts `frequencySql` and the tsquery count. */
function frequency(v, f) {
  if (f.next !== undefined) {
    const after = v.get(f.next) ?? [];
    let tf = 0;
    let matches = false;
    for (const o of v.get(f.lexeme) ?? []) {
      for (const o2 of after) {
        if (o2.pos !== o.pos + 1) continue;
        matches = true;
        if (o2.weight === o.weight) tf += o.weight;
      }
    }
    return { tf, matches };
  }
  let tf = 0;
  let matches = false;
  for (const [lexeme, occ] of v) {
    if (f.prefix ? !lexeme.startsWith(f.lexeme) : lexeme !== f.lexeme) continue;
    matches = true;
    tf += occ.reduce((s, o) => s + o.weight, 0);
  }
  return { tf, matches };
}

/** BM25 of `phrases` for every row (`rows`: `{ id, v, len }`), `Map(id → score)` of the rows some phrase matches. */
function bm25(rows, phrases, n, avgdl) {
  const out = new Map();
  for (const f of phrases) {
    const freq = rows.map((r) => ({ r, ...frequency(r.v, f) }));
    const held = freq.filter((x) => x.matches).length;
    const idf = Math.max(Math.log((n - held + 0.5) / (held + 0.5)), 1e-6);
    for (const { r, tf, matches } of freq) {
      if (!matches) continue;
      out.set(r.id, (out.get(r.id) ?? 0) + (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * r.len) / avgdl)));
    }
  }
  return out;
}

const server = await startPostgres();
const pool = new pg.Pool({ connectionString: server.url, max: 2 });
const table = [[], ...SETTINGS.map(() => [])];
const shown = [];
let differ = 0;
let questions = 0;
try {
  const projection = await createPostgresProjection({ pool, schema: SCHEMA });
  const names = await ensureSchema(pool, SCHEMA);
  const s = names.s;
  for (const set of loadQuestionSets(process.env).filter((x) => !process.env.PROBE_SETS || process.env.PROBE_SETS.split(',').some((o) => x.corpus.includes(o)))) {
    const { brain, fileOf } = await importSetBrain(set, 'meaning-pg');
    const repo = set.corpus;
    await projection.refresh({ repo, reader: await brain.reader(), tip: brain.store.tip(), full: true });
    const rows = (await pool.query(`SELECT entry_id, status, recorded_at, search::text AS v, search_length FROM ${s}.proj_current WHERE repo = $1`, [repo])).rows
      .map((r) => ({ id: r.entry_id, status: r.status, at: r.recorded_at, v: parseVector(r.v), len: r.search_length }));
    const statusOf = new Map(rows.map((r) => [r.id, r.status]));
    const atOf = new Map(rows.map((r) => [r.id, r.at]));
    const { docs, tokens } = (await pool.query(`SELECT docs, tokens FROM ${s}.proj_vocab WHERE repo = $1 AND word = ''`, [repo])).rows[0];
    const n = Number(docs);
    const avgdl = Math.max(Number(tokens) / Math.max(n, 1), 1);
    const vocabulary = new Set((await pool.query(`SELECT word FROM ${s}.proj_vocab WHERE repo = $1 AND word <> ''`, [repo])).rows.map((r) => r.word));
    const holding = async (tsquery, title) => new Set((await pool.query(`SELECT entry_id FROM ${s}.proj_current WHERE repo = $1 AND ${title ? "ts_filter(search, '{a}')" : 'search'} @@ $2::tsquery`, [repo, tsquery])).rows.map((r) => r.entry_id));
    const stems = async (words) => new Map((await pool.query(`SELECT w, ${englishStemSql('w')} AS stem FROM unnest($1::text[]) AS w`, [[...new Set(words)]])).rows.map((r) => [r.w, r.stem]));
    const tie = (a, b) => (atOf.get(a) > atOf.get(b) ? -1 : atOf.get(a) < atOf.get(b) ? 1 : a < b ? -1 : a > b ? 1 : 0);
    const prepared = new Map();
    for (const q of set.questions) {
      let plan;
      try {
        // In a transaction, as search.ts plans: the typo rule's pg_trgm threshold is set for the transaction only.
        plan = await inTransaction(pool, (client) => searchPlan(client, names, [repo], q.question), { snapshot: true });
      } catch {
        continue;
      }
      if (plan === null) continue;
      const words = searchQuery(q.question).words.filter((w) => indexWords(w).length > 0);
      const ownStems = await stems(words.map(foldTerm));
      const questionStems = new Set(ownStems.values());
      const nearest = words.map((w) => vectors.nearestOf(foldTerm(w)));
      const stemOf = await stems(nearest.flat().map((x) => x.word));
      const all = bm25(rows, plan.phrases, n, avgdl);
      const per = [];
      for (const [i, w] of words.entries()) {
        const held = await holding(plan.words[i], false);
        const stem = ownStems.get(foldTerm(w));
        const absent = ![...vocabulary].some((x) => x.startsWith(stem));
        const near = expands(absent, held.size, n) ? candidates(nearest[i], { stemOf: (x) => stemOf.get(x), indexed: (stem) => vocabulary.has(stem), questionStems }) : [];
        const neighbours = [];
        for (const x of near) {
          neighbours.push({ word: x.word, sim: x.sim, bm25: bm25(rows, [{ lexeme: x.stem, prefix: false }], n, avgdl), held: await holding(`'${x.stem}'`, false), title: await holding(`'${x.stem}'`, true) });
        }
        per.push({ word: w, bm25: i === 0 ? all : new Map(), held, title: await holding(plan.words[i], true), neighbours });
      }
      prepared.set(q.question, per);
    }
    const scope = { repos: [repo], projectId: 'adr' };
    const owned = new Map();
    const rank = (question, st) => owned.get(question) ?? (prepared.has(question) ? rankMatches(prepared.get(question), st, statusOf, tie) : []);
    for (const q of set.questions) {
      questions++;
      let hits = [];
      try {
        // As HubService.search answers (bench/search-questions.js): the entries the query names first.
        hits = (await withNamedHits(q.question, await projection.search({ ...scope, query: q.question, limit: 50 }), 50, {
          ids: (prefix) => projection.idMatches({ ...scope, prefix }),
          adrs: (num) => projection.adrMatches({ ...scope, adr_number: num }),
        })).map((h) => h.entry.entry_id);
      } catch (err) {
        if (err?.code !== 'invalid_argument') throw err;
      }
      if (rank(q.question, null).slice(0, 10).join() === hits.slice(0, 10).join()) continue;
      differ++;
      owned.set(q.question, hits);
      if (process.env.PROBE_DIFF) process.stderr.write(`differs: ${set.corpus} "${q.question}"\n  search ${hits.slice(0, 10).map((id) => fileOf.get(id)).join(' ')}\n  probe  ${rankMatches(prepared.get(q.question) ?? [], null, statusOf, tie).slice(0, 10).map((id) => fileOf.get(id)).join(' ')}\n`);
    }
    const files = (ids) => ids.map((id) => fileOf.get(id));
    table[0].push({ corpus: set.corpus, questions: set.questions.length, ...(await evaluateSet(set, async (query) => files(rank(query, null)))) });
    for (const [i, st] of SETTINGS.entries()) {
      table[i + 1].push({ corpus: set.corpus, questions: set.questions.length, ...(await evaluateSet(set, async (query) => files(rank(query, st)))) });
      if (st.key !== SHOW) continue;
      for (const q of set.questions) {
        const before = scoreQuestion(q.answers, files(rank(q.question, null)));
        const after = scoreQuestion(q.answers, files(rank(q.question, st)));
        if (before.recall3 === after.recall3) continue;
        const nb = (prepared.get(q.question) ?? []).map((p) => `${p.word} → ${p.neighbours.filter((x) => x.sim >= st.floor).slice(0, st.k).map((x) => `${x.word} ${x.sim.toFixed(2)}`).join(', ') || '-'}`).join('; ');
        shown.push(`${after.recall3 > before.recall3 ? 'GAIN' : 'LOSS'} ${set.corpus} "${q.question}" ${before.recall3} → ${after.recall3}\n     ${nb}`);
      }
    }
    await brain.close();
  }
  await projection.close();
} finally {
  await pool.end();
  await server.stop();
}
printReport(`Meaning probe (PostgreSQL, every match ranked; the hub search's first 10 differ from the rule here on ${differ} of ${questions} questions, which keep the search's own order)`, table, shown);
