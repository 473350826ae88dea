/**
 * The search question set (issue #18 "Search answers plain questions", docs/decisions/0035):
 * `bench/questions/<corpus>.json` holds, for the ADR corpus `fixtures/adr/<corpus>/`, the
 * questions an engineer joining would type, each with the ADR file names that answer it:
 *
 *   { "corpus": "<owner>__<repo>", "questions": [{ "question": "how do we do backups", "answers": ["0007-backup-strategy.md"] }] }
 *
 * `answers` are file names relative to the corpus folder (1–3 of them; where a newer ADR
 * replaced an older one, only the one in force); an optional `note` says why an expectation was
 * corrected after the set was written (never to fit a ranking). Pure: no project module is
 * imported here, so the bench (`dist/`) and the test (`src/`) share it.
 *
 * Held-out corpora (folders outside fixtures/adr, e.g. ones nobody here has tuned on) join with
 * `BENCH_QUESTIONS=<corpus folder>=<question file>[:…]`, or with `BENCH_ADR_DIRS=<folder>[:…]`
 * for a folder holding its own `questions.json`; bench/questions/held-out/ keeps the sets
 * written for corpora not bundled (decision 0056).
 *
 * Metrics over the first 3 hits: recall@3 = the share of a question's answers among them,
 * averaged over questions; MRR = 1 / the rank of the first answer among the first 10 hits (0
 * when none), averaged.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the question files live. */
export const QUESTIONS_DIR = fileURLToPath(new URL('./questions', import.meta.url));
/** Where the corpora live. */
export const CORPORA_DIR = fileURLToPath(new URL('../fixtures/adr', import.meta.url));
/** Hits asked for per question (MRR looks this deep). */
export const DEPTH = 10;

/**
 * One question file read and checked against its corpus folder `dir`: `{ corpus, dir, questions,
 * heldOut }`. Throws on a malformed file or an answer that is not a file of the corpus (a typo in
 * the set would otherwise read as a search miss).
 */
export function readQuestionSet(file, dir, heldOut = false) {
  const set = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(set.questions) || set.questions.length === 0) throw new Error(`${file}: no questions`);
  for (const q of set.questions) {
    if (typeof q.question !== 'string' || !Array.isArray(q.answers) || q.answers.length < 1 || q.answers.length > 3) throw new Error(`${file}: malformed question ${JSON.stringify(q)}`);
    for (const a of q.answers) if (!existsSync(join(dir, a))) throw new Error(`${file}: "${q.question}" names ${a}, which is not in ${dir}`);
  }
  return { corpus: String(set.corpus ?? basename(dir)), dir, questions: set.questions, heldOut };
}

/**
 * Every question set whose corpus folder exists under fixtures/adr, sorted by corpus, then the
 * held-out ones the environment names (`env`: BENCH_QUESTIONS pairs, then BENCH_ADR_DIRS folders
 * with a questions.json; others are skipped). Throws as readQuestionSet does, and on a
 * BENCH_QUESTIONS item that is not `folder=file`.
 */
export function loadQuestionSets(env = {}) {
  const sets = [];
  for (const file of readdirSync(QUESTIONS_DIR).filter((f) => f.endsWith('.json')).sort()) {
    const set = JSON.parse(readFileSync(join(QUESTIONS_DIR, file), 'utf8'));
    const dir = join(CORPORA_DIR, String(set.corpus));
    if (existsSync(dir)) sets.push(readQuestionSet(join(QUESTIONS_DIR, file), dir));
  }
  for (const pair of (env.BENCH_QUESTIONS ?? '').split(':').filter(Boolean)) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`BENCH_QUESTIONS: "${pair}" is not <corpus folder>=<question file>`);
    sets.push(readQuestionSet(resolve(pair.slice(at + 1)), resolve(pair.slice(0, at)), true));
  }
  for (const dir of (env.BENCH_ADR_DIRS ?? '').split(':').filter(Boolean).map((d) => resolve(d))) {
    if (existsSync(join(dir, 'questions.json'))) sets.push(readQuestionSet(join(dir, 'questions.json'), dir, true));
  }
  return sets;
}

/** recall@3 and the reciprocal rank of one question, given the answering files of its hits in rank order. */
export function scoreQuestion(answers, rankedFiles) {
  const top = rankedFiles.slice(0, 3);
  const recall3 = answers.filter((a) => top.includes(a)).length / answers.length;
  const rank = rankedFiles.slice(0, DEPTH).findIndex((f) => answers.includes(f));
  return { recall3, reciprocalRank: rank < 0 ? 0 : 1 / (rank + 1) };
}

/**
 * Runs every question of `set` through `search(question)` (resolving to the hits' file names in
 * rank order) and returns `{ recall3, mrr, misses }`; `misses` are the questions with an answer
 * missing from the first 3 hits, with those hits.
 */
export async function evaluateSet(set, search) {
  let recall = 0;
  let rr = 0;
  const misses = [];
  for (const q of set.questions) {
    const files = await search(q.question);
    const s = scoreQuestion(q.answers, files);
    recall += s.recall3;
    rr += s.reciprocalRank;
    if (s.recall3 < 1) misses.push({ question: q.question, answers: q.answers, top3: files.slice(0, 3) });
  }
  const n = set.questions.length;
  return { recall3: recall / n, mrr: rr / n, misses };
}
