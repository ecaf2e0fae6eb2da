import { Redis } from 'ioredis';

/**
 * The Redis the tests may use: TEST_REDIS_URL (which must answer), or the machine's own on the
 * default port when one answers; null when there is none, and the caller tests its fallback.
 */
export async function reachableRedis(): Promise<string | null> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return url;
  } catch (error) {
    if (process.env.TEST_REDIS_URL) throw new Error(`TEST_REDIS_URL=${url} does not answer: ${String(error)}`);
    return null;
  } finally {
    probe.disconnect();
  }
}
