import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { appMeta, posts } from '../schema.js';
import { seedDemoUsers } from '../seed.js';
import { arrivalSteps, neighbourTaken } from './arrivals.js';
import { demoContext } from './demo-context.js';
import { play, type Stage } from './stage.js';
import { renderPhotos, teaSteps } from './tea-steps.js';

/** The app_meta key that marks the demo as done (or deliberately skipped) on this database. */
export const DEMO_SEEDED = 'demo_content_seeded_at';

export type DemoOutcome = 'seeded' | 'already seeded' | 'skipped: production' | 'skipped: the site already has content';

/** A cheap look before opening the transaction; the claim inside it is what decides. */
async function alreadyClaimed(ctx: AppContext): Promise<boolean> {
  const rows = await ctx.db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_SEEDED));
  return rows.length > 0;
}

/**
 * Seeds the demo community once per database: the README accounts, six neighbours, teas with
 * photos, votes, threads, a reversal, bounties, a moderation queue and open reports. Everything
 * runs through the real services inside one transaction with the app_meta marker, so a second
 * start (or a crash half-way) never leaves a half or double demo. A database that already has
 * teas, or a neighbour's name taken, is left alone and marked, so the demo never mixes with
 * real content. Never in production.
 */
export async function seedDemoContent(ctx: AppContext, log: FastifyBaseLogger, now = new Date()): Promise<DemoOutcome> {
  if (ctx.config.isProduction) return 'skipped: production';
  if (await alreadyClaimed(ctx)) return 'already seeded';
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: DEMO_SEEDED, value: now.toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return 'already seeded';
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(posts);
    if (Number(existing?.n) > 0 || (await neighbourTaken({ tx }))) {
      await tx
        .update(appMeta)
        .set({ value: 'skipped: the site already had content' })
        .where(eq(appMeta.key, DEMO_SEEDED));
      return 'skipped: the site already has content';
    }
    const photos = renderPhotos();
    const stage: Stage = {
      ctx: demoContext(ctx, tx, log),
      tx,
      log,
      now,
      cast: new Map(),
      posts: new Map(),
      comments: new Map(),
      photo: (key) => {
        const image = photos.get(key);
        if (!image) throw new Error(`demo: photo ${key} was not rendered`);
        return image;
      },
    };
    await seedDemoUsers(tx, ctx.config);
    await play(stage, [...arrivalSteps(stage), ...teaSteps(stage)]);
    return 'seeded';
  });
}
