/**
 * Which teas changed since a kept page was made (lib/page-cache.ts). A vote changes one tea's
 * count: rather than every kept page, only the pages naming that tea stop being served. Every page
 * that shows a tea names its id (its card, its page, a first view embedding either), so a page is
 * tagged with every id in its text; an id it names without showing the tea costs hits, never a
 * stale page.
 *
 * Each change to a tea (a touch) has a number larger than any before it: Redis's INCR, shared by
 * the servers, or one counter per process without Redis. A kept page records, for each id it
 * names, the number known when it was kept, and is current while no larger one is known here.
 */
export type KeptPage = {
  page: string;
  ids: string[];
  /** For each of `ids`, the last touch known when the page was kept (0: none). */
  seen: number[];
  /** `seq()` when the page was last found current: until another touch, no need to look again. */
  checked: number;
  /** Tells this keeping of the page from any other (lib/hot-pages.ts holds on to it). */
  serial: number;
};

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** How a page stored in Redis begins: the touches its builder knew, then the page. */
const SHARED_MARK = 'seen ';

/** Touch numbers without Redis: one counter for every server in the process (they share a bus). */
let processTouches = 0;
let serials = 0;

export type TeaTouches = ReturnType<typeof createTeaTouches>;

/**
 * Teas a server remembers touching at most: ~180 bytes each (an entry of the map ~110 on Node 20,
 * its id ~56, its place in the queue up to 16), ~9 MB in all. Within `forgetAfterMs` (12 s by
 * default) that is ~4,000 distinct teas voted on a second, beyond what one server answers.
 */
export const MAX_REMEMBERED = 50_000;

/** A tea's last touch: its number, `seq` then and when; `queued`: when it last joined the queue. */
type Remembered = { touch: number; seq: number; at: number; queued: number };

type Bound = {
  max?: number;
  /**
   * Called when one more touch would pass `max`: every touch is forgotten, so the page cache must
   * end every page kept before (a new generation) or it could serve one a forgotten touch ended.
   */
  onForgetAll: () => void;
};

/**
 * `forgetAfterMs`: how long a touch is remembered, longer than any page made before it can live
 * (the page cache's lifetime, here and in Redis, and a build's own time).
 */
export function createTeaTouches(forgetAfterMs: number, bound: Bound = { onForgetAll: () => undefined }) {
  const { max = MAX_REMEMBERED, onForgetAll } = bound;
  const touched = new Map<string, Remembered>();
  /**
   * Every remembered tea once, in the order it was queued, the oldest from `head`. Forgetting
   * walked the map itself from its oldest entry before: V8 leaves a deleted entry's slot in place
   * until the table is rebuilt, and a tea touched again was deleted and added anew, so each touch
   * stepped over thousands of empty slots (8 µs of a vote's CPU, with 20,000 teas being voted).
   */
  let queue: string[] = [];
  let head = 0;
  let seq = 0;

  const lastTouch = (id: string) => touched.get(id)?.touch ?? 0;
  const forget = (now: number) => {
    const before = now - forgetAfterMs;
    for (let tea = queue[head]; tea !== undefined; tea = queue[head]) {
      const known = touched.get(tea);
      if (known && known.queued > before) break;
      head += 1;
      if (!known) continue;
      // Touched again since it was queued: remembered until as long after that touch.
      if (known.at > before) {
        known.queued = now;
        queue.push(tea);
      } else {
        touched.delete(tea);
      }
    }
    if (head >= 1024 && head * 2 >= queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
  };
  // `checked` -1: not yet compared with what is known here.
  const kept = (page: string, seen: (id: string) => number, checked: number): KeptPage => {
    const ids = [...new Set(page.match(ID) ?? [])];
    return { page, ids, seen: ids.map(seen), checked, serial: (serials += 1) };
  };

  return {
    /** Moves whenever a touch is noted: a kept page may have stopped being current. */
    seq: () => seq,
    /** A touch made or heard of: pages naming `tea` kept before it are no longer current. */
    note(tea: string, touch: number): void {
      processTouches = Math.max(processTouches, touch);
      const known = touched.get(tea);
      if ((known?.touch ?? 0) >= touch) return;
      seq += 1;
      const now = Date.now();
      if (known) {
        known.touch = touch;
        known.seq = seq;
        known.at = now;
      } else {
        touched.set(tea, { touch, seq, at: now, queued: now });
        queue.push(tea);
      }
      forget(now);
      if (touched.size > max) {
        touched.clear();
        queue = [];
        head = 0;
        onForgetAll();
      }
    },
    /** A number for a touch made here, before the shared one is known: never above it. */
    guess: (tea: string): number => lastTouch(tea) + 1,
    /** The next touch number of this process, for a server without Redis. */
    nextInProcess: (): number => (processTouches += 1),
    isCurrent(entry: KeptPage): boolean {
      if (entry.checked === seq) return true;
      for (let i = 0; i < entry.ids.length; i += 1) {
        if (lastTouch(entry.ids[i] ?? '') > (entry.seen[i] ?? 0)) return false;
      }
      entry.checked = seq;
      return true;
    },
    /** Whether a touch of a tea the page names was noted after `since` (a build's start). */
    touchedSince: (entry: KeptPage, since: number): boolean =>
      entry.ids.some((id) => (touched.get(id)?.seq ?? 0) > since),
    /** A page built here, current as everything known now. */
    keep: (page: string): KeptPage => kept(page, lastTouch, seq),
    toShared(entry: KeptPage): string {
      const seen: Record<string, number> = {};
      entry.ids.forEach((id, i) => {
        if ((entry.seen[i] ?? 0) > 0) seen[id] = entry.seen[i] ?? 0;
      });
      return `${SHARED_MARK}${JSON.stringify(seen)}\n${entry.page}`;
    },
    /** A page another server stored, or null when it is not in this form. */
    fromShared(text: string): KeptPage | null {
      const cut = text.indexOf('\n');
      if (!text.startsWith(SHARED_MARK) || cut < 0) return null;
      let seen: Record<string, number>;
      try {
        seen = JSON.parse(text.slice(SHARED_MARK.length, cut)) as Record<string, number>;
      } catch {
        return null;
      }
      return kept(text.slice(cut + 1), (id) => (typeof seen[id] === 'number' ? seen[id] : 0), -1);
    },
  };
}
