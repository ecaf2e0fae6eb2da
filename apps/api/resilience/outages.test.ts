// Plan row X3 (issue 15): PostgreSQL, Redis and the SMTP server each stopped under load, then
// started again, against the production build (dist/server.js) and private instances of each.
import { randomBytes } from 'node:crypto';
import { ERROR_CODES, STATUS_FALLBACK } from '@kettle/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_MS, READ_TIMEOUT_MS } from '../src/db/client.js';
import { SMTP_TIMEOUTS } from '../src/lib/mailer/smtp-transport.js';
import { findInvariantViolations } from '../test/invariants.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { ensureServerBuilt } from './built-server.js';
import { RESILIENCE } from './config.js';
import {
  startPostgres,
  startRedis,
  startSmtp,
  type HangableService,
  type Interruption,
  type SmtpService,
} from './services-kit.js';

const { failFastMs, recoverWithinMs, downForMs, clients, mailDeliveredWithinMs } = RESILIENCE.outages;
const API = '/api/v1';
/**
 * A hung PostgreSQL is noticed only by the client's read timeout (client.ts), past the statement
 * timeout: a request refused for it may have waited for a pooled connection first.
 */
const HUNG_DATABASE_REFUSED_WITHIN_MS = READ_TIMEOUT_MS + CONNECT_TIMEOUT_MS;
/**
 * A request still open this long has hung; it is cut off and counted as such (status 0). Three
 * times the bound on a refusal: each outage sets it from its own bound, and restores it after.
 */
const hangLimitFor = (refusedWithinMs: number) => refusedWithinMs * 3;
let hangLimitMs = hangLimitFor(failFastMs);
const GENERIC_503 = { detail: STATUS_FALLBACK[503], code: ERROR_CODES.unavailable };
const USERS = ['ava@kettle.local', 'ben@kettle.local'];
const PASSWORD = 'KettleDemo1';

type Dependency = 'database' | 'redis' | 'mail';
const ACTIONS = ['list', 'post', 'sign-in', 'unlock', 'comment', 'contact', 'health'] as const;
type Action = (typeof ACTIONS)[number];
type Outcome = { action: Action; startedAt: number; ms: number; status: number; body: string };
type Reader = { token: string; readable: string[] };

let postgres: HangableService;
let redis: HangableService;
let smtp: SmtpService;
let server: ServerProcess;
let db: pg.Pool;
let postIds: string[] = [];
const readers: Reader[] = [];
/** The subject of every contact message the server accepted (202): each must arrive exactly once. */
const acceptedContacts: string[] = [];
let ipCounter = 0;
/** Each request from its own address (TRUST_PROXY): per-address limits stay out of the way. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', nextIp());
  try {
    const response = await fetch(`${server.origin}${path}`, {
      ...init,
      headers,
      signal: AbortSignal.timeout(hangLimitMs),
    });
    const body = await response.text();
    return { status: response.status, body, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, body: String(error), ms: performance.now() - started };
  }
}

const json = (body: unknown, token?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});
const signIn = (email: string) =>
  call(`${API}/auth/login`, { method: 'POST', body: new URLSearchParams({ username: email, password: PASSWORD }) });
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** One request of the mixed load: reads, sign-ins, spends (unlocks, comments) and contact mail. */
async function act(action: Action): Promise<Outcome> {
  const startedAt = Date.now();
  const reader = pick(readers);
  const bearer = { authorization: `Bearer ${reader.token}` };
  let answer: { status: number; body: string; ms: number };
  if (action === 'list') answer = await call(`${API}/posts/`);
  else if (action === 'post') answer = await call(`${API}/posts/${pick(postIds)}`, { headers: bearer });
  else if (action === 'sign-in') answer = await signIn(pick(USERS));
  else if (action === 'unlock') answer = await call(`${API}/posts/${pick(postIds)}/unlock`, json({}, reader.token));
  else if (action === 'comment')
    answer = await call(
      `${API}/posts/${pick(reader.readable)}/comments`,
      json({ content: 'Still steeping.' }, reader.token),
    );
  else if (action === 'contact') {
    const subject = `Outage check ${randomBytes(6).toString('hex')}`;
    answer = await call(
      `${API}/auth/send-contact-email`,
      json({ fullname: 'Load Tester', email: 'load@example.test', subject, message: 'Is the kettle still on?' }),
    );
    if (answer.status === 202) acceptedContacts.push(subject);
  } else answer = await call('/api/health');
  return { action, startedAt, ms: answer.ms, status: answer.status, body: answer.body };
}

