/**
 * Timing, statistics and the results table of the benchmark. Nothing here asserts a timing:
 * the benchmark reports, it never fails on a number (DESIGN §10).
 */
import { spawnSync } from 'node:child_process';

/** Milliseconds since an arbitrary origin (high resolution). */
export const now = () => performance.now();

/** Runs `fn` once; returns `{ ms, value }`. */
export async function time(fn) {
  const t0 = now();
  const value = await fn();
  return { ms: now() - t0, value };
}

/** Runs `fn` `runs` times (after `warmup` untimed runs); returns the sorted samples in ms. */
export async function sample(fn, { runs = 50, warmup = 2 } = {}) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t0 = now();
    await fn();
    samples.push(now() - t0);
  }
  return samples.sort((a, b) => a - b);
}

/** The q-quantile (0..1) of sorted samples, nearest-rank. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
export const median = (sorted) => quantile(sorted, 0.5);
export const p95 = (sorted) => quantile(sorted, 0.95);

/** Wall time of a child process (ms), spawned synchronously; throws when it fails. */
export function wallOf(command, args, options = {}) {
  const t0 = now();
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 30, ...options });
  const ms = now() - t0;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status ?? r.signal}): ${r.stderr}`);
  return { ms, stdout: r.stdout };
}

/**
 * The results: rows of `{ name, value, unit, baseline, baseline_name, ratio, note }`.
 * `ratio` is always our cost over the baseline's cost (> 1: slower than the baseline),
 * whether the unit is a time (value / baseline) or a rate (baseline / value).
 */
export class Results {
  rows = [];

  /** Adds a row; `kind` is `time` (lower is better) or `rate` (higher is better). */
  add({ name, value, unit, baseline = null, baselineName = null, kind = 'time', note = null }) {
    let ratio = null;
    if (baseline !== null && baseline > 0 && value > 0) ratio = kind === 'rate' ? baseline / value : value / baseline;
    const row = { name, value, unit, baseline, baseline_name: baselineName, ratio, note };
    this.rows.push(row);
    process.stderr.write(`  ${name}: ${fmt(value)} ${unit}${baseline !== null ? ` (baseline ${fmt(baseline)}, ×${fmt(ratio)})` : ''}\n`);
    return row;
  }

  /** The table as text (fixed-width columns). */
  table() {
    const header = ['metric', 'value', 'unit', 'baseline', 'baseline is', 'ratio'];
    const lines = this.rows.map((r) => [
      r.name + (r.note ? ` [${r.note}]` : ''),
      fmt(r.value),
      r.unit,
      r.baseline === null ? '–' : fmt(r.baseline),
      r.baseline_name ?? '',
      r.ratio === null ? '–' : `${fmt(r.ratio)}×`,
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    const right = new Set([1, 3, 5]);
    const render = (cells) => cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
    return [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(render)].join('\n');
  }
}

/** A number with 3 significant digits (integers ≥ 1000 without decimals). */
export function fmt(n) {
  if (n === null || n === undefined || Number.isNaN(n)) return '–';
  if (Math.abs(n) >= 1000) return Math.round(n).toString();
  if (Math.abs(n) >= 100) return n.toFixed(0);
  if (Math.abs(n) >= 10) return n.toFixed(1);
  if (Math.abs(n) >= 1) return n.toFixed(2);
  return n.toPrecision(3);
}
