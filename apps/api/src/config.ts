import { isIP } from 'node:net';
import {
  DEFAULT_DAILY_DROP_COINS,
  DEFAULT_SIGNUP_BONUS_COINS,
  REALTIME_HEARTBEAT_MS,
  REALTIME_MAX_STREAMS_PER_USER,
} from '@kettle/shared';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url().optional(),
    REDIS_URL: z.url().optional(),
    SMTP_URL: z.url().optional(),
    // Images go to this S3-compatible bucket when set; on disk under DATA_DIR/uploads otherwise.
    S3_BUCKET: z.string().min(3, 'S3_BUCKET must be a bucket name (3 characters or more)').optional(),
    S3_ENDPOINT: z.url('S3_ENDPOINT must be a URL such as https://s3.example.com').optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // Most self-hosted S3 servers want https://host/bucket/key rather than https://bucket.host/key.
    S3_FORCE_PATH_STYLE: bool.default(false),
    // How long a visitor's page may be served from the page cache; 0 turns the cache off.
    PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    // GET /metrics answers loopback without it; anyone else must send it as a Bearer token.
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    MAIL_FROM: z.string().min(3).default('Kettle <no-reply@kettle.local>'),
    APP_ORIGIN: z.url().optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    // Seals two-factor secrets and keys recovery codes; JWT_SECRET when unset (docs/decisions/two-factor-codes.md).
    TWO_FACTOR_KEY: z.string().min(32, 'TWO_FACTOR_KEY must be at least 32 characters').optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    SIGNUP_BONUS_COINS: z.coerce.number().int().min(0).default(DEFAULT_SIGNUP_BONUS_COINS),
    DAILY_DROP_COINS: z.coerce.number().int().min(0).default(DEFAULT_DAILY_DROP_COINS),
    SEED_DEMO_USERS: bool.optional(),
    SEED_DEMO_CONTENT: bool.optional(),
    TRUST_PROXY: bool.default(false),
    SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
    SEARCH_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    UPLOAD_BYTES_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .default(50 * 1024 * 1024),
    UPLOAD_READS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(5).max(100_000).default(50),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(10).max(600_000).default(REALTIME_HEARTBEAT_MS),
    REALTIME_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(REALTIME_MAX_STREAMS_PER_USER),
    // Card payments (issue 6): Stripe when both keys are set, else Kettle's own dev checkout.
    // The dev checkout grants coins without a card, so production must opt in to it by name.
    PAYMENTS_DEV_PROVIDER: bool.optional(),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
    STRIPE_API_URL: z.url().optional(),
    STRIPE_PRICE_BRONZE: z.string().min(1).optional(),
    STRIPE_PRICE_SILVER: z.string().min(1).optional(),
    STRIPE_PRICE_GOLD: z.string().min(1).optional(),
    STRIPE_PRICE_WHALE: z.string().min(1).optional(),
    // Monthly coin plans (subscriptions): Stripe price ids; unset plans get a price made once by lookup key.
    STRIPE_PRICE_MONTHLY_SIP: z.string().min(1).optional(),
    STRIPE_PRICE_MONTHLY_BREW: z.string().min(1).optional(),
    STRIPE_PRICE_MONTHLY_POT: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'JWT_SECRET is required when NODE_ENV=production',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && env.PAYMENTS_DEV_PROVIDER !== true) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required when NODE_ENV=production ' +
          '(or PAYMENTS_DEV_PROVIDER=true for the test checkout, which grants coins without payment)',
      });
    }
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_BUCKET is required when S3_ENDPOINT or S3 keys are set (images would silently stay on disk)',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
      });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  /** Where images are stored when set; DATA_DIR/uploads otherwise. */
  s3?: S3Settings;
  metricsToken?: string;
  pageCacheMs: number;
  mailFrom: string;
  appOrigin: string;
  jwtSecret?: string;
  /** Two-factor's own key, so JWT_SECRET can be rotated without locking anyone out. */
  twoFactorKey?: string;
  admin?: { email: string; password: string };
  signupBonusCoins: number;
  dailyDropCoins: number;
  seedDemoUsers: boolean;
  /**
   * Seed the demo community (teas, photos, comments, coins) once, on first start. Follows
   * seedDemoUsers unless set; never in production, whatever the variable says.
   */
  seedDemoContent: boolean;
  trustProxy: boolean;
  /** Sign-ups allowed per IP per hour. */
  signupLimitPerHour: number;
  /**
   * Searches a visitor may make per IP per minute, and whole-handle searches a signed-in account
   * (not an admin) may make per minute from any address.
   */
  searchLimitPerMinute: number;
  /** Image bytes one user may send per minute, and GET /uploads/* per address per minute. */
  uploadLimits: { bytesPerUserPerMinute: number; readsPerIpPerMinute: number };
  /** Failed password sign-ins of one account (all addresses) per hour before a mailed link is required. */
  loginFailuresPerAccountPerHour: number;
  logLevel: string;
  /** Prefix for shared-store keys (rate limits, pub/sub topics), so test runs sharing one Redis never collide. */
  keyPrefix: string;
  realtime: {
    /** Milliseconds between `heartbeat` events on every open stream. */
    heartbeatMs: number;
    /** Open streams one user may hold on this server process (security.md R2). */
    maxStreamsPerUser: number;
  };
  /** Stripe card payments; unset means the dev provider (Kettle's own checkout page). */
  stripe?: StripeSettings;
  /** Stripe price ids of the monthly coin plans (subscriptions), when configured. */
  subscriptionPriceIds: { sip?: string; brew?: string; pot?: string };
};

