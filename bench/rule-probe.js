/**
 * Weighs a candidate search rule on every question set before it is built into both backends
 * (issue #18 "recall@3 ≥ 0.9 on every corpus"; docs/decisions/0077). Each corpus is imported as
 * the bench's "search questions" section does (search-questions.js), each question searched on
 * the clone's SQLite projection (top {@link TOP}), and the hits re-ranked by
 * `relevance × the rule's factor`; recall@3 and MRR as bench/question-set.js counts them. The
 * relevance is the real ranking's (BM25 × coordination × title factor × status weight, scaled
 * by the first hit), so a factor of 1 reproduces the bench's figures exactly — the first column
 * printed — and a rule that replaces BM25 is probed as the ratio of its score to FTS5's BM25.
 * A probe, not the rule: what a re-ranking of the top 50 cannot show (a hit below them rising)
 * it misses, and PostgreSQL is not run (it misses what SQLite misses on 21 of the 23 sets, 0074, 0077).
 *
 * PROBE_RULE, with PROBE_VALUES (comma-separated; the first is the baseline):
 * - `passage` (values α; PROBE_PASSAGE `heading` or `window:<words>`): a hit's BM25 × (its best
 *   passage's BM25 / its whole BM25)^α — passage-level BM25 (Callan, SIGIR 1994), the passages
 *   being the rationale's sections at its Markdown headings, or windows of N words overlapping
 *   by half, each indexed with the entry's title and tags (and one passage of its payload), the
 *   same tokenizer and column weights as `entry_search_fts`.
 * - `passage-coord` (values α; PROBE_PASSAGE as above): × (the most query words one passage holds / the
 *   words the entry holds)^α — coordination (src/search/coordination.ts) counted in the best
 *   passage instead of the whole entry, so a long record holding every word once, far apart, no
 *   longer counts as holding them all.
 * - `near` (values α; PROBE_WINDOW, default 300): as `passage-coord` with the rule as it would be
 *   built: sliding windows of that many index words (src/projection/postgres/search-doc.ts
 *   `indexWords`, each stemmed by FTS5) over the rationale, the words the title, tags or payload
 *   hold counting in every window.
 * - `heading-share` (values w): × (1 + w × the share of the query's words in the rationale's
 *   headings), a heading field read like the title factor (src/search/title-match.ts).
 * - `bm25` (values `k1:b`): BM25 with other parameters, computed from FTS5's own token instances
 *   (`fts5vocab` 'instance'), FTS5's formula (`fts5Bm25Function`); `1.2:0.75` equals FTS5's
 *   `bm25()` (the probe checks it on the first 400 rows and prints the largest difference).
 * - `proposed` (values w): × w for a hit whose status is `proposed`.
 *
 * Run: `BENCH_QUESTIONS=… PROBE_RULE=passage PROBE_VALUES=0,0.5,1 node bench/rule-probe.js`
 * after `npx tsc -p tsconfig.json` (it reads dist/). Counts, not times.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { importSetBrain } from './set-brain.js';
import { foldTerm, ftsString, searchQuery } from '../dist/search/query-terms.js';
import { porterStems } from '../dist/search/porter-stems.js';
import { planWords } from '../dist/projection/sqlite/search-words.js';
import { FTS_TOKENIZER } from '../dist/projection/sqlite/schema.js';
import { indexWords } from '../dist/projection/postgres/search-doc.js';
import { evaluateSet, loadQuestionSets } from './question-set.js';

/** Hits re-ranked per question. */
const TOP = 50;
/** FTS5's column weights of `entry_search_fts` (src/projection/sqlite/search.ts), by column name. */
const WEIGHT = { title: 3, tags: 2, payload_text: 1.5, rationale: 1 };
const RULE = process.env.PROBE_RULE ?? 'passage';
if (!['passage', 'passage-coord', 'near', 'heading-share', 'bm25', 'proposed'].includes(RULE)) throw new Error(`PROBE_RULE: no rule "${RULE}" (see the header of bench/rule-probe.js)`);
const VALUES = (process.env.PROBE_VALUES ?? '0,0.5,1').split(',');

/**
 * The phrases of a query as src/projection/sqlite/search.ts builds them (`wordPhrases`): per word
 * its stem as a word and/or a prefix, its typo alternatives, and the phrase with the next word;
 * each with its FTS5 text, the word it belongs to, and a test on index terms (`at`: a term and
 * the term after it).
 */
