/**
 * Full-text search over current entries with SQLite FTS5 (issue #10 "Search without load
 * costs", docs/decisions/0021; issue #18 "Search answers plain questions", 0035): the index
 * lives in the projection (`entry_search_fts`, Porter stems, kept in the apply path's
 * transaction), so a search costs a few indexed queries and nothing is loaded.
 *
 * The query's words without English stop words (src/search/query-terms.ts) match by their
 * stems, as words or prefixes; a word that starts nothing in the vocabulary is widened to the
 * vocabulary stems within a small edit distance (typo tolerance; src/projection/sqlite/search-words.ts).
 * A query is a question: a hit may hold any of the words. FTS5 ranks the matches by BM25 with
 * field weights title 3, tags 2, payload 1.5, rationale 1 (two adjacent query words as a phrase
 * score higher); hits are then ranked by BM25 times the share of the words the hit holds
 * (src/search/coordination.ts), the title factor (src/search/title-match.ts) and the status
 * weight (src/search/in-force.ts: entries no longer in force count half), looking up only the
 * hits that can still reach the page (exact; {@link ranked}).
 * Cost (docs/decisions/0047, 0059, 0072): FTS5's ranking pass over the matches — two when the
 * first head falls short, the second calling an SQL function per match — or, for several words,
 * over only the rows holding every word when no other row can reach the page ({@link top}); one
 * rowid-only pass per query word (which rows hold it, in any field and in the title) and per
 * pair's phrase; and a row lookup per hit that can still reach the page (~20–40 for a page of 20),
 * not per match. One read transaction: every pass sees one state of the index.
 */
import type Database from 'better-sqlite3';
import type { CacheDb } from './open-cache.js';
import { statusWeight } from '../../search/in-force.js';
import { ftsString, searchQuery } from '../../search/query-terms.js';
import { relevanceScores } from '../../search/relevance.js';
import { planWords, type WordPlan } from './search-words.js';
import { factors, type Factors } from './search-factors.js';
import { ceilingByWordsHeld, MAX_CEILING_WORDS, phraseCeilings, phraseStats, type Phrase } from './search-ceiling.js';

/** One hit: the entry id and its relevance score in (0, 1] (src/search/relevance.ts). */
export interface SearchHit {
  entry_id: string;
  relevance_score: number;
}

/** Options of {@link searchEntries}. */
export interface SearchQuery {
  query: string;
  /** One project (absent: any). */
  projectId?: string;
  /** Only these projects (a hub token's scope, src/projection/backend.ts); absent: any. */
  projects?: readonly string[];
  kind?: string;
  /** Maximum hits (default 20). */
  limit?: number;
}

/**
 * The SQL function giving a match's factor after BM25 — coordination × title factor, by the rules
 * of src/search — from the rowid-only passes of the query running ({@link ranked} sets it; the
 * search is synchronous, so no other query's factors can be in place).
 */
const FACTOR_FUNCTION = 'brain_search_factor';
let factorOf: (doc: number) => number = () => 1;

const MATCHES = 'FROM entry_search_fts WHERE entry_search_fts MATCH ?';
const BM25 = 'bm25(entry_search_fts, 3.0, 2.0, 1.5, 1.0)';

/**
 * The ranking queries (exported for the plan test): the FTS5 index alone, the top N by BM25
 * (`rank`), or by BM25 × {@link FACTOR_FUNCTION} (`bound`: the best score a match can reach, the
 * status weight being at most 1; a call into JavaScript per match, ~0.5–0.7 µs). Filters are applied
 * to the few ranked rows afterwards ({@link DOC_SQL}): joining every match to `entry_search`
 * before ranking cost ~4× the ranking itself at 20 000 entries (a common word matches half of
 * them). Rows are `[doc, score]`.
 */
export const RANK_SQL = {
  rank: `SELECT rowid AS doc, ${BM25} AS score ${MATCHES} ORDER BY score LIMIT ?`,
  bound: `SELECT rowid AS doc, ${BM25} * ${FACTOR_FUNCTION}(rowid) AS score ${MATCHES} ORDER BY score LIMIT ?`,
} as const;