/** Sign-ins hash a password (argon2), the heaviest request: one in twelve keeps the CPU for the rest. */
const MIX: Action[] = [
  'list',
  'post',
  'unlock',
  'comment',
  'contact',
  'health',
  'list',
  'sign-in',
  'post',
  'comment',
  'contact',
  'list',
];

/** `clients` loops of mixed requests until `stop` is called; resolves to every outcome. */
function startLoad(): { stop: () => Promise<Outcome[]> } {
  const outcomes: Outcome[] = [];
  let running = true;
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let i = client; running; i += 1) outcomes.push(await act(MIX[i % MIX.length] as Action));
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

/** What must work again once the dependency is back: a read, a sign-in, a spend and readiness. */
async function serviceWorks(): Promise<boolean> {
  const reader = pick(readers);
  const answers = await Promise.all([
    call(`${API}/posts/`),
    signIn(pick(USERS)),
    call(`${API}/posts/${pick(reader.readable)}/comments`, json({ content: 'Back again.' }, reader.token)),
    call('/api/ready'),
  ]);
  const ready = answers[3];
  return answers.every((a) => a.status >= 200 && a.status < 300) && JSON.parse(ready?.body ?? '{}').status === 'ok';
}

/** How long after now `condition` first held (when the attempt that found it began); null past the timeout. */
async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number, pollMs = 100): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started <= timeoutMs) {
    const attempt = Date.now();
    if (await condition()) return attempt - started;
    await new Promise((done) => setTimeout(done, pollMs));
  }
  return null;
}

beforeAll(async () => {
  // `npm run test:resilience` builds this checkout first; a direct vitest run builds only when dist/ is missing.
  ensureServerBuilt();
  [postgres, redis, smtp] = await Promise.all([startPostgres(), startRedis(), startSmtp()]);
  server = await startServerProcess({
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    SMTP_URL: smtp.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    APP_ORIGIN: 'http://kettle.test',
    SEED_DEMO_USERS: 'true',
    SEED_DEMO_CONTENT: 'true',
    // Coins enough that no spend of the run is refused for want of them.
    SIGNUP_BONUS_COINS: '100000',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  });
  db = new pg.Pool({ connectionString: postgres.url, max: 2 });
  db.on('error', () => undefined);
  const list = await call(`${API}/posts/`);
  postIds = (JSON.parse(list.body) as { data: { id: string }[] }).data.map((post) => post.id);
  expect(postIds.length).toBeGreaterThan(3);
  for (const email of USERS) {
    const token = (JSON.parse((await signIn(email)).body) as { access_token: string }).access_token;
    const readable: string[] = [];
    // Unlocked once here (a post of one's own is refused), commented on under load.
    for (const id of postIds) {
      if (readable.length < 3 && (await call(`${API}/posts/${id}/unlock`, json({}, token))).status === 200)
        readable.push(id);
    }
    expect(readable.length).toBe(3);
    readers.push({ token, readable });
  }
}, 300_000);

afterAll(async () => {
  await db?.end();
  await server?.stop();
  await Promise.all([postgres?.close(), redis?.close(), smtp?.close()]);
}, 60_000);

