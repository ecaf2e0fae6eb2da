import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Transporter } from 'nodemailer';
import type pino from 'pino';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { seedDemoContent } from './db/demo/seed-demo.js';
import { ensureAdmin, seedDemoUsers, seedReferenceData } from './db/seed.js';
import type { Bus } from './lib/bus/bus.js';
import { createMemoryBus } from './lib/bus/memory-bus.js';
import { createRedisBus } from './lib/bus/redis-bus.js';
import { answerFrameworkError, registerErrorHandler } from './lib/error-handler.js';
import { registerNulByteGuard } from './lib/nul-bytes.js';
import { REDACT_PATHS, requestSerializer } from './lib/log-redaction.js';
import { createImageStorage } from './lib/images/select-storage.js';
import { createJobQueue } from './lib/job-queue.js';
import { createMailer } from './lib/mailer/mailer.js';
import { batchedLogDestination } from './lib/log-destination.js';
import { smtpTransport } from './lib/mailer/smtp-transport.js';
import { createMetrics } from './lib/metrics.js';
import { createHotPages } from './lib/hot-pages.js';
import { createPageCache } from './lib/page-cache.js';
import { createResponseSerializer, type ResponseWriter } from './lib/response-serializer.js';
import { createRateLimits } from './lib/rate-limit.js';
import { loadOrCreateSecret } from './lib/secret.js';
import { createTokenSigner } from './lib/tokens.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { coinsRoutes } from './modules/coins/coins.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { publicPostsRoutes } from './modules/posts/reading/public-posts.routes.js';
import { taxonomyRoutes } from './modules/taxonomy/taxonomy.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { blocksRoutes } from './modules/blocks/blocks.routes.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { realtimeRoutes } from './modules/realtime/realtime.routes.js';
import { reportsAdminRoutes } from './modules/reports/reports-admin.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { takedownsRoutes } from './modules/reports/takedowns.routes.js';
import { votesRoutes } from './modules/votes/votes.routes.js';
import { companyAdminRoutes } from './modules/company/company-admin.routes.js';
import { companyRoutes } from './modules/company/company.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { paymentsWebhookRoutes } from './modules/payments/webhook.routes.js';
import { createPaymentProviders } from './modules/payments/providers/select-provider.js';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { twoFactorRoutes } from './modules/users/two-factor.routes.js';
import { enforcementRoutes } from './modules/enforcement/enforcement.routes.js';
import { appealsRoutes } from './modules/appeals/appeals.routes.js';
import { accountDataRoutes } from './modules/users/account-data.routes.js';
import { adminUsersRoutes } from './modules/users/admin-users.routes.js';
import { adminCoinsRoutes } from './modules/users/admin-coins.routes.js';
import { profileRoutes } from './modules/users/profile.routes.js';
import { authenticatePlugin } from './plugins/authenticate.js';
import { guardRoutes } from './modules/posts/privacy/guard.routes.js';
import { registerCompression } from './plugins/compression.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerHotPages } from './plugins/hot-pages.js';
import { registerPageInvalidation } from './plugins/page-invalidation.js';
import { OneLineRequestLog } from './plugins/request-log.js';
import { registerRequestMetrics } from './plugins/request-metrics.js';
import { registerSecurity } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';
import { startSweeps } from './sweeps/schedule.js';

/**
 * A hung Redis (its process stopped, its host swapping) keeps every connection open and answers
 * nothing, so no connection error ever comes: without a deadline each request that needs it would
 * wait for good (plan row X3, "no hang"). Redis on the same host or network answers in well under
 * a millisecond, so a command still open after a second is an outage: 503, or served without it.
 */
const REDIS_COMMAND_TIMEOUT_MS = 1_000;

export type BuildOptions = {
  config: Config;
  /** An already open database (tests); otherwise opened from the config. */
  database?: Database;
  /** Overrides SMTP_URL (tests hand in a transport to their own SMTP server). */
  mailTransport?: Transporter;
  logger?: FastifyServerOptions['logger'];
  /** Seed categories and states on first start (default true). */
  seedReferenceData?: boolean;
  serveWeb?: boolean;
  /** The built SPA's folder (tests hand in a fixture); found next to the app otherwise. */
  webRoot?: string;
  /** A realtime bus owned by the caller (tests joining two apps); not closed with the app. */
  bus?: Bus;
  /** Run the periodic sweeps (default true); tests that drive a sweep themselves turn them off. */
  sweeps?: boolean;
  /** Hold fast-json-stringify's answers to zod's (tests): lib/response-serializer.ts. */
  checkResponses?: boolean;
  /** Filled with the writer each route's answer got ('GET /api/v1/posts/ 200'), for tests. */
  serializers?: Map<string, ResponseWriter>;
};

const MAIL_RETRY_MS = 30_000;