function phrasesOf(db, query) {
  const { words, pairs } = searchQuery(query);
  const plans = planWords(db, words);
  const stem = (w) => porterStems([foldTerm(w)]).get(foldTerm(w))?.[0] ?? foldTerm(w);
  return words.flatMap((w, word) => {
    const plan = plans.get(w);
    const s = stem(w);
    return [
      ...(plan.exact ? [{ text: ftsString(w, false), word, at: (t) => t === s }] : []),
      ...(plan.longer || (!plan.exact && plan.alternatives.length === 0) ? [{ text: ftsString(w, true), word, at: (t) => t.startsWith(s) }] : []),
      ...plan.alternatives.map((a) => ({ text: ftsString(a, true), word, at: (t) => t.startsWith(a) })),
      ...pairs.filter(([a]) => a === w).map(([, b]) => ({ text: ftsString(`${w} ${b}`, false), word, at: (t, next) => t === s && next === stem(b) })),
    ];
  });
}

/** The MATCH expression of `phrases`: each word's phrases OR-ed, the words OR-ed. */
function expressionOf(phrases) {
  const byWord = new Map();
  for (const p of phrases) byWord.set(p.word, [...(byWord.get(p.word) ?? []), p.text]);
  return [...byWord.values()].map((t) => (t.length === 1 ? t[0] : `(${t.join(' OR ')})`)).join(' OR ');
}