const ok = (o: Outcome) => o.status >= 200 && o.status < 300;
const count = (outcomes: Outcome[], test: (o: Outcome) => boolean) => outcomes.filter(test).length;
const statusCounts = (outcomes: Outcome[]) =>
  outcomes.reduce<Record<string, number>>((all, o) => ({ ...all, [o.status]: (all[o.status] ?? 0) + 1 }), {});

type Shape = {
  how?: 'stopped' | 'hung';
  /** Long enough for the server's own bound on a hung dependency to show. */
  awayForMs?: number;
  /** Every refusal came within this. */
  refusedWithinMs?: number;
};

async function outage(
  dependency: Dependency,
  service: Interruption,
  { how = 'stopped', awayForMs = downForMs, refusedWithinMs = failFastMs }: Shape = {},
) {
  hangLimitMs = hangLimitFor(refusedWithinMs);
  try {
    return await outageUnderLoad(dependency, service, { how, awayForMs, refusedWithinMs });
  } finally {
    hangLimitMs = hangLimitFor(failFastMs);
  }
}

async function outageUnderLoad(
  dependency: Dependency,
  service: Interruption,
  { how, awayForMs, refusedWithinMs }: Required<Shape>,
) {
  const load = startLoad();
  await new Promise((done) => setTimeout(done, 1_500));
  const stoppedAt = Date.now();
  await service.stop();
  const downAt = Date.now();
  const readyAnswers: Array<{ status: number; ms: number; body: Record<string, unknown> }> = [];
  // Besides the load (whose clients a busy machine may hold up), each poll sends one request of
  // every kind, so every outage sees each of them, and the SMTP one sees mail to queue.
  const probes: Outcome[] = [];
  while (Date.now() - stoppedAt < awayForMs) {
    const [ready, ...answers] = await Promise.all([call('/api/ready'), ...ACTIONS.map(act)]);
    probes.push(...answers);
    readyAnswers.push({
      status: ready.status,
      ms: ready.ms,
      body: ready.status ? (JSON.parse(ready.body) as Record<string, unknown>) : {},
    });
    await new Promise((done) => setTimeout(done, 250));
  }
  const restartAt = Date.now();
  await service.start();
  const backAt = Date.now();
  const recoveredIn = await waitUntil(serviceWorks, recoverWithinMs);
  const recoveredAt = Date.now();
  await new Promise((done) => setTimeout(done, 1_500));
  const outcomes = [...(await load.stop()), ...probes];
  // In flight at any moment of the outage (its latency counts), and sent while it was down (its
  // answer shows how the server behaves without the dependency).
  const overlapping = outcomes.filter((o) => o.startedAt < backAt && o.startedAt + o.ms >= stoppedAt);
  const during = outcomes.filter((o) => o.startedAt >= downAt && o.startedAt < restartAt);
  const after = outcomes.filter((o) => o.startedAt >= recoveredAt);
  const figures = {
    dependency,
    requests: outcomes.length,
    maxMs: Math.round(outcomes.reduce((top, o) => Math.max(top, o.ms), 0)),
    duringOutage: statusCounts(during),
    maxMsDuringOutage: Math.round(overlapping.reduce((top, o) => Math.max(top, o.ms), 0)),
    afterRecovery: statusCounts(after),
    recoveredInMs: recoveredIn,
  };
  console.info(`X3 ${dependency} ${how}: ${JSON.stringify(figures)}`);

  // No unexpected failure: a 500, a dropped connection, or a request cut off as hung (status 0).
  const broken = outcomes.filter((o) => o.status === 0 || (o.status >= 500 && o.status !== 503));
  expect(
    broken.map((o) => `${o.action} ${o.status} ${o.body.slice(0, 200)}`),
    server.output(),
  ).toEqual([]);
  // Fail fast: no refusal took refusedWithinMs, and no request hung (one still open at
  // hangLimitMs is cut off and counted broken above). A success may be slow on a busy machine (a
  // password hash under CPU contention): that is load, and the checks per outage below show that
  // nothing that needs the missing dependency succeeded late instead of failing.
  const slow = outcomes.filter((o) => !ok(o) && o.ms >= refusedWithinMs);
  expect(
    slow.map(
      (o) => `${o.action} ${o.status} ${Math.round(o.ms)} ms, started ${o.startedAt - stoppedAt} ms after the stop`,
    ),
  ).toEqual([]);
  // A 503 is the generic envelope, never a detail of what broke.
  for (const o of outcomes.filter((x) => x.status === 503)) expect(JSON.parse(o.body)).toEqual(GENERIC_503);
  // Readiness named the failing dependency while it was away, and only it.
  const failing = readyAnswers.filter(
    (r) => (r.body.dependencies as Record<string, string>)?.[dependency] === 'failing',
  );
  expect(failing.length).toBeGreaterThan(0);
  expect(readyAnswers.filter((r) => r.ms >= failFastMs)).toEqual([]);
  for (const r of failing) {
    expect(Object.entries(r.body.dependencies as Record<string, string>).filter(([, v]) => v === 'failing')).toEqual([
      [dependency, 'failing'],
    ]);
    if (dependency === 'mail') expect(r).toMatchObject({ status: 200, body: { status: 'degraded' } });
    else expect(r).toMatchObject({ status: 503, body: GENERIC_503 });
  }
  // Back by itself, and nothing started after that failed for the outage.
  expect(recoveredIn).not.toBeNull();
  expect(count(after, (o) => o.status === 503)).toBe(0);
  expect(count(after, (o) => o.status >= 200 && o.status < 300)).toBeGreaterThan(0);
  // No spend half-happened: balances, ledger and effect rows agree.
  expect(
    await findInvariantViolations(async (text) => (await db.query(text)).rows as Record<string, unknown>[]),
  ).toEqual([]);
  // Answered before the dependency came back: a hung one still answers what was sent just before
  // its thaw, once thawed, where a stopped one had refused it at once.
  const answeredWhileAway = during.filter((o) => o.startedAt + o.ms < restartAt);
  return { during, answeredWhileAway, figures };
}

