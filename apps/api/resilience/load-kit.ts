/**
 * Mixed load against a running server (crash and outage tests), and the store it needs.
 *
 * - `seedLoadWorld(db, …)` writes readers with coins and approved teas straight into a migrated
 *   store (sign-up is rate limited and mails a link; the load needs many spenders at once).
 * - `accessTokenFor(secret, userId)` mints the token a server started with JWT_SECRET=secret accepts.
 * - `mixedLoad({ origin, actors, world, clients })` starts `clients` loops of unlocks, votes,
 *   comments, submissions with an image and dev-checkout purchases; `stop()` ends them and answers
 *   what was sent. Every request answered 2xx is recorded in `acked` (pass the same `acked` to the
 *   next run to keep going after a restart: a client never unlocks or votes twice on purpose).
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../src/db/client.js';
import { categories, posts, states, users } from '../src/db/schema.js';
import { seedReferenceData } from '../src/db/seed.js';
import { createTokenSigner } from '../src/lib/tokens.js';
import { creditCoins } from '../src/modules/coins/coins.service.js';

export type LoadActor = { id: string; auth: Record<string, string> };
export type LoadWorld = { readerIds: string[]; postIds: string[]; categoryId: string; stateId: string };
export type LoadAction = 'unlock' | 'vote' | 'comment' | 'tea' | 'purchase';

/** What the server confirmed with a 2xx: each must still be there after anything that follows. */
export type Acked = {
  teas: string[];
  comments: string[];
  unlocks: Array<{ userId: string; postId: string }>;
  votes: Array<{ userId: string; postId: string }>;
  /** Dev-checkout session ids whose Pay answered 2xx: credited purchases. */
  purchases: string[];
};
export const emptyAcked = (): Acked => ({ teas: [], comments: [], unlocks: [], votes: [], purchases: [] });

export type LoadSummary = {
  /** Requests per action and outcome: an HTTP status, or 'error' when no answer came. */
  outcomes: Record<LoadAction, Record<string, number>>;
  /** The slowest answer (or failure) seen, in ms. */
  slowestMs: number;
};
export type LoadResponse = { action: LoadAction; status: number | 'error'; ms: number };

const API = '/api/v1';
const DEFAULT_MIX: Record<LoadAction, number> = { unlock: 4, vote: 2, comment: 3, tea: 1, purchase: 1 };

/** Migrated store → reference data, `readers` verified readers with `coins` each, `teas` approved teas. */
export async function seedLoadWorld(
  db: Db,
  { readers, teas, coins = 100_000 }: { readers: number; teas: number; coins?: number },
): Promise<LoadWorld> {
  await seedReferenceData(db);
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  const [state] = await db.select({ id: states.id }).from(states).limit(1);
  if (!category || !state) throw new Error('seedLoadWorld: no category or state');
  const person = (name: string) => ({
    username: `${name}_${randomBytes(4).toString('hex')}`,
    email: `${name}-${randomBytes(4).toString('hex')}@load.test`,
    // Never signed in with: the load mints access tokens instead of paying for argon2.
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$bG9hZA$bG9hZGxvYWRsb2FkbG9hZGxvYWRsb2FkbG9hZA',
    emailVerifiedAt: new Date(),
  });
  const [author] = await db.insert(users).values(person('author')).returning({ id: users.id });
  if (!author) throw new Error('seedLoadWorld: no author');
  const readerRows = await db
    .insert(users)
    .values(Array.from({ length: readers }, () => person('reader')))
    .returning({ id: users.id });
  for (const { id } of readerRows) await creditCoins(db, { userId: id, amount: coins, kind: 'demo_grant' });
  const postRows = await db
    .insert(posts)
    .values(
      Array.from({ length: teas }, (_, i) => ({
        authorId: author.id,
        title: `Load tea ${i}`,
        content: 'Somebody said something at the party and everyone heard it twice.',
        taggedHandle: `@load_${i}`,
        categoryId: category.id,
        stateId: state.id,
        unlockPrice: 10,
        status: 'approved' as const,
        publishedAt: new Date(),
      })),
    )
    .returning({ id: posts.id });
  return {
    readerIds: readerRows.map((r) => r.id),
    postIds: postRows.map((r) => r.id),
    categoryId: category.id,
    stateId: state.id,
  };
}

/** An hour-long access token for a server started with JWT_SECRET=secret (long enough for any run). */
export async function accessTokenFor(secret: string, userId: string): Promise<Record<string, string>> {
  const token = await createTokenSigner(secret, 3_600).signAccess({ sub: userId, admin: false });
  return { authorization: `Bearer ${token}` };
}

export const actorsFor = (secret: string, world: LoadWorld): Promise<LoadActor[]> =>
  Promise.all(world.readerIds.map(async (id) => ({ id, auth: await accessTokenFor(secret, id) })));

let image: Promise<Buffer> | undefined;
const photo = () =>
  (image ??= sharp({ create: { width: 48, height: 32, channels: 3, background: '#2e86c1' } })
    .png()
    .toBuffer());

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

function pickAction(mix: Record<LoadAction, number>): LoadAction {
  const total = Object.values(mix).reduce((a, b) => a + b, 0);
  let roll = Math.random() * total;
  for (const [action, weight] of Object.entries(mix) as Array<[LoadAction, number]>) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return 'unlock';
}

