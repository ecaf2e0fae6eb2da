/**
 * Does the answer time of the "mail me a link" endpoints tell a registered email from an unknown one?
 * (issue 10, item 6)
 *
 * Run from the repository root:
 *   npx tsx bench/auth-timing.ts                      # 200 requests per group, PGlite in memory
 *   npx tsx bench/auth-timing.ts --requests 500
 *
 * In one run it creates 2 × N accounts (verified ones for forgot-password, unverified ones for
 * resend-verification), then for each endpoint alternates a known and an unknown email, N of each,
 * every request from its own client address so no rate limit answers instead. It times each
 * `app.inject` (the real route, no network) from send to response and prints median and p95 per group
 * and the known/unknown median ratio. Work queued after the response is not waited for, exactly as an
 * outside client would not wait for it. It only reports; it exits 0 whatever the figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openPglite } from '../apps/api/src/db/client.js';
import { users } from '../apps/api/src/db/schema.js';
import { percentile } from './lib/percentile.js';

const WARM_UP = 10;

type Group = { endpoint: string; known: string[]; unknown: string[] };

let address = 0;
/** A fresh client address per request: the per-address limits never answer in place of the route. */
const nextAddress = (): string => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

async function timeOne(app: FastifyInstance, endpoint: string, email: string): Promise<number> {
  const t0 = process.hrtime.bigint();
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/auth/${endpoint}?email=${encodeURIComponent(email)}`,
    remoteAddress: nextAddress(),
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (res.statusCode !== 202) throw new Error(`${endpoint} ${email} answered ${res.statusCode} ${res.body}`);
  return ms;
}

async function measure(app: FastifyInstance, group: Group): Promise<{ known: number[]; unknown: number[] }> {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < group.known.length; i += 1) {
    const k = group.known[i];
    const u = group.unknown[i];
    if (!k || !u) continue;
    const tk = await timeOne(app, group.endpoint, k);
    const tu = await timeOne(app, group.endpoint, u);
    if (i >= WARM_UP) {
      known.push(tk);
      unknown.push(tu);
    }
  }
  return { known: known.sort((a, b) => a - b), unknown: unknown.sort((a, b) => a - b) };
}

async function createAccounts(app: FastifyInstance, prefix: string, n: number, verified: boolean): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    username: `${prefix}_${i}`,
    email: `${prefix}-${i}@bench.test`,
    // Never signed into: the hash only has to be present.
    passwordHash: 'x',
    emailVerifiedAt: verified ? new Date() : null,
  }));
  await app.ctx.db.insert(users).values(rows);
  return rows.map((r) => r.email);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { requests: { type: 'string', default: '200' } } });
  const requests = Number(values.requests);
  if (!Number.isInteger(requests) || requests < 1) throw new Error('--requests must be a positive integer');
  const n = requests + WARM_UP;
  const dataDir = mkdtempSync(join(tmpdir(), 'kettle-bench-auth-'));
  const database = await openPglite();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEED_DEMO_USERS: 'false',
  });
  const app = await buildApp({ config, database, serveWeb: false });
  await app.ready();
  try {
    const groups: Group[] = [
      {
        endpoint: 'forgot-password',
        known: await createAccounts(app, 'known_reset', n, true),
        unknown: Array.from({ length: n }, (_, i) => `nobody-reset-${i}@bench.test`),
      },
      {
        endpoint: 'resend-verification',
        known: await createAccounts(app, 'known_verify', n, false),
        unknown: Array.from({ length: n }, (_, i) => `nobody-verify-${i}@bench.test`),
      },
    ];
    console.log(`Kettle auth timing: PGlite, ${requests} requests per group (after ${WARM_UP} warm-up), alternating`);
    console.log('| endpoint | email | median ms | p95 ms |');
    console.log('|---|---|---:|---:|');
    for (const group of groups) {
      const { known, unknown } = await measure(app, group);
      for (const [label, times] of [
        ['known', known],
        ['unknown', unknown],
      ] as const) {
        console.log(
          `| ${group.endpoint} | ${label} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} |`,
        );
      }
      console.log(
        `| ${group.endpoint} | known/unknown median | ${(percentile(known, 50) / percentile(unknown, 50)).toFixed(2)} | |`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
