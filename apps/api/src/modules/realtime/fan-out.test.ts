import { describe, expect, it } from 'vitest';
import { FAN_OUT_BUDGET_MS, inSlices } from './fan-out.js';

/** A clock that moves `step` ms each time it is read, so a slice's length is known in advance. */
function steppingClock(step: number) {
  let t = 0;
  return () => (t += step);
}

describe('a fan-out in slices (performance P7)', () => {
  it('ends a slice once it has spent its budget, and reports each slice', async () => {
    const served: number[] = [];
    const slices: number[] = [];
    await inSlices(
      Array.from({ length: 10 }, (_, i) => i),
      (i) => served.push(i),
      { now: steppingClock(1), budgetMs: 4, onSlice: (s) => slices.push(s) },
    );
    expect(served).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(slices).toEqual([0.004, 0.004, 0.002]);
  });

  it('serves one item per slice when a single item outlasts the budget', async () => {
    const slices: number[] = [];
    await inSlices([1, 2, 3], () => undefined, { now: steppingClock(50), onSlice: (s) => slices.push(s) });
    expect(slices).toEqual([0.05, 0.05, 0.05]);
    expect(FAN_OUT_BUDGET_MS).toBeLessThan(50);
  });

  it('lets other tasks run between slices', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('another task'));
    await inSlices(['a', 'b'], (item) => order.push(item), { now: steppingClock(10), budgetMs: 5 });
    expect(order).toEqual(['a', 'another task', 'b']);
  });

  it('runs no slice for no items', async () => {
    const slices: number[] = [];
    await inSlices([], () => undefined, { onSlice: (s) => slices.push(s) });
    expect(slices).toEqual([]);
  });
});
