/**
 * Issue #10 "refresh once per request": inside a read scope every non-full refresh answers the
 * scope's refresh without running another; outside it (a concurrent request) refreshes run,
 * one at a time, in call order.
 */
import { describe, expect, it } from 'vitest';
import type { RefreshResult } from '../../src/projection/sqlite/refresh.js';
import { RefreshGate } from '../../src/service/refresh-gate.js';

const result = (to: string): RefreshResult => ({ mode: 'fresh', from: to, to, stats: null, ms: 0 });

describe('RefreshGate', () => {
  it('answers the scope’s refresh inside it, and runs real refreshes outside it and for full ones', async () => {
    const gate = new RefreshGate();
    let runs = 0;
    const now = async () => result(`tip-${++runs}`);
    const first = await gate.refresh(false, now);
    const inside = await gate.scoped(first, async () => {
      const a = await gate.refresh(false, now);
      await new Promise((r) => setTimeout(r, 1));
      const b = await gate.refresh(false, now);
      const full = await gate.refresh(true, now);
      return [a.to, b.to, full.to];
    });
    expect(inside).toEqual(['tip-1', 'tip-1', 'tip-2']);
    expect((await gate.refresh(false, now)).to).toBe('tip-3');
  });

  it('never shares a scope with a concurrent caller, and serializes refreshes', async () => {
    const gate = new RefreshGate();
    const order: string[] = [];
    let runs = 0;
    const slow = async () => {
      const n = ++runs;
      order.push(`start ${n}`);
      await new Promise((r) => setTimeout(r, 5));
      order.push(`end ${n}`);
      return result(`tip-${n}`);
    };
    const [scoped, outside] = await Promise.all([
      gate.scoped(result('pinned'), async () => (await gate.refresh(false, slow)).to),
      gate.refresh(false, slow).then(() => gate.refresh(false, slow)).then((r) => r.to),
    ]);
    expect(scoped).toBe('pinned');
    expect(outside).toBe('tip-2');
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });
});
