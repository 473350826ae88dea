/**
 * Why each missed question misses (issue #18 "recall@3 ≥ 0.9 on every corpus"; docs/decisions/0083):
 * every question set is imported as the bench's "search questions" section does
 * (search-questions.js) and searched on the clone's SQLite projection; for each question whose
 * answers are not all in the first 3, prints each answer and each other hit of the first 3 with
 * its rank, status, length (payload and rationale, characters) and title, and which of the
 * question's words (src/search/query-terms.ts, after stop words) it holds — in capitals when its
 * title holds them — and which it lacks, each word with the number of entries holding it (as the
 * search matches it: its stem as a word, as a prefix, or its typo alternatives,
 * src/projection/sqlite/search-words.ts). With it a miss is classed by reading one block: a word
 * the answer lacks (vocabulary), a rarer word a long record holds (length), the same words with
 * a title holding more of them (title), a status weight (status).
 *
 * Run: `BENCH_QUESTIONS=… node bench/miss-report.js` after `npx tsc -p tsconfig.json` (it reads
 * dist/); `MISS_SETS=kuma,forms` keeps the sets whose corpus name holds one of those. SQLite only:
 * PostgreSQL misses the same questions but for its stemmer's (0074, 0077). Counts, not times.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { importSetBrain } from './set-brain.js';
import { ftsString, searchQuery } from '../dist/search/query-terms.js';
import { planWords } from '../dist/projection/sqlite/search-words.js';
import { loadQuestionSets, scoreQuestion } from './question-set.js';

/** Hits read per question (an answer below them shows rank "-"). */
const TOP = 50;
const only = (process.env.MISS_SETS ?? '').split(',').filter(Boolean);

/** The FTS5 expression of one query word as the search matches it (its phrases OR-ed, pairs left out). */
function wordExpression(word, plan) {
  return [
    ...(plan.exact ? [ftsString(word, false)] : []),
    ...(plan.longer || (!plan.exact && plan.alternatives.length === 0) ? [ftsString(word, true)] : []),
    ...plan.alternatives.map((a) => ftsString(a, true)),
  ].join(' OR ');
}

let misses = 0;
for (const set of loadQuestionSets(process.env)) {
  if (only.length > 0 && !only.some((o) => set.corpus.includes(o))) continue;
  const { brain, report, fileOf, repoDir } = await importSetBrain(set, 'misses');
  const idOf = new Map(report.entries.map((e) => [e.source_path, e.entry_id]));
  await brain.search({ query: 'cache', limit: 1 }); // the projection is current
  const db = new Database(join(repoDir, '.git', 'brain', 'cache.sqlite'), { readonly: true });
  const rows = new Map(db.prepare('SELECT entry_id, title, status, length(payload_text) + length(rationale) AS chars FROM entry_search').all().map((r) => [r.entry_id, r]));
  const holding = db.prepare('SELECT s.entry_id FROM entry_search_fts f JOIN entry_search s ON s.doc = f.rowid WHERE entry_search_fts MATCH ?').pluck();
  process.stdout.write(`\n## ${set.corpus} (${rows.size} entries)\n`);
  for (const q of set.questions) {
    let hits = [];
    try {
      hits = (await brain.search({ query: q.question, limit: TOP })).map((h) => h.entry.entry_id);
    } catch (err) {
      if (err?.code !== 'invalid_argument') throw err;
    }
    if (scoreQuestion(q.answers, hits.map((id) => fileOf.get(id))).recall3 >= 1) continue;
    misses++;
    const { words } = searchQuery(q.question);
    const plans = planWords(db, words);
    const held = words.map((w) => {
      const expression = wordExpression(w, plans.get(w));
      return { w, any: new Set(holding.all(expression)), title: new Set(holding.all(`{title} : (${expression})`)) };
    });
    process.stdout.write(`\n"${q.question}"  words: ${held.map((h) => `${h.w} (${h.any.size})`).join(', ')}\n`);
    const line = (id, mark) => {
      const r = rows.get(id);
      const holds = held.filter((h) => h.any.has(id)).map((h) => (h.title.has(id) ? h.w.toUpperCase() : h.w));
      const lacks = held.filter((h) => !h.any.has(id)).map((h) => h.w);
      process.stdout.write(`  ${mark} ${String(hits.indexOf(id) + 1 || '-').padStart(2)} ${fileOf.get(id)} [${r?.status}, ${r?.chars} chars] "${r?.title}" holds: ${holds.join(' ') || '-'}; lacks: ${lacks.join(' ') || '-'}\n`);
    };
    for (const a of q.answers) line(idOf.get(a), 'want');
    for (const id of hits.slice(0, 3)) if (!q.answers.includes(fileOf.get(id))) line(id, 'top ');
  }
  db.close();
}
process.stdout.write(`\n${misses} questions with an answer outside the first 3\n`);
