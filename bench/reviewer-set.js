/**
 * The candidate reviewer against the reviewer set (issue #20 "Measure it"; docs/decisions/0043;
 * fixtures/reviewer-set/set.json): builds the base brain from the real ADR corpora in
 * fixtures/adr/ (one project per corpus, hold-outs left out, edits applied, earlier drafts cut),
 * reviews every case through the service exactly as `brain propose` reviews (nothing is
 * written), and reports each verdict against the expected relation and target, and whether
 * `auto_approve: "safe"` would have approved it. Used by `npm run bench` (run.js, the reviewer
 * section) and by test/candidates/reviewer-set.test.ts (a floor on the counts). Needs `dist/`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBrain } from '../dist/service.js';
import { importAdr } from '../dist/service/import-adr.js';
import { assembleAdrSources } from '../dist/importers/adr/read-adr-dir.js';
import { LIMITS } from '../dist/model/limits.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
/** The relations of the set, in report order. */
export const SET_RELATIONS = ['duplicate', 'additive_update', 'full_replacement', 'novel', 'possible_split'];

/** `text` without its last `## ` section (an earlier draft of the ADR). */
function dropLastSection(text) {
  const lines = text.split('\n');
  let last = -1;
  lines.forEach((line, i) => { if (/^## /.test(line)) last = i; });
  return last <= 0 ? text : `${lines.slice(0, last).join('\n').trimEnd()}\n`;
}

/** A base file's text: edits applied, cut to its earlier draft when listed. */
function baseText(corpus, file) {
  let text = readFileSync(join(FIXTURES, 'adr', corpus.name, file), 'utf8');
  for (const [from, to] of corpus.edits[file] ?? []) {
    if (!text.includes(from)) throw new Error(`reviewer set: edit of ${corpus.name}/${file} does not apply: ${JSON.stringify(from.slice(0, 60))}`);
    text = text.replace(from, to);
  }
  return corpus.earlier.includes(file) ? dropLastSection(text) : text;
}

/**
 * The entry fields an ADR file proposes (as `brain import adr` reads it; no citation or link: an
 * agent proposing cites nothing), cut to the bounds of typed input (LIMITS.rationale,
 * LIMITS.text) as an agent proposing it must.
 */
function adrFields(corpus, file, projectId) {
  const source = readFileSync(join(FIXTURES, 'adr', corpus.name, file), 'utf8');
  const [draft] = assembleAdrSources({ sources: [{ source_path: file, source }], projectId }).drafts;
  const { title, rationale, status, tags, payload } = draft.fields;
  const cut = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, LIMITS.text) : Array.isArray(v) ? v.map((a) => (typeof a === 'string' ? a.slice(0, LIMITS.text) : a)) : v]));
  return { title, rationale: rationale.slice(0, LIMITS.rationale), ...(status ? { status } : {}), ...(tags?.length ? { tags } : {}), payload: cut };
}

/** One candidate covering two ADRs: both titles, both texts, both outcomes and alternatives. */
function combined(corpus, [a, b], projectId) {
  const x = adrFields(corpus, a, projectId);
  const y = adrFields(corpus, b, projectId);
  const title = `${x.title} and ${y.title.charAt(0).toLowerCase()}${y.title.slice(1)}`.slice(0, 200);
  return {
    title,
    rationale: `${x.rationale.slice(0, LIMITS.rationale / 2 - 1)}\n\n${y.rationale.slice(0, LIMITS.rationale / 2 - 1)}`,
    payload: { decision_outcome: `${x.payload.decision_outcome}\n\n${y.payload.decision_outcome}`.slice(0, LIMITS.text), alternatives: [...x.payload.alternatives, ...y.payload.alternatives].slice(0, 100) },
  };
}

/**
 * Builds the base brain under `root` and reviews every case. Returns the per-case verdicts and
 * the summary: per expected relation, how many verdicts were correct (relation and target), and
 * how many duplicates or replacements `auto_approve: "safe"` would have approved (unsafe).
 */