export type MixedLoadOptions = {
  origin: string;
  actors: LoadActor[];
  world: LoadWorld;
  clients: number;
  /** Carried over from an earlier run, so its unlocks are known and new 2xx answers are added to it. */
  acked?: Acked;
  mix?: Partial<Record<LoadAction, number>>;
  /** A request still unanswered after this is abandoned (counted as 'error'). */
  requestTimeoutMs?: number;
  /** Called with every answer or failure, e.g. to bound latency during an outage. */
  onResponse?: (response: LoadResponse) => void;
};

export type MixedLoad = {
  acked: Acked;
  /** Answers once `count` requests of this run have been answered 2xx (a warm server), or after `withinMs`. */
  warm: (count: number, withinMs: number) => Promise<void>;
  stop: () => Promise<LoadSummary>;
};

/** Starts the load; it runs until `stop()`. Failures (refused, reset, 5xx) are counted, never thrown. */
export function mixedLoad(options: MixedLoadOptions): MixedLoad {
  const { origin, actors, world, clients, requestTimeoutMs = 10_000, onResponse } = options;
  const acked = options.acked ?? emptyAcked();
  const mix = { ...DEFAULT_MIX, ...options.mix };
  const outcomes = Object.fromEntries(Object.keys(DEFAULT_MIX).map((a) => [a, {}])) as LoadSummary['outcomes'];
  let slowestMs = 0;
  let succeeded = 0;
  let running = true;
  const unlocked = new Set(acked.unlocks.map((u) => `${u.userId}:${u.postId}`));
  const voted = new Set(acked.votes.map((v) => `${v.userId}:${v.postId}`));
  const pending = new Set<string>();

  const call = async (action: LoadAction, path: string, init: RequestInit): Promise<Response | null> => {
    const started = Date.now();
    let status: number | 'error' = 'error';
    try {
      const res = await fetch(`${origin}${API}${path}`, { ...init, signal: AbortSignal.timeout(requestTimeoutMs) });
      status = res.status;
      if (res.ok) succeeded += 1;
      return res;
    } catch {
      return null;
    } finally {
      const ms = Date.now() - started;
      slowestMs = Math.max(slowestMs, ms);
      const counts = outcomes[action];
      counts[String(status)] = (counts[String(status)] ?? 0) + 1;
      onResponse?.({ action, status, ms });
    }
  };
  const json = (actor: LoadActor, body?: unknown): RequestInit => ({
    method: 'POST',
    headers: { ...actor.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const ok = async (res: Response | null): Promise<Record<string, unknown> | null> => {
    if (!res) return null;
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return res.ok ? (body ?? {}) : null;
  };

  async function step(actor: LoadActor): Promise<void> {
    const action = pickAction(mix);
    const readable = world.postIds.filter((p) => unlocked.has(`${actor.id}:${p}`));
    if (action === 'unlock' || readable.length === 0) {
      const postId = pick(world.postIds.filter((p) => !unlocked.has(`${actor.id}:${p}`)));
      const key = `${actor.id}:${postId}`;
      if (!postId || pending.has(key)) return;
      pending.add(key);
      if (await ok(await call('unlock', `/posts/${postId}/unlock`, json(actor)))) {
        unlocked.add(key);
        acked.unlocks.push({ userId: actor.id, postId });
      }
      pending.delete(key);
    } else if (action === 'vote') {
      const postId = pick(readable.filter((p) => !voted.has(`${actor.id}:${p}`)));
      if (!postId) return;
      voted.add(`${actor.id}:${postId}`);
      if (await ok(await call('vote', `/posts/${postId}/vote`, json(actor)))) {
        acked.votes.push({ userId: actor.id, postId });
      }
    } else if (action === 'comment') {
      const body = await ok(
        await call('comment', `/posts/${pick(readable)}/comments`, json(actor, { content: 'Heard it too.' })),
      );
      const id = (body?.comment as { id?: string } | undefined)?.id;
      if (id) acked.comments.push(id);
    } else if (action === 'tea') {
      const form = new FormData();
      const tag = randomBytes(4).toString('hex');
      const fields = { title: `Fresh tea ${tag}`, content: 'Somebody saw something at the market today.' };
      for (const [k, v] of Object.entries({ ...fields, category_id: world.categoryId, state_id: world.stateId }))
        form.append(k, v);
      form.append('tagged_handle', `@t_${tag}`);
      form.append('attested', 'true');
      form.append('images', new Blob([new Uint8Array(await photo())], { type: 'image/png' }), 'photo.png');
      const body = await ok(await call('tea', '/posts/', { method: 'POST', headers: actor.auth, body: form }));
      if (typeof body?.id === 'string') acked.teas.push(body.id);
    } else {
      const session = await ok(
        await call('purchase', '/payments/create-checkout-session', json(actor, { plan_id: 'bronze' })),
      );
      const id = session?.session_id;
      if (typeof id !== 'string') return;
      const paid = await ok(
        await call('purchase', `/payments/dev-checkout/${encodeURIComponent(id)}`, json(actor, { action: 'pay' })),
      );
      if (paid) acked.purchases.push(id);
    }
  }

  const loops = Array.from({ length: clients }, async (_, i) => {
    const actor = actors[i % actors.length];
    while (running && actor) {
      await step(actor);
      // A refused connection answers at once: without a pause a dead server would spin the loop.
      if (running) await new Promise((done) => setTimeout(done, 5));
    }
  });
  return {
    acked,
    warm: async (count, withinMs) => {
      const deadline = Date.now() + withinMs;
      while (succeeded < count && running && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
    },
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return { outcomes, slowestMs };
    },
  };
}
