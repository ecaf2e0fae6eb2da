import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Bus } from './lib/bus/bus.js';
import type { Database, Db } from './db/client.js';
import type { ImageStorage } from './lib/images/storage.js';
import type { JobQueue } from './lib/job-queue.js';
import type { Mailer } from './lib/mailer/mailer.js';
import type { Metrics } from './lib/metrics.js';
import type { PageCache } from './lib/page-cache.js';
import type { RateLimits } from './lib/rate-limit.js';
import type { TokenSigner } from './lib/tokens.js';
import type { PaymentProviders } from './modules/payments/providers/payment-provider.js';

/** What services need from the outside world, chosen once at start-up for the tier. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  limits: RateLimits;
  tokens: TokenSigner;
  images: ImageStorage;
  /** Signs and checks private image URLs (and any other short-lived server secret use). */
  secret: string;
  /** Seals two-factor secrets and keys recovery-code hashes: TWO_FACTOR_KEY, else `secret`. */
  twoFactorKey: string;
  redis?: Redis;
  /** Realtime fan-out: in process, or Redis pub/sub when REDIS_URL is set. */
  bus: Bus;
  /** Work run after the response (mail-a-link requests answer in the same time for any email). */
  jobs: JobQueue;
  /** Figures for GET /metrics: one registry per app. */
  metrics: Metrics;
  /** Visitors' pages, serialized once (shared through Redis when REDIS_URL is set). */
  pages: PageCache;
  /** The card providers: the active one (dev checkout, or Stripe when its keys are set) and by name. */
  payments: PaymentProviders;
};
