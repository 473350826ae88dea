/**
 * The issue #10 targets table: one row per target, with our figure, the floor measured in the
 * same run, their ratio (ours / floor) and whether the target is met. Reported, never asserted
 * (DESIGN §10): `met` is printed for the reader, nothing fails on it.
 */
import { fmt } from './timing.js';

export class Targets {
  rows = [];

  /**
   * Adds a target row. `ours` and `floor` share `unit`; `floor` may be null when the operation
   * has no meaningful floor (e.g. RSS). `met(ours, floor)` decides the verdict; `target` is the
   * text shown (e.g. "p50 ≤ 5 ms").
   */
  add({ operation, ours, floor = null, floorName = '', unit, target, met }) {
    const ratio = floor !== null && floor > 0 && ours !== null ? ours / floor : null;
    const ok = ours === null ? null : Boolean(met(ours, floor));
    const row = { operation, ours, floor, floor_name: floorName, unit, ratio, target, met: ok };
    this.rows.push(row);
    process.stderr.write(`  TARGET ${operation}: ${fmt(ours)} ${unit} (floor ${fmt(floor)}${ratio !== null ? `, ×${fmt(ratio)}` : ''}) → ${target}: ${verdict(ok)}\n`);
    return row;
  }

  /** Records a target that could not be measured in this run, with the reason. */
  missing({ operation, target, why }) {
    this.rows.push({ operation, ours: null, floor: null, floor_name: why, unit: '', ratio: null, target, met: null });
  }

  /** The table as text (fixed-width columns). */
  table() {
    const header = ['operation', 'ours', 'floor', 'floor is', 'ratio', 'target', 'met'];
    const lines = this.rows.map((r) => [
      r.operation,
      r.ours === null ? '–' : `${fmt(r.ours)} ${r.unit}`,
      r.floor === null ? '–' : `${fmt(r.floor)} ${r.unit}`,
      r.floor_name,
      r.ratio === null ? '–' : `${fmt(r.ratio)}×`,
      r.target,
      verdict(r.met),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    const right = new Set([1, 2, 4]);
    const render = (cells) => cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
    return [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(render)].join('\n');
  }
}

function verdict(ok) {
  return ok === null ? 'not measured' : ok ? 'met' : 'MISSED';
}