/** One ranked row's entry, project, kind and status (rowid lookup). */
export const DOC_SQL = 'SELECT entry_id, project_id, entry_kind, status FROM entry_search WHERE doc = ?';

/**
 * The rows holding one word's expression (rowids only: FTS5 walks the doclists, no BM25 and no
 * document sizes). A lookup per ranked rowid instead (`rowid IN (…)`) cost ~1 ms per row for a
 * prefix at 20 000 entries: a prefix expands to every term it starts, each looked up.
 */
export const HELD_SQL = `SELECT rowid ${MATCHES}`;

/**
 * How many rows a ranking pass hands over (at least; 8 × the limit when more), ×4 while a hit
 * beyond them could still reach the page (decision 0047). Only the rows whose bound can still
 * reach the page are looked up (~20–40 for a page of 20); FTS5's sort of the matches costs more
 * with a larger limit (~+5 % at 160, +20–40 % at 640, at 10 000–40 000 entries).
 */
export const HEAD = 160;

/** Statements of one cache handle. */
interface Statements { rank: Database.Statement<unknown[]>; bound: Database.Statement<unknown[]>; doc: Database.Statement<unknown[]>; held: Database.Statement<unknown[]> }
const statements = new WeakMap<CacheDb, Statements>();

type Doc = { entry_id: string; project_id: string; entry_kind: string; status: string };
type Ranked = { entry_id: string; score: number; held: number };
/** Which rows a search may return, and how many. */
type Filter = { inProject: (projectId: string) => boolean; kind: string | null; limit: number };

function statementsOf(db: CacheDb): Statements {
  let s = statements.get(db);
  if (!s) {
    db.function(FACTOR_FUNCTION, { deterministic: false }, (doc) => factorOf(Number(doc)));
    s = { rank: db.prepare(RANK_SQL.rank).raw(), bound: db.prepare(RANK_SQL.bound).raw(), doc: db.prepare(DOC_SQL), held: db.prepare(HELD_SQL).pluck() };
    statements.set(db, s);
  }
  return s;
}

/**
 * The best `limit` rows matching `expression` (the query's word expressions joined by OR, or by
 * AND) that pass `filter`, by score — BM25 (negative, lower is better) × coordination × title
 * factor × status weight — then entry id. `held` is how many of the words a row holds; `best` is
 * the largest factor any match of `expression` has. Exact, by bounds: a row's bound,
 * BM25 × coordination × title factor, is the best score it can reach (the status weight is at
 * most 1). The rows ranked (at least {@link HEAD}) are looked up in the order of their bounds
 * until the `limit`-th score beats the next bound, and the page is final when it also beats the
 * best any row beyond them could reach. The first pass ranks by BM25 (no call per match): a row
 * beyond can reach the last BM25 × the best factor of any match. If that falls short, the next
 * pass ranks by the bound itself ({@link RANK_SQL}: ~1.5× the cost of a BM25 pass), where a row
 * beyond can reach no more than the last bound, and only statuses or filters pushing the page
 * past the head make a third (4× as many rows). Growing a BM25 head ×4 instead, each time a new
 * pass over every match, took 2–4 passes for a question of several common words
 * (docs/decisions/0059). A head cut by a fixed size lost in-force hits to superseded ones when
 * many matches have close BM25 (a common word), and disagreed with PostgreSQL
 * (test/hub/parity.test.ts). With `giveUp` (`mustBeat`, a magnitude; `kthFactor`, the
 * `limit`-th largest factor of the matches), gives up (null) as soon as a pass shows that the
 * page's `limit`-th score cannot exceed `mustBeat` in magnitude.
 */