export type S3Settings = {
  bucket: string;
  region: string;
  /** Another S3-compatible server; AWS's own endpoint for the region when unset. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset means the SDK's own lookup (instance role, AWS_* variables, shared files). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Handed to the browser with the plans (product.md §7: the client loads the public key). */
  publishableKey: string | null;
  /** Another base URL for the SDK (test servers speaking Stripe's API). */
  apiUrl?: string;
  /** Stripe price ids per bundle; a bundle without one is charged from our price table. */
  priceIds: { bronze?: string; silver?: string; gold?: string; whale?: string };
};

export class ConfigError extends Error {}

/**
 * Where a server is reached when APP_ORIGIN is not given: the address in HOST (so a newcomer on
 * HOST=127.0.0.1 gets links and checkout returns to 127.0.0.1, not to another origin that holds
 * none of their session), or localhost when HOST names every interface or is not set.
 */
export function defaultOrigin(host: string | undefined, port: number): string {
  const wildcard = !host || host === '0.0.0.0' || (isIP(host) === 6 && /^[0:]+$/.test(host));
  if (wildcard) return `http://localhost:${port}`;
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

/** Parses the environment once at start-up; a bad value stops the process with a clear message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    // 'localhost' binds both 127.0.0.1 and ::1, so http://localhost works whichever the client tries first.
    host: e.HOST ?? (isProduction ? '0.0.0.0' : 'localhost'),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    metricsToken: e.METRICS_TOKEN,
    pageCacheMs: e.PAGE_CACHE_MS,
    mailFrom: e.MAIL_FROM,
    appOrigin: (e.APP_ORIGIN ?? defaultOrigin(e.HOST, e.PORT)).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    twoFactorKey: e.TWO_FACTOR_KEY,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    signupBonusCoins: e.SIGNUP_BONUS_COINS,
    dailyDropCoins: e.DAILY_DROP_COINS,
    seedDemoUsers: e.SEED_DEMO_USERS ?? (!isProduction && !e.DATABASE_URL),
    seedDemoContent: !isProduction && (e.SEED_DEMO_CONTENT ?? e.SEED_DEMO_USERS ?? !e.DATABASE_URL),
    trustProxy: e.TRUST_PROXY,
    signupLimitPerHour: e.SIGNUP_LIMIT_PER_HOUR,
    searchLimitPerMinute: e.SEARCH_LIMIT_PER_MINUTE,
    uploadLimits: { bytesPerUserPerMinute: e.UPLOAD_BYTES_PER_MINUTE, readsPerIpPerMinute: e.UPLOAD_READS_PER_MINUTE },
    loginFailuresPerAccountPerHour: e.LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR,
    logLevel: e.LOG_LEVEL,
    keyPrefix: 'kettle',
    realtime: { heartbeatMs: e.REALTIME_HEARTBEAT_MS, maxStreamsPerUser: e.REALTIME_MAX_STREAMS_PER_USER },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
            apiUrl: e.STRIPE_API_URL,
            priceIds: {
              bronze: e.STRIPE_PRICE_BRONZE,
              silver: e.STRIPE_PRICE_SILVER,
              gold: e.STRIPE_PRICE_GOLD,
              whale: e.STRIPE_PRICE_WHALE,
            },
          }
        : undefined,
    subscriptionPriceIds: {
      sip: e.STRIPE_PRICE_MONTHLY_SIP,
      brew: e.STRIPE_PRICE_MONTHLY_BREW,
      pot: e.STRIPE_PRICE_MONTHLY_POT,
    },
  };
}
