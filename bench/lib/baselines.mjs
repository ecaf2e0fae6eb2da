// The bench's baselines: what the framework and the database can do on these cores with nothing
// of Kettle in the way, measured in the same run as Kettle (performance.md: the goals are ratios).
import { spawn } from 'node:child_process';
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

async function startScript(source, env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', source], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`baseline server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

export const startHello = () => startScript(HELLO);
/** @param {string} databaseUrl */
export const startPageRoute = (databaseUrl) => startScript(PAGE_ROUTE, { DATABASE_URL: databaseUrl });
