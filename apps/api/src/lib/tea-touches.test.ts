import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTeaTouches } from './tea-touches.js';

const TEA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const OTHER = '6f5e4d3c-2b1a-4f0e-9d8c-7b6a5f4e3d2c';

describe('which teas changed since a page was kept', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('names a page by every id in its text, escaped inside a string or not', () => {
    const touches = createTeaTouches(60_000);
    const nested = JSON.stringify({ ids: [TEA], cards: [JSON.stringify({ id: OTHER })] });
    expect(touches.keep(nested).ids.sort()).toEqual([TEA, OTHER].sort());
    expect(touches.keep('no tea here').ids).toEqual([]);
  });

  it('keeps a page current until a later touch of a tea it names', () => {
    const touches = createTeaTouches(60_000);
    touches.note(TEA, 3);
    const page = touches.keep(`{"id":"${TEA}"}`);
    expect(page.seen).toEqual([3]);
    touches.note(OTHER, 4);
    expect(touches.isCurrent(page)).toBe(true);
    // An older or repeated number changes nothing.
    touches.note(TEA, 3);
    expect(touches.isCurrent(page)).toBe(true);
    touches.note(TEA, 5);
    expect(touches.isCurrent(page)).toBe(false);
  });

  it('says whether a tea the page names was touched after a build began', () => {
    const touches = createTeaTouches(60_000);
    const began = touches.seq();
    touches.note(OTHER, 1);
    expect(touches.touchedSince(touches.keep(`{"id":"${TEA}"}`), began)).toBe(false);
    touches.note(TEA, 2);
    expect(touches.touchedSince(touches.keep(`{"id":"${TEA}"}`), began)).toBe(true);
  });

  it('carries through Redis the touches its builder knew, and reads no other form', () => {
    const writer = createTeaTouches(60_000);
    writer.note(TEA, 7);
    const text = writer.toShared(writer.keep(`{"data":[{"id":"${TEA}"},{"id":"${OTHER}"}]}`));
    const reader = createTeaTouches(60_000);
    reader.note(TEA, 7);
    const read = reader.fromShared(text);
    expect(read?.page).toBe(`{"data":[{"id":"${TEA}"},{"id":"${OTHER}"}]}`);
    expect(read && reader.isCurrent(read)).toBe(true);
    reader.note(OTHER, 8);
    expect(read && reader.isCurrent(read)).toBe(false);
    expect(reader.fromShared(`{"id":"${TEA}"}`)).toBeNull();
    expect(reader.fromShared('seen {not json\n{}')).toBeNull();
  });

  it('forgets a touch once every page kept before it has ended', async () => {
    const touches = createTeaTouches(30);
    touches.note(TEA, 9);
    expect(touches.guess(TEA)).toBe(10);
    await new Promise((resolve) => setTimeout(resolve, 60));
    // Forgetting runs as touches are noted.
    touches.note(OTHER, 11);
    expect(touches.guess(TEA)).toBe(1);
    expect(touches.guess(OTHER)).toBe(12);
  });

  it('remembers a tea touched again for as long after its last touch, however many teas come and go', () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const touches = createTeaTouches(100);
    const teas = Array.from({ length: 200 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    let touch = 0;
    // A tea each ms for 200 ms, the first one again at 190: 50 ms on, only it and the last 40 stay.
    for (let ms = 0; ms < 200; ms += 1) {
      now += 1;
      touches.note(teas[ms] ?? TEA, (touch += 1));
      if (ms === 190) touches.note(teas[0] ?? TEA, (touch += 1));
    }
    now += 50;
    touches.note(OTHER, (touch += 1));
    expect(touches.guess(teas[0] ?? TEA)).toBe(193);
    expect(touches.guess(teas[1] ?? TEA)).toBe(1);
    expect(touches.guess(teas[149] ?? TEA)).toBe(1);
    expect(touches.guess(teas[199] ?? TEA)).toBe(202);
    // Its last touch is as old now.
    now += 100;
    touches.note(OTHER, (touch += 1));
    expect(touches.guess(teas[0] ?? TEA)).toBe(1);
  });

  it('forgets every touch, and says so, rather than remember more than its bound', () => {
    let forgotAll = 0;
    const touches = createTeaTouches(60_000, { max: 2, onForgetAll: () => (forgotAll += 1) });
    touches.note(TEA, 1);
    touches.note(OTHER, 2);
    // Another touch of a tea it remembers is no more to remember.
    touches.note(TEA, 3);
    expect(forgotAll).toBe(0);
    expect(touches.guess(TEA)).toBe(4);
    const before = touches.seq();
    touches.note('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', 4);
    expect(forgotAll).toBe(1);
    expect(touches.seq()).toBeGreaterThan(before);
    expect([touches.guess(TEA), touches.guess(OTHER)]).toEqual([1, 1]);
  });
});