let stdoutLog: pino.DestinationStream | undefined;
/** Stdout in batches (lib/log-destination.ts); one destination serves every app of the process. */
function logDestination(): pino.DestinationStream {
  stdoutLog ??= batchedLogDestination(1);
  return stdoutLog;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Visitors' kept pages are answered by the HTTP server itself, before Fastify (P2).
  const hotPages = createHotPages();
  const app = Fastify({
    serverFactory: hotPages.serverFactory,
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      serializers: { req: requestSerializer },
      ...(config.logLevel === 'silent' ? {} : { stream: logDestination() }),
    },
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    logController: new OneLineRequestLog(),
    requestIdHeader: false,
    bodyLimit: 100 * 1024,
    requestTimeout: 30_000,
    // Bad percent-encoding and over-long path segments never reach a route: answer them in our envelope.
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createResponseSerializer({
      crossCheck: options.checkResponses === true,
      ...(options.serializers ? { record: (route, writer) => options.serializers?.set(route, writer) } : {}),
    }),
  );

  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await database.migrate();
  if (options.seedReferenceData !== false) await seedReferenceData(database.db);
  if (config.admin) await ensureAdmin(database.db, config.admin);
  if (config.seedDemoUsers) await seedDemoUsers(database.db, config);

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        maxRetriesPerRequest: 2,
        enableOfflineQueue: false,
        lazyConnect: true,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      })
    : undefined;
  if (redis) await redis.connect();
  const secret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir);
  const transport = options.mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined);
  // Realtime fan-out: Redis pub/sub when several servers share REDIS_URL, else in process.
  const bus =
    options.bus ??
    (redis
      ? await createRedisBus({ publisher: redis, prefix: config.keyPrefix, log: app.log })
      : createMemoryBus({ log: app.log }));
  const metrics = createMetrics(database);
  const pages = await createPageCache({
    ttlMs: config.pageCacheMs,
    redis,
    bus,
    prefix: config.keyPrefix,
    registry: metrics.registry,
    log: app.log,
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    redis,
    mailer: createMailer({ db: database.db, from: config.mailFrom, transport, log: app.log }),
    limits: createRateLimits({
      prefix: config.keyPrefix,
      redis,
      points: {
        registerPerIp: config.signupLimitPerHour,
        searchPerIp: config.searchLimitPerMinute,
        handleSearchPerAccount: config.searchLimitPerMinute,
        uploadBytesPerUser: config.uploadLimits.bytesPerUserPerMinute,
        uploadReadsPerIp: config.uploadLimits.readsPerIpPerMinute,
        loginFailuresPerAccount: config.loginFailuresPerAccountPerHour,
      },
    }),
    tokens: createTokenSigner(secret),
    images: createImageStorage(config),
    secret,
    twoFactorKey: config.twoFactorKey ?? secret,
    bus,
    payments: createPaymentProviders(config, secret),
    jobs: createJobQueue({ log: app.log }),
    metrics,
    pages,
  };
  app.decorate('ctx', ctx);
  // Before any timer starts: the demo is one transaction, and on PGlite it holds the connection.
  if (config.seedDemoContent) {
    const outcome = await seedDemoContent(ctx, app.log);
    if (outcome !== 'already seeded') app.log.info(`demo community: ${outcome}`);
  }

  const retryTimer = setInterval(() => {
    ctx.mailer.retryPending().catch((err: unknown) => app.log.warn({ err }, 'mail retry round failed'));
  }, MAIL_RETRY_MS);
  retryTimer.unref();
  const stopSweeps = options.sweeps === false ? async () => undefined : startSweeps(ctx, app.log);
  app.addHook('onClose', async () => {
    clearInterval(retryTimer);
    await stopSweeps();
    // Queued jobs write mail, so they finish before deliveries are awaited.
    await ctx.jobs.drain();
    await ctx.mailer.flush();
    if (!options.bus) await ctx.bus.close();
    if (redis) await redis.quit().catch(() => undefined);
    ctx.images.close?.();
    if (!options.database) await database.close();
  });

  registerErrorHandler(app);
  registerRequestMetrics(app);
  registerPageInvalidation(app);
  registerNulByteGuard(app);
  await registerSecurity(app, config);
  await registerCompression(app);
  // After compression: its copy of an answer is taken last (plugins/hot-pages.ts).
  await registerHotPages(app, hotPages);
  await registerOpenApi(app, config);
  await app.register(formbody);
  await app.register(authenticatePlugin);

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(uploadsRoutes);
  await app.register(
    async (api) => {
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(twoFactorRoutes, { prefix: '/auth' });
      await api.register(contactRoutes);
      await api.register(profileRoutes);
      await api.register(accountDataRoutes);
      await api.register(taxonomyRoutes);
      await api.register(postsRoutes, { prefix: '/posts' });
      await api.register(publicPostsRoutes, { prefix: '/posts' });
      await api.register(notificationsRoutes, { prefix: '/notifications' });
      await api.register(coinsRoutes);
      await api.register(adminCoinsRoutes);
      await api.register(votesRoutes, { prefix: '/posts' });
      await api.register(commentsRoutes);
      await api.register(guardRoutes);
      await api.register(blocksRoutes);
      await api.register(reportsRoutes);
      await api.register(reportsAdminRoutes, { prefix: '/posts/admin/reports' });
      await api.register(takedownsRoutes);
      await api.register(realtimeRoutes, { prefix: '/posts' });
      await api.register(paymentsRoutes, { prefix: '/payments' });
      await api.register(paymentsWebhookRoutes, { prefix: '/payments' });
      await api.register(subscriptionsRoutes, { prefix: '/payments/subscription' });
      await api.register(companyRoutes, { prefix: '/company' });
      await api.register(companyAdminRoutes);
      await api.register(adminUsersRoutes);
      await api.register(enforcementRoutes);
      await api.register(appealsRoutes);
    },
    { prefix: '/api/v1' },
  );
  if (!config.isProduction) await app.register(devMailboxRoutes);
  if (options.serveWeb !== false) await registerWeb(app, options.webRoot);
  return app;
}
