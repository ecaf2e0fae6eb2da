import { IMAGE_PREVIEW_MAX_SIDE } from '@kettle/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { buildUser } from '../../../test/factories.js';
import { login } from '../../../test/http.js';
import { refs } from '../../../test/posts-kit.js';
import { expectInvariants } from '../../../test/invariants.js';
import { buildApp } from '../../app.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { posts } from '../schema.js';
import { DEMO_ACCOUNTS } from '../seed.js';
import { NEIGHBOUR_PASSWORD, NEIGHBOURS } from './cast.js';
import { DEMO_SEEDED, seedDemoContent } from './seed-demo.js';

/** The whole community through the real services, on a machine that may be busy. */
const SEED_TIMEOUT_MS = 180_000;

let app: TestApp;
beforeAll(async () => {
  // The first start of a demo-enabled server seeds the community inside buildApp.
  app = await createTestApp({ env: { SEED_DEMO_USERS: 'true', SEED_DEMO_CONTENT: 'true' } });
}, SEED_TIMEOUT_MS);
afterAll(async () => {
  await app.teardown();
});

async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = rowsOf<T>(await app.ctx.db.execute(query));
  if (!row) throw new Error('no row');
  return row;
}
const count = async (query: ReturnType<typeof sql>) => Number((await one<{ n: number }>(query)).n);

/** Row counts of everything the demo writes, to compare a second run against. */
async function footprint(): Promise<Record<string, number>> {
  const tables = [
    'users',
    'posts',
    'post_images',
    'comments',
    'post_votes',
    'post_unlocks',
    'coin_ledger',
    'reports',
    'purchases',
  ];
  const entries = await Promise.all(
    tables.map(async (t) => [t, await count(sql`select count(*)::int as n from ${sql.identifier(t)}`)] as const),
  );
  return Object.fromEntries(entries);
}