/** The rationale's passages: its sections at Markdown headings, or windows of `size` words overlapping by half. */
function passages(text, mode) {
  if (mode.startsWith('window:')) {
    const size = Number(mode.slice(7));
    const words = text.split(/\s+/).filter(Boolean);
    const out = [];
    for (let at = 0; at === 0 || at + size / 2 < words.length; at += size / 2) out.push(words.slice(at, at + size).join(' '));
    return out;
  }
  const out = [];
  let section = [];
  for (const line of text.split('\n')) {
    if (/^#{1,6}\s/.test(line) && section.join('').trim()) out.push(section.splice(0).join('\n'));
    section.push(line);
  }
  return [...out, section.join('\n')];
}

/** An in-memory FTS5 database over the search rows `rows`: `d` whole entries, `p` passages, `h` headings. */
function scratch(rows, mode) {
  const mem = new Database(':memory:');
  const cols = 'entry_id UNINDEXED, title, tags, payload_text, rationale';
  mem.exec(`CREATE VIRTUAL TABLE d USING fts5(${cols}, tokenize = '${FTS_TOKENIZER}');
    CREATE VIRTUAL TABLE p USING fts5(${cols}, tokenize = '${FTS_TOKENIZER}');
    CREATE VIRTUAL TABLE h USING fts5(entry_id UNINDEXED, headings, tokenize = '${FTS_TOKENIZER}');`);
  const [d, p, h] = ['d', 'p', 'h'].map((t) => mem.prepare(`INSERT INTO ${t} VALUES (${t === 'h' ? '?, ?' : '?, ?, ?, ?, ?'})`));
  mem.transaction(() => {
    for (const r of rows) {
      d.run(r.entry_id, r.title, r.tags, r.payload_text, r.rationale);
      p.run(r.entry_id, r.title, r.tags, r.payload_text, '');
      for (const text of passages(r.rationale, mode)) p.run(r.entry_id, r.title, r.tags, '', text);
      h.run(r.entry_id, r.rationale.split('\n').filter((l) => /^#{1,6}\s/.test(l)).map((l) => l.replace(/^#+\s*/, '')).join('\n'));
    }
  })();
  return mem;
}

/** Each entry's tokens from FTS5 itself: `{ length, columns: Map(column → Map(offset → term)) }` by entry id. */
function tokens(cache) {
  cache.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.probe_instances USING fts5vocab(main, entry_search_fts, 'instance')`);
  const idOf = new Map(cache.prepare('SELECT doc, entry_id FROM entry_search').all().map((r) => [r.doc, r.entry_id]));
  const docs = new Map();
  for (const r of cache.prepare('SELECT term, doc, col, offset FROM temp.probe_instances').iterate()) {
    const id = idOf.get(r.doc);
    const d = docs.get(id) ?? docs.set(id, { length: 0, columns: new Map() }).get(id);
    d.length++;
    (d.columns.get(r.col) ?? d.columns.set(r.col, new Map()).get(r.col)).set(r.offset, r.term);
  }
  return docs;
}

/** BM25 of every entry for `phrases` with `k1`, `b`: FTS5's `fts5Bm25Function` over `docs` ({@link tokens}). */
function bm25(docs, phrases) {
  const tf = new Map();
  for (const [id, d] of docs) {
    tf.set(id, phrases.map((p) => {
      let f = 0;
      for (const [col, terms] of d.columns) for (const [at, t] of terms) if (p.at(t, terms.get(at + 1))) f += WEIGHT[col];
      return f;
    }));
  }
  const n = docs.size;
  const avgdl = [...docs.values()].reduce((s, d) => s + d.length, 0) / n;
  const idf = phrases.map((_, i) => {
    const held = [...tf.values()].filter((f) => f[i] > 0).length;
    return Math.max(Math.log((n - held + 0.5) / (held + 0.5)), 1e-6);
  });
  return (id, k1, b) => (tf.get(id) ?? []).reduce((s, f, i) => s + (idf[i] * f * (k1 + 1)) / (f + k1 * (1 - b + (b * docs.get(id).length) / avgdl)), 0);
}

/** The factor of each hit of one query under the rule (`passage` unless another is named), for each value: `(hit, value) → number`. */
function factorsOf(ctx, query) {
  if (RULE === 'proposed') return (hit, w) => (hit.status === 'proposed' ? Number(w) : 1);
  let phrases;
  try {
    phrases = phrasesOf(ctx.cache, query);
  } catch {
    return () => 1; // a query without words
  }
  if (RULE === 'bm25') {
    const score = bm25(ctx.docs, phrases);
    compare(score, ctx.fts.all(expressionOf(phrases)));
    return (hit, v) => {
      const [k1, b] = v.split(':').map(Number);
      const base = score(hit.id, 1.2, 0.75);
      return base > 0 ? score(hit.id, k1, b) / base : 1;
    };
  }
  const expression = expressionOf(phrases);
  if (RULE === 'heading-share') {
    const words = new Set(phrases.map((p) => p.word)).size;
    const share = new Map();
    for (const w of new Set(phrases.map((p) => p.word))) {
      for (const { entry_id } of ctx.headings.all(expressionOf(phrases.filter((p) => p.word === w)))) share.set(entry_id, (share.get(entry_id) ?? 0) + 1 / words);
    }
    return (hit, w) => 1 + Number(w) * (share.get(hit.id) ?? 0);
  }
  if (RULE === 'near') {
    const size = Number(process.env.PROBE_WINDOW ?? 300);
    const wordsOf = (text) => {
      const tokens = indexWords(text);
      const stems = porterStems([...new Set(tokens)]);
      const st = tokens.map((t) => stems.get(t)?.[0] ?? t);
      return st.map((t, i) => new Set(phrases.filter((p) => p.at(t, st[i + 1])).map((p) => p.word)));
    };
    const near = new Map();
    return (hit, a) => {
      if (!near.has(hit.id)) {
        const row = ctx.row.get(hit.id);
        const fields = new Set(wordsOf(`${row.title}\n${row.tags}\n${row.payload_text}`).flatMap((w) => [...w]));
        const body = wordsOf(row.rationale);
        const held = new Set([...fields, ...body.flatMap((w) => [...w])]).size;
        let best = fields.size;
        for (let at = 0; at < body.length; at++) {
          if (body[at].size === 0) continue;
          const inWindow = new Set(fields);
          for (let i = at; i < Math.min(body.length, at + size); i++) for (const w of body[i]) inWindow.add(w);
          best = Math.max(best, inWindow.size);
        }
        near.set(hit.id, held > 0 ? best / held : 1);
      }
      return near.get(hit.id) ** Number(a);
    };
  }
  if (RULE === 'passage-coord') {
    const perPassage = new Map(); // passage rowid → words held
    const perEntry = new Map(); // entry id → words held
    for (const w of new Set(phrases.map((p) => p.word))) {
      const mine = expressionOf(phrases.filter((p) => p.word === w));
      for (const { rowid } of ctx.passageRows.all(mine)) perPassage.set(rowid, (perPassage.get(rowid) ?? 0) + 1);
      for (const { entry_id } of ctx.wholeRows.all(mine)) perEntry.set(entry_id, (perEntry.get(entry_id) ?? 0) + 1);
    }
    const best = new Map();
    for (const [rowid, held] of perPassage) {
      const id = ctx.entryOfPassage.get(rowid);
      best.set(id, Math.max(best.get(id) ?? 0, held));
    }
    return (hit, a) => (perEntry.get(hit.id) > 0 ? ((best.get(hit.id) ?? 0) / perEntry.get(hit.id)) ** Number(a) : 1);
  }
  const whole = new Map(ctx.whole.all(expression).map((r) => [r.entry_id, r.s]));
  const best = new Map();
  for (const r of ctx.passage.all(expression)) best.set(r.entry_id, Math.max(best.get(r.entry_id) ?? 0, r.s));
  return (hit, a) => (whole.get(hit.id) > 0 && best.get(hit.id) > 0 ? (best.get(hit.id) / whole.get(hit.id)) ** Number(a) : 1);
}

const table = VALUES.map(() => []);
let checked = 0;
let worst = 0;
/** Checks the JS BM25 `score` against FTS5's on its first 400 rows (`rows`: FTS5's `{ entry_id, s }`). */
function compare(score, rows) {
  for (const r of rows) {
    if (checked++ >= 400) return;
    worst = Math.max(worst, Math.abs(score(r.entry_id, 1.2, 0.75) - r.s) / Math.max(r.s, 1e-3));
  }
}
for (const set of loadQuestionSets(process.env)) {
  const { brain, fileOf, repoDir } = await importSetBrain(set, 'probe');
  await brain.search({ query: 'cache', limit: 1 }); // the projection is current
  const cache = new Database(join(repoDir, '.git', 'brain', 'cache.sqlite'));
  const rows = cache.prepare('SELECT entry_id, title, tags, payload_text, rationale FROM entry_search').all();
  const mem = scratch(rows, process.env.PROBE_PASSAGE ?? 'heading');
  const fts = cache.prepare('SELECT s.entry_id, -bm25(entry_search_fts, 3.0, 2.0, 1.5, 1.0) AS s FROM entry_search_fts f JOIN entry_search s ON s.doc = f.rowid WHERE entry_search_fts MATCH ?');
  const ctx = {
    cache, fts, docs: RULE === 'bm25' ? tokens(cache) : null,
    whole: mem.prepare('SELECT entry_id, -bm25(d, 3.0, 2.0, 1.5, 1.0) AS s FROM d WHERE d MATCH ?'),
    passage: mem.prepare('SELECT entry_id, -bm25(p, 3.0, 2.0, 1.5, 1.0) AS s FROM p WHERE p MATCH ?'),
    headings: mem.prepare('SELECT DISTINCT entry_id FROM h WHERE h MATCH ?'),
    row: new Map(rows.map((r) => [r.entry_id, r])),
    passageRows: mem.prepare('SELECT rowid FROM p WHERE p MATCH ?'),
    wholeRows: mem.prepare('SELECT entry_id FROM d WHERE d MATCH ?'),
    entryOfPassage: new Map(mem.prepare('SELECT rowid, entry_id FROM p').all().map((r) => [r.rowid, r.entry_id])),
  };
  const queries = new Map();
  const hitsOf = async (query) => {
    if (!queries.has(query)) {
      let hits = [];
      try {
        hits = (await brain.search({ query, limit: TOP })).map((h) => ({ id: h.entry.entry_id, status: h.entry.status, relevance: h.relevance_score }));
      } catch (err) {
        if (err?.code !== 'invalid_argument') throw err;
      }
      queries.set(query, { hits, factor: factorsOf(ctx, query) });
    }
    return queries.get(query);
  };
  for (const [i, value] of VALUES.entries()) {
    const r = await evaluateSet(set, async (query) => {
      const { hits, factor } = await hitsOf(query);
      return hits.map((h, at) => ({ h, at, score: h.relevance * factor(h, value) }))
        .sort((x, y) => y.score - x.score || x.at - y.at).map(({ h }) => fileOf.get(h.id) ?? h.id);
    });
    table[i].push({ corpus: set.corpus, questions: set.questions.length, ...r });
  }
  cache.close();
  mem.close();
}

const answered = (r) => Math.round(r.recall3 * r.questions * 2) / 2;
const cell = (r, base) => `${r.recall3.toFixed(3)} / ${r.mrr.toFixed(3)}${answered(r) < answered(base) - 1 ? ' (!)' : answered(r) !== answered(base) ? ` (${answered(r) > answered(base) ? '+' : ''}${answered(r) - answered(base)})` : ''}`;
const mean = (rs, k) => (rs.reduce((s, r) => s + r[k], 0) / rs.length).toFixed(4);
const head = `${RULE}${RULE.startsWith('passage') ? ` (${process.env.PROBE_PASSAGE ?? 'heading'})` : RULE === 'near' ? ` (window ${process.env.PROBE_WINDOW ?? 300})` : ''}`;
process.stdout.write(`\nRule probe: ${head}, recall@3 / MRR (SQLite, top ${TOP} re-ranked; (±n) questions answered vs the first column, (!) loses more than one)\n\n`);
process.stdout.write(`${['set'.padEnd(46), ...VALUES.map((v) => v.padEnd(22))].join(' ')}\n`);
for (const [i, base] of table[0].entries()) process.stdout.write(`${[base.corpus.padEnd(46), ...table.map((t) => cell(t[i], base).padEnd(22))].join(' ')}\n`);
process.stdout.write(`${['mean'.padEnd(46), ...table.map((t) => `${mean(t, 'recall3')} / ${mean(t, 'mrr')}`.padEnd(22))].join(' ')}\n`);
if (RULE === 'bm25') process.stdout.write(`\nJS BM25 (1.2, 0.75) against FTS5's bm25() over ${Math.min(checked, 400)} rows: largest relative difference ${worst.toExponential(2)}\n`);