export async function runReviewerSet({ root, log = () => undefined }) {
  const set = JSON.parse(readFileSync(join(FIXTURES, 'reviewer-set', 'set.json'), 'utf8'));
  const repo = join(root, 'reviewer-repo');
  mkdirSync(repo, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: repo });
  const brains = new Map();
  const ids = new Map();
  try {
    for (const [name, spec] of Object.entries(set.corpora)) {
      const corpus = { name, ...spec };
      const dir = join(root, 'reviewer-base', name);
      mkdirSync(dir, { recursive: true });
      for (const file of readdirSync(join(FIXTURES, 'adr', name)).filter((f) => f.endsWith('.md') && !spec.hold_out.includes(f))) writeFileSync(join(dir, file), baseText(corpus, file));
      const brain = await openBrain({ repoDir: repo, projectId: spec.project, author: 'reviewer-set' });
      await brain.init();
      const report = await importAdr(brain, { dir });
      for (const e of report.entries) ids.set(`${name}/${e.source_path}`, e.entry_id);
      brains.set(name, { brain, corpus });
      log(`reviewer set: ${spec.project}: ${report.imported} ADRs imported`);
    }
    const verdicts = [];
    for (const c of set.cases) {
      const { brain, corpus } = brains.get(c.corpus);
      const fields = c.from ? adrFields(corpus, c.from, corpus.project) : c.combine ? combined(corpus, c.combine, corpus.project) : c.proposal;
      const { review } = await brain.candidates.review({ kind: 'decision', fields });
      const targets = c.targets.map((f) => ids.get(`${c.corpus}/${f}`));
      const targetOk = c.expected === 'novel' ? review.target_entry_id === null : targets.includes(review.target_entry_id);
      const autoApproved = review.relation === 'novel' && review.conflict_signals.length === 0;
      verdicts.push({ id: c.id, expected: c.expected, relation: review.relation, target_entry_id: review.target_entry_id, evidence: review.evidence[0] ?? null, suggested_action: review.suggested_action, correct: review.relation === c.expected && targetOk, auto_approved: autoApproved, unsafe: autoApproved && (c.expected === 'duplicate' || c.expected === 'full_replacement'), summary: review.summary });
    }
    return { verdicts, summary: summarize(verdicts) };
  } finally {
    for (const { brain } of brains.values()) await brain.close();
  }
}

/** Per expected relation `{total, correct}`, overall `correct`/`total`, and the unsafe auto-approvals. */
export function summarize(verdicts) {
  const byRelation = Object.fromEntries(SET_RELATIONS.map((r) => [r, { total: 0, correct: 0 }]));
  for (const v of verdicts) {
    byRelation[v.expected].total++;
    if (v.correct) byRelation[v.expected].correct++;
  }
  return { total: verdicts.length, correct: verdicts.filter((v) => v.correct).length, byRelation, unsafe_auto_approvals: verdicts.filter((v) => v.unsafe).length, auto_approvals: verdicts.filter((v) => v.auto_approved).length };
}

/** The report `npm run bench` prints: per expected relation, correct / total and accuracy; overall; the unsafe auto-approvals; and each miss with the reviewer's summary. */
export function reviewerTable({ verdicts, summary }) {
  const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
  const rows = [['expected relation', 'correct', 'total', 'accuracy'], ...SET_RELATIONS.map((r) => [r, String(summary.byRelation[r].correct), String(summary.byRelation[r].total), pct(summary.byRelation[r].correct, summary.byRelation[r].total)])];
  rows.push(['all', String(summary.correct), String(summary.total), pct(summary.correct, summary.total)]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const lines = rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  lines.push('', `auto-approved (auto_approve: "safe"): ${summary.auto_approvals}; unsafe (a duplicate or a replacement): ${summary.unsafe_auto_approvals}`);
  const misses = verdicts.filter((v) => !v.correct);
  if (misses.length > 0) lines.push('', 'misses:', ...misses.map((v) => `  ${v.id}: expected ${v.expected}, got ${v.relation} — ${v.summary}`));
  return lines.join('\n');
}