describe('the demo community', () => {
  it('has at least 24 approved teas across 8+ categories and many states, about made-up handles', async () => {
    const row = await one<{ approved: number; categories: number; states: number; handles: string[] }>(sql`
      select count(*)::int as approved, count(distinct category_id)::int as categories,
             count(distinct state_id)::int as states, array_agg(tagged_handle) as handles
      from posts where status = 'approved'`);
    expect(Number(row.approved)).toBeGreaterThanOrEqual(24);
    expect(Number(row.categories)).toBeGreaterThanOrEqual(8);
    expect(Number(row.states)).toBeGreaterThanOrEqual(12);
    for (const handle of row.handles) {
      expect(handle).toMatch(
        /fictional|imaginary|not_a_real|made_up|pretend|hypothetical|invented|nonexistent|fabricated|theoretical|unreal|counterfeit|mock|phony|no_such|make_believe|pseudo|fake/,
      );
    }
  });

  it('has at least 6 published teas with photos, stored with previews of at most 64 px', async () => {
    const withPhotos = await count(sql`
      select count(distinct p.id)::int as n from posts p join post_images i on i.post_id = p.id
      where p.status = 'approved'`);
    expect(withPhotos).toBeGreaterThanOrEqual(6);
    const images = rowsOf<{ storage_key: string; preview_key: string; width: number }>(
      await app.ctx.db.execute(sql`select storage_key, preview_key, width from post_images`),
    );
    for (const image of images) {
      const full = await app.ctx.images.read(image.storage_key);
      const preview = await app.ctx.images.read(image.preview_key);
      expect(full, image.storage_key).not.toBeNull();
      const meta = await sharp(preview ?? Buffer.alloc(0)).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(IMAGE_PREVIEW_MAX_SIDE);
    }
  });

  it('has votes, threaded comments, a reversal pair, an open and an awarded bounty', async () => {
    expect(await count(sql`select count(*)::int as n from post_votes`)).toBeGreaterThanOrEqual(50);
    expect(
      await count(sql`select count(*)::int as n from comments where parent_comment_id is not null`),
    ).toBeGreaterThanOrEqual(5);
    expect(
      await count(sql`
        select count(*)::int as n from posts r join posts o on o.id = r.original_post_id
        where r.status = 'approved' and o.status = 'approved'`),
    ).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from posts where bounty_status = 'escrowed' and status = 'approved'`),
    ).toBe(1);
    expect(await count(sql`select count(*)::int as n from posts where bounty_status = 'awarded'`)).toBe(1);
  });

  it('has teas in the moderation queue and open reports on the desk', async () => {
    expect(await count(sql`select count(*)::int as n from posts where status = 'pending'`)).toBeGreaterThanOrEqual(3);
    expect(await count(sql`select count(*)::int as n from reports where status = 'pending'`)).toBeGreaterThanOrEqual(1);
  });

  it('gives the README users purchases and unlocks in their histories, and keeps their passwords', async () => {
    for (const email of ['ava@kettle.local', 'ben@kettle.local']) {
      const row = await one<{ purchases: number; unlocks: number; balance: number }>(sql`
        select (select count(*)::int from purchases p where p.user_id = u.id and p.status = 'succeeded') as purchases,
               (select count(*)::int from post_unlocks l where l.user_id = u.id) as unlocks,
               u.coin_balance as balance
        from users u where u.email = ${email}`);
      expect(Number(row.purchases), email).toBeGreaterThanOrEqual(1);
      expect(Number(row.unlocks), email).toBeGreaterThanOrEqual(2);
      // Enough left to try unlocking, voting and commenting right away.
      expect(Number(row.balance), email).toBeGreaterThanOrEqual(100);
    }
    const neighbour = NEIGHBOURS[0];
    for (const { email, password } of [...DEMO_ACCOUNTS, { email: neighbour.email, password: NEIGHBOUR_PASSWORD }]) {
      expect((await login(app, email, password)).statusCode, email).toBe(200);
    }
  });

  it('moves every coin through the ledger: balances equal ledger sums, escrow matches open bounties', async () => {
    await expectInvariants(app);
    // Ledger order (seq) agrees with the backdated times, per user.
    expect(
      await count(sql`
        select count(*)::int as n from coin_ledger a join coin_ledger b
          on a.user_id = b.user_id and a.seq < b.seq and a.created_at > b.created_at`),
    ).toBe(0);
  });

  it('spreads its dates over the last four weeks, none in the future', async () => {
    const row = await one<{ oldest: string; newest: string; days: number; future: number }>(sql`
      select min(published_at)::text as oldest, max(published_at)::text as newest,
             count(distinct date_trunc('day', published_at))::int as days,
             (select count(*)::int from coin_ledger where created_at > now()) +
             (select count(*)::int from comments where created_at > now()) as future
      from posts where status = 'approved'`);
    const ageDays = (at: string) => (Date.now() - new Date(at).getTime()) / 86_400_000;
    expect(ageDays(row.oldest)).toBeGreaterThan(20);
    expect(ageDays(row.newest)).toBeLessThan(3);
    expect(Number(row.days)).toBeGreaterThanOrEqual(15);
    expect(Number(row.future)).toBe(0);
    // Comments come after their tea was published, and replies after their parent.
    expect(
      await count(sql`
        select count(*)::int as n from comments c join posts p on p.id = c.post_id
        left join comments parent on parent.id = c.parent_comment_id
        where c.created_at < p.published_at or c.created_at < parent.created_at`),
    ).toBe(0);
  });

  it('adds nothing on a second run or a second start', async () => {
    const before = await footprint();
    expect(await seedDemoContent(app.ctx, app.log)).toBe('already seeded');
    const again = await buildApp({
      config: app.ctx.config,
      database: app.ctx.database,
      serveWeb: false,
      sweeps: false,
      logger: false,
    });
    await again.close();
    expect(await footprint()).toEqual(before);
  });
});

describe('where the demo is not seeded', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain.teardown();
  });
  const marker = async () =>
    rowsOf(await plain.ctx.db.execute(sql`select value from app_meta where key = ${DEMO_SEEDED}`))[0];
  const postCount = async () =>
    Number(rowsOf<{ n: number }>(await plain.ctx.db.execute(sql`select count(*)::int as n from posts`))[0]?.n);

  it('is off when the test app builder (or e2e) turns it off', async () => {
    expect(await postCount()).toBe(0);
    expect(await marker()).toBeUndefined();
  });

  it('never runs in production, even when called', async () => {
    const production = { ...plain.ctx, config: { ...plain.ctx.config, isProduction: true } };
    expect(await seedDemoContent(production, plain.log)).toBe('skipped: production');
    expect(await postCount()).toBe(0);
    expect(await marker()).toBeUndefined();
  });

  it('leaves a site that already has teas alone, and says so once', async () => {
    const author = await buildUser(plain);
    const { categoryId, stateId } = await refs(plain);
    await plain.ctx.db.insert(posts).values({
      authorId: author.id,
      title: 'A real tea already here',
      content: 'Somebody brewed this before the demo ever could.',
      taggedHandle: '@someone_real',
      categoryId,
      stateId,
    });
    expect(await seedDemoContent(plain.ctx, plain.log)).toBe('skipped: the site already has content');
    expect(await postCount()).toBe(1);
    expect(await marker()).toEqual({ value: 'skipped: the site already had content' });
    expect(await seedDemoContent(plain.ctx, plain.log)).toBe('already seeded');
  });
});