/** PostgreSQL away: 503s, liveness holds, and only kept pages are served. */
function expectServedWithoutDatabase(during: Outcome[]) {
  expect(count(during, (o) => o.status === 503)).toBeGreaterThan(0);
  // Liveness needs no database: a restart would not help, so nothing restarts the process.
  const health = during.filter((o) => o.action === 'health');
  expect(health.length).toBeGreaterThan(0);
  expect(health.every(ok)).toBe(true);
  // Nothing else succeeded but visitors' list pages the server had kept (the page cache).
  const served = during.filter((o) => ok(o) && o.action !== 'health');
  expect(served.filter((o) => o.action !== 'list').map((o) => `${o.action} ${o.status}`)).toEqual([]);
}

/** Redis away: sign-ins and contact refused, the rest served. */
function expectServedWithoutRedis(during: Outcome[]) {
  // The rate limits live in Redis: without them a sign-in or a message is refused, not let through.
  for (const action of ['sign-in', 'contact'] as const) {
    const tried = during.filter((o) => o.action === action);
    expect(tried.length).toBeGreaterThan(0);
    expect(tried.filter((o) => o.status !== 503)).toEqual([]);
  }
  // Reads fall back from the shared page cache to the database; spends and replies need no limit.
  for (const action of ['list', 'post', 'unlock', 'comment', 'health'] as const) {
    const tried = during.filter((o) => o.action === action);
    expect(tried.length).toBeGreaterThan(0);
    expect(tried.filter((o) => !ok(o)).map((o) => `${action} ${o.status}`)).toEqual([]);
  }
}

