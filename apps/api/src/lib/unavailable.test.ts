import { createServer, type Server, type Socket } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/server-process.js';
import { conflict } from './app-error.js';
import { createRateLimits } from './rate-limit.js';
import { unavailableCause } from './unavailable.js';

/** The error a promise rejects with (each case below must reject). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

let closedPort = 0;
let silent: Server;
let silentPort = 0;
const sockets: Socket[] = [];
beforeAll(async () => {
  // A port nobody listens on (a stopped server), and one that accepts and never answers (a hung one).
  closedPort = await freePort();
  silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
  const address = silent.address();
  silentPort = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((done) => silent.close(done));
});

describe('unavailableCause: the errors of a dependency that is away', () => {
  it('names a refused PostgreSQL connection, also through the ORM', async () => {
    const pool = new pg.Pool({ connectionString: `postgres://kettle@127.0.0.1:${closedPort}/kettle` });
    try {
      expect(unavailableCause(await rejectionOf(pool.query('select 1')))).toBe('ECONNREFUSED');
      const db = drizzle(pool);
      expect(unavailableCause(await rejectionOf(db.execute(sql`select 1`)))).toBe('ECONNREFUSED');
    } finally {
      await pool.end();
    }
  });

  it("names the pool's connect timeout against a server that never answers", async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://kettle@127.0.0.1:${silentPort}/kettle`,
      connectionTimeoutMillis: 100,
    });
    try {
      expect(unavailableCause(await rejectionOf(pool.query('select 1')))).toMatch(/^Connection terminated|^timeout/);
    } finally {
      await pool.end();
    }
  });

  it('names a Redis command refused while disconnected, also through a rate limit', async () => {
    const redis = new Redis(`redis://127.0.0.1:${closedPort}`, {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    try {
      const direct = await rejectionOf(redis.get('key'));
      expect(unavailableCause(direct)).toBe("Stream isn't writeable and enableOfflineQueue options is false");
      const limits = createRateLimits({ prefix: 'unavailable-test', redis });
      expect(unavailableCause(await rejectionOf(limits.hit('contactPerIp', '10.0.0.1')))).not.toBeNull();
    } finally {
      redis.disconnect();
    }
  });

  it('names PostgreSQL shutting down, starting up or out of connections by SQLSTATE', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001']) {
      expect(unavailableCause(Object.assign(new Error('server said no'), { code }))).toBe(code);
    }
  });

  it('leaves every other error alone (answered 500 or its own status)', () => {
    expect(unavailableCause(new Error('redis exploded at /srv/secret/path.ts:12'))).toBeNull();
    expect(unavailableCause(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeNull();
    expect(unavailableCause(conflict('Already voted'))).toBeNull();
    expect(unavailableCause('ECONNREFUSED')).toBeNull();
    expect(unavailableCause(null)).toBeNull();
  });
});
