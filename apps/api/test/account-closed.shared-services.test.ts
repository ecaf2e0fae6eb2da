// Two real Kettle processes (dist/server.js) sharing PostgreSQL and Redis: a ban decided on one
// ends the banned account's live stream held by the other. Runs only in the pass that sets
// TEST_DATABASE_URL and TEST_REDIS_URL, as many-servers.shared-services.test.ts does.
import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from './http.js';
import { SseClient } from './realtime-kit.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

const baseDatabaseUrl = process.env.TEST_DATABASE_URL ?? '';
const baseRedisUrl = process.env.TEST_REDIS_URL ?? '';
const databaseName = `kettle_closed_${randomBytes(6).toString('hex')}`;

let a: ServerProcess;
let b: ServerProcess;
let databaseMade = false;
const streams: SseClient[] = [];

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseDatabaseUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

beforeAll(async () => {
  await promisify(execFile)('npm', ['run', 'build', '-w', '@kettle/api'], { cwd: `${import.meta.dirname}/../../..` });
  await adminQuery(`create database ${databaseName}`);
  databaseMade = true;
  const databaseUrl = new URL(baseDatabaseUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const redisUrl = new URL(baseRedisUrl);
  redisUrl.pathname = `/${randomInt(1, 16)}`;
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl.toString(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    APP_ORIGIN: 'http://kettle.test',
    SEED_DEMO_USERS: 'true',
    SEED_DEMO_CONTENT: 'false',
    LOG_LEVEL: 'warn',
  };
  a = await startServerProcess(env);
  b = await startServerProcess(env);
}, 240_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all([a?.stop(), b?.stop()]);
  if (databaseMade) await adminQuery(`drop database if exists ${databaseName} with (force)`);
}, 60_000);

const call = async (server: ServerProcess, path: string, init: RequestInit = {}) => {
  const response = await fetch(`${server.origin}${path}`, init);
  return { status: response.status, text: await response.text() };
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });

async function login(server: ServerProcess, email: string, password: string): Promise<string> {
  const { status, text } = await call(server, `${API}/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
  expect(status, text).toBe(200);
  return (JSON.parse(text) as { access_token: string }).access_token;
}

const firstIdOf = async (server: ServerProcess, list: string) =>
  (JSON.parse((await call(server, `${API}/${list}/`)).text) as { data: { id: string }[] }).data[0]?.id ?? '';

describe('two Kettle processes sharing PostgreSQL and Redis', () => {
  it('a ban decided through A ends the banned author’s stream held by B, and not the admin’s', async () => {
    const author = await login(a, 'ben@kettle.local', 'KettleDemo1');
    const admin = await login(a, 'admin@kettle.local', 'KettleAdmin1');
    const created = await call(a, `${API}/posts/`, {
      method: 'POST',
      headers: json(author),
      body: JSON.stringify({
        title: 'A tea about to be closed',
        content: 'Somebody said the stream goes on after the ban and everyone heard.',
        category_id: await firstIdOf(a, 'categories'),
        state_id: await firstIdOf(a, 'states'),
        tagged_handle: '@closed_stream',
        attested: true,
      }),
    });
    expect(created.status, created.text).toBe(201);
    const post = JSON.parse(created.text) as { id: string; author_id?: string };
    const me = JSON.parse((await call(a, `${API}/auth/me`, { headers: bearer(author) })).text) as { id: string };

    const authorStream = await SseClient.open(`${b.origin}${API}/posts/${post.id}/events?token=${author}`);
    const adminStream = await SseClient.open(`${b.origin}${API}/posts/${post.id}/events?token=${admin}`);
    streams.push(authorStream, adminStream);

    const banned = await call(a, `${API}/admin/users/${me.id}/actions`, {
      method: 'POST',
      headers: json(admin),
      body: JSON.stringify({ kind: 'ban', rule: 'respect', message: 'Threats.' }),
    });
    expect(banned.status, banned.text).toBe(201);
    await authorStream.ended;
    expect(adminStream.isEnded).toBe(false);
    const refused = await call(b, `${API}/auth/me`, { headers: bearer(author) });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'ACCOUNT_BANNED' });
  });
});