function ranked(s: Statements, expression: string, f: Factors, best: number, filter: Filter, giveUp: { mustBeat: number; kthFactor: number } | null = null): Ranked[] | null {
  const docs = new Map<number, Doc | null>();
  const byScore = (a: Ranked, b: Ranked) => a.score - b.score || (a.entry_id < b.entry_id ? -1 : a.entry_id > b.entry_id ? 1 : 0);
  let byBound = false;
  let n = Math.max(filter.limit * 8, HEAD);
  for (;;) {
    let rows: [number, number][];
    factorOf = f.factor;
    try {
      rows = (byBound ? s.bound : s.rank).all(expression, n) as [number, number][];
    } finally {
      factorOf = () => 1;
    }
    const bounded = rows.map(([doc, score]) => ({ doc, bound: byBound ? score : score * f.factor(doc) })).sort((a, b) => a.bound - b.bound);
    const last = rows[rows.length - 1];
    if (giveUp !== null) {
      // The page's limit-th score is no better than the limit-th bound of every match: than the limit-th bound
      // here, or the limit-th beyond these rows (a BM25 no better than the last's, times the limit-th factor).
      const beyond = rows.length === n && last !== undefined ? last[1] * (byBound ? 1 : giveUp.kthFactor) : 0;
      if (-Math.min(bounded[filter.limit - 1]?.bound ?? 0, beyond) <= giveUp.mustBeat) return null;
    }
    const out: Ranked[] = []; // sorted by score
    for (const { doc, bound } of bounded) {
      const kth = out[filter.limit - 1];
      if (kth !== undefined && kth.score < bound) break; // no row from here on can reach the page
      if (!docs.has(doc)) docs.set(doc, (s.doc.get(doc) as Doc | undefined) ?? null);
      const d = docs.get(doc);
      if (!d || !filter.inProject(d.project_id) || (filter.kind !== null && d.entry_kind !== filter.kind)) continue;
      const hit = { entry_id: d.entry_id, held: f.held(doc), score: bound * statusWeight(d.status) };
      let at = out.length;
      while (at > 0 && byScore(out[at - 1]!, hit) > 0) at--;
      out.splice(at, 0, hit);
    }
    const kth = out[filter.limit - 1];
    // Done when every match was ranked, or when no row beyond the ranked ones can reach the page.
    if (rows.length < n || last === undefined || (kth !== undefined && kth.score < last[1] * (byBound ? 1 : best))) return out.slice(0, filter.limit);
    if (byBound) n *= 4; // statuses or filters pushed the page past the head
    byBound = true;
  }
}

/**
 * The best `filter.limit` rows matching any of the query's words (`words`: each word's phrases,
 * src/projection/sqlite/search-ceiling.ts), exactly as {@link ranked} over their OR. For several
 * words, the rows holding every word some row holds are ranked first (their `AND`: FTS5 scores
 * only them, with the same phrases less those no row holds, which add exactly 0: the same BM25,
 * bit for bit); that page is the answer when its `limit`-th score beats the most any other row
 * can reach — its factor × the BM25 ceiling of the words it holds ({@link ceilingByWordsHeld}: a
 * pair's phrase counted only for the rows holding it; the status weight is at most 1). The `AND`
 * pass gives up as soon as its page cannot beat that. Else the OR of the words is ranked as
 * before. Not tried with a kind (the rows of the kind holding every word are not known before
 * ranking), for more than {@link MAX_CEILING_WORDS} words, when fewer than `limit` rows hold every
 * word, or when every match does (decision 0072: at 40 000 entries `retry backoff jitter` ranks
 * the 3 998 rows holding all three words, not the 24 205 holding any).
 */
