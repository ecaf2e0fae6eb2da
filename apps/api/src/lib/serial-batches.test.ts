import { describe, expect, it } from 'vitest';
import { serialBatches } from './serial-batches.js';

type Call = { who: string; n: number };

/**
 * A batcher whose statement answers each call with its number doubled, recording every batch and
 * the most batches out at once.
 */
type Setup = {
  max?: number;
  out?: number;
  fail?: (keys: Call[]) => boolean;
  failsWaiting?: (error: unknown) => boolean;
};

function recording({ max = 100, out = 1, fail, failsWaiting }: Setup = {}) {
  const batches: string[][] = [];
  let running = 0;
  let mostOut = 0;
  const batch = serialBatches<Call, number>({
    send: async (keys) => {
      running += 1;
      mostOut = Math.max(mostOut, running);
      batches.push(keys.map((key) => `${key.who}${key.n}`));
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (fail?.(keys)) throw new Error('statement failed');
      return keys.map((key) => key.n * 2);
    },
    holds: (key) => [key.who],
    max,
    out,
    failsWaiting,
  });
  return { batch, batches, mostOut: () => mostOut };
}

describe('serialBatches', () => {
  it('sends the calls of one turn together and answers each its own', async () => {
    const { batch, batches } = recording();
    const answers = await Promise.all([
      batch({ who: 'a', n: 1 }),
      batch({ who: 'b', n: 2 }),
      batch({ who: 'c', n: 3 }),
    ]);
    expect(answers).toEqual([2, 4, 6]);
    expect(batches).toEqual([['a1', 'b2', 'c3']]);
  });

  it('never puts two calls holding the same thing in one batch, and keeps their order', async () => {
    const { batch, batches } = recording();
    const answers = await Promise.all(
      [
        { who: 'a', n: 1 },
        { who: 'a', n: 2 },
        { who: 'b', n: 3 },
        { who: 'a', n: 4 },
        { who: 'c', n: 5 },
      ].map(batch),
    );
    expect(answers).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([['a1', 'b3', 'c5'], ['a2'], ['a4']]);
  });

  it('has one batch out at a time when out is 1; calls arriving meanwhile go together in the next', async () => {
    const { batch, batches, mostOut } = recording();
    const first = batch({ who: 'a', n: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    // The first batch is out now: these three wait for it, then go as one.
    const later = [batch({ who: 'b', n: 2 }), batch({ who: 'c', n: 3 }), batch({ who: 'd', n: 4 })];
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([['a1'], ['b2', 'c3', 'd4']]);
    expect(mostOut()).toBe(1);
  });

  it('sends a second batch while the first is out when out is 2, never with a call holding what the first holds', async () => {
    const { batch, batches, mostOut } = recording({ out: 2 });
    const first = [batch({ who: 'a', n: 1 }), batch({ who: 'b', n: 2 })];
    await new Promise((resolve) => setImmediate(resolve));
    // Out with a and b: c goes at once, a's second waits for the first batch to end, d for a slot.
    const second = [batch({ who: 'a', n: 3 }), batch({ who: 'c', n: 4 })];
    await new Promise((resolve) => setImmediate(resolve));
    const third = [batch({ who: 'd', n: 5 })];
    expect(await Promise.all([...first, ...second, ...third])).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([['a1', 'b2'], ['c4'], ['a3', 'd5']]);
    expect(mostOut()).toBe(2);
  });

  it('caps a batch at max calls', async () => {
    const { batch, batches } = recording({ max: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((who, n) => batch({ who, n })));
    expect(batches.map((keys) => keys.length)).toEqual([2, 2, 1]);
  });

  it('fails every call of a failed batch and only those; the next batch goes on', async () => {
    const { batch, batches } = recording({ fail: (keys) => keys.some((key) => key.n === 2) });
    const settled = await Promise.allSettled([batch({ who: 'a', n: 1 }), batch({ who: 'a', n: 2 })]);
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
    const settledTogether = await Promise.allSettled([batch({ who: 'a', n: 2 }), batch({ who: 'b', n: 3 })]);
    expect(settledTogether.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await batch({ who: 'b', n: 3 })).toBe(6);
    expect(batches).toEqual([['a1'], ['a2'], ['a2', 'b3'], ['b3']]);
  });

  it('fails the calls waiting with the batch when failsWaiting says so, and only then', async () => {
    for (const [away, settled] of [
      [true, ['rejected', 'rejected', 'rejected']],
      [false, ['rejected', 'fulfilled', 'fulfilled']],
    ] as const) {
      const { batch, batches } = recording({ fail: (keys) => keys[0]?.n === 1, failsWaiting: () => away });
      const first = batch({ who: 'a', n: 1 });
      await new Promise((resolve) => setImmediate(resolve));
      const waiting = [batch({ who: 'a', n: 2 }), batch({ who: 'b', n: 3 })];
      const results = await Promise.allSettled([first, ...waiting]);
      expect(results.map((result) => result.status)).toEqual(settled);
      expect(batches).toEqual(away ? [['a1']] : [['a1'], ['a2', 'b3']]);
    }
  });
});
