import type { FastifyBaseLogger } from 'fastify';
import { settleStaleCheckouts } from '../modules/payments/stale-checkouts.js';
import { refundExpiredBounties } from '../modules/posts/bounty/bounty.service.js';
import { deleteEventsBefore } from '../modules/realtime/post-events.js';
import { backfillImagePreviews } from './image-previews.js';
import { sweepOrphanUploads } from './orphan-uploads.js';
import { sweepRejectedPhotos } from './rejected-photos.js';
import { sweepRemovedComments } from './removed-comments.js';
import { sweepOldMail } from './mail-retention.js';
import type { SweepContext, SweepResult } from './sweep.js';

const MINUTE_MS = 60_000;
/** How long post_events keeps an event: long enough for any reconnect, short enough to stay small. */
export const EVENT_RETENTION_MS = 60 * MINUTE_MS;

/** One scheduled job: what it does at `now`, and what to log about it. */
export type SweepJob = {
  name: string;
  everyMs: number;
  /** Also run once right after start-up (the preview backfill must not wait an hour). */
  atStart?: boolean;
  run: (ctx: SweepContext, now: Date) => Promise<number | SweepResult>;
};

/**
 * Every periodic clean-up of the server, in one table. Several servers may run them at once:
 * each is safe to repeat (deletes of what is already gone, conditional updates).
 */
export const SWEEP_JOBS: readonly SweepJob[] = [
  {
    name: 'post-events',
    everyMs: 5 * MINUTE_MS,
    run: (ctx, now) => deleteEventsBefore(ctx.db, new Date(now.getTime() - EVENT_RETENTION_MS)),
  },
  { name: 'rejected-photos', everyMs: 60 * MINUTE_MS, run: sweepRejectedPhotos },
  { name: 'removed-comments', everyMs: 60 * MINUTE_MS, run: sweepRemovedComments },
  { name: 'old-mail', everyMs: 60 * MINUTE_MS, run: sweepOldMail },
  { name: 'orphan-uploads', everyMs: 60 * MINUTE_MS, run: (ctx, now) => sweepOrphanUploads(ctx, now) },
  { name: 'image-previews', everyMs: 60 * MINUTE_MS, atStart: true, run: (ctx) => backfillImagePreviews(ctx) },
  // Expiry is counted in days; a quarter-hour delay on a refund is not noticeable.
  { name: 'expired-bounties', everyMs: 15 * MINUTE_MS, run: (ctx, now) => refundExpiredBounties(ctx, now) },
  // Checkouts past their life that nobody settled: dev ones expire, Stripe's are asked of Stripe.
  { name: 'stale-checkouts', everyMs: 10 * MINUTE_MS, run: settleStaleCheckouts },
];

const countOf = (result: number | SweepResult): number => (typeof result === 'number' ? result : result.removed);

/**
 * Starts every job on its own timer (never keeping the process alive; a job still running skips
 * its next turn). The returned stop clears the timers and waits for runs in flight, so app.close()
 * can close the database after it.
 */
export function startSweeps(
  ctx: SweepContext,
  log: FastifyBaseLogger,
  jobs: readonly SweepJob[] = SWEEP_JOBS,
): () => Promise<void> {
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  const runJob = (job: SweepJob) => {
    if (stopped || running.has(job.name)) return;
    const run = job
      .run(ctx, new Date())
      .then((result) => {
        if (countOf(result) > 0) log.info({ sweep: job.name, result }, 'sweep done');
        if (typeof result !== 'number' && result.failed.length > 0) {
          log.warn({ sweep: job.name, failed: result.failed.length }, 'sweep could not remove some files');
        }
      })
      .catch((err: unknown) => log.warn({ err, sweep: job.name }, 'sweep failed'))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };
  const timers = jobs.map((job) => {
    const timer = setInterval(() => runJob(job), job.everyMs);
    timer.unref();
    return timer;
  });
  const startTimers = jobs
    .filter((job) => job.atStart)
    .map((job) => {
      const timer = setTimeout(() => runJob(job), 0);
      timer.unref();
      return timer;
    });
  return async () => {
    stopped = true;
    for (const timer of [...timers, ...startTimers]) clearTimeout(timer);
    await Promise.all(running.values());
  };
}