function top(db: CacheDb, words: readonly (readonly Phrase[])[], filter: Filter): Ranked[] {
  const s = statementsOf(db);
  const stats = phraseStats(db);
  const isPair = (p: Phrase) => (p.needs & (p.needs - 1)) !== 0;
  // A pair's phrase no row holds adds exactly 0 to every score and matches no row its first word does not: left out,
  // it costs no position check per match in the passes below (none of the bench's pairs occurs in its corpus).
  const phrases = words.map((p) => p.filter((x) => !isPair(x) || stats.exists(x.text)));
  const expressions = phrases.map((p) => (p.length === 1 ? p[0]!.text : `(${p.map((x) => x.text).join(' OR ')})`));
  const f = factors((expression) => s.held.all(expression) as number[], expressions);
  const n = expressions.length;
  const held = expressions.filter((_, i) => f.present[i]); // a word no row holds adds 0 to every score: left out of the AND
  // Not with a kind: the rows of one kind holding every word are not counted, and often too few. Only when at most
  // a third of the matches hold every word: above, the AND pass costs near the OR's, lost when the proof fails.
  if (held.length > 1 && n <= MAX_CEILING_WORDS && filter.kind === null && f.holdingAll >= filter.limit && f.holdingAll * 3 <= f.matches) {
    const all = phrases.flat();
    const ceilings = phraseCeilings(db, all, stats.count);
    const paired = ceilingByWordsHeld(all, ceilings, n);
    const bare = ceilingByWordsHeld(all, ceilings.map((c, i) => (isPair(all[i]!) ? 0 : c)), n);
    // A row holding a pair's phrase holds both its words: with two words held by any row, it holds every word.
    const partial = f.bestPartial(bare, paired, held.length > 2 ? all.filter(isPair).map((p) => stats.rows(p.text)) : []);
    // Worth a pass only if a row holding every word can beat every other row at all.
    if (partial < f.bestOfAll * paired[n]!) {
      const page = ranked(s, held.join(' AND '), f, f.bestOfAll, filter, { mustBeat: partial, kthFactor: f.kthOfAll(filter.limit) });
      const kth = page?.[filter.limit - 1];
      if (page && kth !== undefined && kth.score < -partial) return page;
    }
  }
  return ranked(s, expressions.join(' OR '), f, f.best, filter)!;
}

/**
 * The phrases of word `index` of `words`, in the order of its MATCH expression
 * (src/projection/sqlite/search-words.ts), each with the words a row needs to hold it: its stem as a word when it is an
 * indexed term, as a prefix when longer terms start with it — both when both: BM25 sums the
 * phrases a hit holds, so the word itself ("log", any inflection) outranks the longer words it
 * merely starts ("logic") — or, for a typo, its alternatives, vocabulary stems, as prefixes
 * (FTS5 stems a query string again, and a stem of a stem may lose a letter: "databas" →
 * "databa"); then the phrase of the word and each query word that follows it (`next`: their
 * indexes), which needs both.
 */
function wordPhrases(word: string, index: number, plan: WordPlan, next: readonly number[], words: readonly string[]): Phrase[] {
  const own = (text: string) => ({ text, needs: 1 << index });
  return [
    ...(plan.exact ? [own(ftsString(word, false))] : []),
    ...(plan.longer || (!plan.exact && plan.alternatives.length === 0) ? [own(ftsString(word, true))] : []),
    ...plan.alternatives.map((a) => own(ftsString(a, true))),
    ...next.map((j) => ({ text: ftsString(`${word} ${words[j]!}`, false), needs: (1 << index) | (1 << j) })),
  ];
}

/**
 * Hits for `q.query` in project `q.projectId` and `q.projects` (optionally one entry kind), best
 * first: every hit holding any word, by score (module comment), ties by entry id. The query
 * text is hostile input: only its words reach FTS5, each quoted.
 * Errors: `invalid_argument` when the query has no word (letters or digits).
 */
export function searchEntries(db: CacheDb, q: SearchQuery): SearchHit[] {
  const { words, pairs } = searchQuery(q.query);
  // One read transaction: every pass, count and lookup sees one state of the index (the page's proof needs it).
  return db.transaction(() => hitsOf(db, q, words, pairs))();
}

function hitsOf(db: CacheDb, q: SearchQuery, words: readonly string[], pairs: readonly (readonly [string, string])[]): SearchHit[] {
  const plans = planWords(db, words);
  // A pair's phrase joins its first word's group: it implies that word, so it changes no match, only the score.
  const phrases = words.map((w, i) => wordPhrases(w, i, plans.get(w)!, pairs.filter(([a]) => a === w).map(([, b]) => words.indexOf(b)), words));
  const kind = q.kind ?? null;
  const limit = q.limit ?? 20;
  const only = q.projects ? new Set(q.projects) : null;
  const inProject = (p: string) => (q.projectId === undefined || p === q.projectId) && (only === null || only.has(p));
  const rows = top(db, phrases, { inProject, kind, limit });
  // bm25() is negative, lower is better: relevance of its negation.
  const relevance = relevanceScores(rows.map((r) => -r.score), rows.length > 0 ? rows[0]!.held / words.length : 1);
  return rows.map((r, i) => ({ entry_id: r.entry_id, relevance_score: relevance[i]! }));
}