/** SMTP away: every request answers, and the mail written meanwhile goes out once afterwards. */
async function mailOutage(service: Interruption, shape: Shape = {}) {
  const phaseStart = (await db.query(`select now() as at`)).rows[0]?.at as Date;
  const contactsBefore = acceptedContacts.length;
  const { during, figures } = await outage('mail', service, shape);
  expect(during.filter((o) => !ok(o)).map((o) => `${o.action} ${o.status}`)).toEqual([]);
  expect(count(during, (o) => o.action === 'contact')).toBeGreaterThan(0);
  // Every mail written since this outage began goes out (the retry round runs every 30 s).
  const unsent = async () =>
    Number(
      (
        await db.query(`select count(*)::int as n from mail_outbox where created_at >= $1 and status <> 'sent'`, [
          phaseStart,
        ])
      ).rows[0]?.n,
    );
  const deliveredIn = await waitUntil(async () => (await unsent()) === 0, mailDeliveredWithinMs, 500);
  const messages = smtp.messages();
  const copies = (subject: string) => messages.filter((m) => m.raw.includes(subject)).length;
  const phaseContacts = acceptedContacts.slice(contactsBefore);
  // How many of them a first delivery gave up on (refused, or timed out on a hung server).
  const retriedRows = await db.query(
    `select count(*)::int as n from mail_outbox where created_at >= $1 and attempts > 1`,
    [phaseStart],
  );
  const retried = Number(retriedRows.rows[0]?.n);
  console.info(
    `X3 mail ${shape.how ?? 'stopped'}: ${JSON.stringify({ duringOutage: figures.duringOutage, deliveredInMs: deliveredIn, retried, contactsAccepted: phaseContacts.length, sinkMessages: messages.length })}`,
  );
  expect(deliveredIn).not.toBeNull();
  // Once each: no contact message of this outage lost or sent twice, none of the whole run twice.
  expect(phaseContacts.filter((subject) => copies(subject) !== 1)).toEqual([]);
  expect(acceptedContacts.filter((subject) => copies(subject) > 1)).toEqual([]);
  return { retried };
}

describe.sequential('dependencies failing under load (plan row X3)', () => {
  it('PostgreSQL stopped: requests answer 503 fast, liveness holds, service comes back', async () => {
    const { during } = await outage('database', postgres);
    expectServedWithoutDatabase(during);
  });

  it('PostgreSQL hung (SIGSTOP): refused once the read timeout drops its connections, none held for good', async () => {
    // Connections stay up and no statement is answered: only the client's read timeout notices.
    const { answeredWhileAway } = await outage('database', postgres.hang, {
      how: 'hung',
      awayForMs: HUNG_DATABASE_REFUSED_WITHIN_MS + downForMs,
      refusedWithinMs: HUNG_DATABASE_REFUSED_WITHIN_MS,
    });
    expectServedWithoutDatabase(answeredWhileAway);
  });

  it('Redis stopped: sign-ins and contact fail closed with 503; reads and spends keep working', async () => {
    const { during } = await outage('redis', redis);
    expectServedWithoutRedis(during);
  });

  it('Redis hung (SIGSTOP): the same answers as stopped, none held past the fail-fast bound', async () => {
    // Its connections stay up and nothing answers: only the client's command timeout notices.
    const { answeredWhileAway } = await outage('redis', redis.hang, { how: 'hung' });
    expectServedWithoutRedis(answeredWhileAway);
  });

  it('SMTP stopped: everything answers; mail waits and is sent exactly once afterwards', async () => {
    await mailOutage(smtp);
  });

  it('SMTP hung: everything answers; deliveries give up, and the mail is sent exactly once afterwards', async () => {
    // Connections are accepted and never greeted: only the transport's timeouts notice.
    const { retried } = await mailOutage(smtp.hang, {
      how: 'hung',
      awayForMs: SMTP_TIMEOUTS.greetingTimeout + downForMs,
    });
    // Deliveries begun early in the hang waited out the greeting timeout and went back to the queue.
    expect(retried).toBeGreaterThan(0);
  });
});
