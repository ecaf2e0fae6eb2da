// The bench's baselines: what the framework and the database can do on these cores with nothing
// of Kettle in the way, measured in the same run as Kettle (docs/performance.md: the goals are ratios).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../scripts/lib/built-server.mjs';
import { ROOT } from '../../scripts/lib/run.mjs';

/** A bare Fastify answering `{"hello":"world"}`: the framework's own ceiling (P2). */
const HELLO = `
const app = require('fastify')();
app.get('/', async () => ({ hello: 'world' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('ready'));
`;

/**
 * A bare Fastify route running Kettle's first-page statement (the newest approved teas, as the
 * list orders them) as a named prepared statement on a pool of the same size, and answering the
 * rows as JSON: what the database allows a page to cost (P1, P3).
 */
const PAGE_ROUTE = `
const app = require('fastify')();
const pool = new (require('pg').Pool)({ connectionString: process.env.DATABASE_URL, max: 10 });
const page = {
  name: 'bench_first_page',
  text: "select * from posts where status = 'approved' order by created_at desc, id desc limit 9 offset 0",
};
app.get('/', async () => ({ data: (await pool.query(page)).rows }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('ready'));
`;

/**
 * The bare spend: one coin of reader $1, the way Kettle's spends are built (postChargeCtes in
 * apps/api/src/modules/coins/coins.service.ts): the conditional update is the lock, and the ledger
 * row is written in the same statement. What the database allows a spend to cost (P6); also run
 * beside Kettle's unlock statement by bench/spend-statements.ts.
 */
export const SPEND_SQL = `with charged as (
      update users set coin_balance = coin_balance - 1, updated_at = now()
      where id = $1 and coin_balance >= 1 and coin_debt = 0
      returning id, coin_balance
    ), ledger as (
      insert into coin_ledger (user_id, delta, balance_after, kind, reason)
      select id, -1, coin_balance, 'unlock', 'bench baseline spend' from charged
      returning 1
    )
    select coin_balance from charged`;

/**
 * A bare Fastify route running SPEND_SQL for the reader in its path, as one named prepared
 * statement on a pool of the same size. Answers the new balance, or 402 when the coins do not
 * cover it.
 */
const SPEND_ROUTE = `
const app = require('fastify')();
const pool = new (require('pg').Pool)({ connectionString: process.env.DATABASE_URL, max: 10 });
const spend = { name: 'bench_spend', text: ${JSON.stringify(SPEND_SQL)} };
app.post('/:user', async (request, reply) => {
  const [row] = (await pool.query({ ...spend, values: [request.params.user] })).rows;
  return row ? { coin_balance: row.coin_balance } : reply.code(402).send({ detail: 'not enough coins' });
});
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('ready'));
`;

/**
 * A bare Fastify route sending a fixed JSON text (Kettle's own first page, passed in BODY): what
 * the framework, the socket and the client on the same cores allow an answer of that size. A
 * cached page costs at least this; the distance from hello to here is the answer's size, not
 * Kettle's work (P2).
 */
const TEXT_ROUTE = `
const app = require('fastify')();
const body = process.env.BODY;
app.get('/', (request, reply) => { reply.type('application/json; charset=utf-8').send(body); });
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('ready'));
`;

/** A running baseline: where it answers, its process (for its CPU from /proc), and how to end it. */
export type Baseline = { url: string; pid: number | undefined; stop: () => boolean };

/** A node process with `args` on a free port; ready once it writes its first line. */
async function startServer(args: string[], env: Record<string, string> = {}): Promise<Baseline> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`baseline server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

const startScript = (source: string, env?: Record<string, string>) => startServer(['-e', source], env);

export const startHello = () => startScript(HELLO);
export const startPageRoute = (databaseUrl: string) => startScript(PAGE_ROUTE, { DATABASE_URL: databaseUrl });
export const startSpendRoute = (databaseUrl: string) => startScript(SPEND_ROUTE, { DATABASE_URL: databaseUrl });
/** `body`: the JSON text to answer. */
export const startTextRoute = (body: string) => startScript(TEXT_ROUTE, { BODY: body });
/** Kettle's own spend statements on a bare route (bench/lib/spend-floor.ts): the floor of each P6 spend. */
export const startSpendFloor = (databaseUrl: string) =>
  startServer(['--import', 'tsx', path.join(ROOT, 'bench', 'lib', 'spend-floor.ts')], { DATABASE_URL: databaseUrl });
