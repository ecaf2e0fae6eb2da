/**
 * Visitors reading while readers unlock: how much of the page cache survives spending traffic.
 *
 *   npm run bench:mixed -- --db pglite --unlock-every-ms 20 --seconds 10
 *   npm run bench:mixed -- --unlock-every-ms 0        # unlocks back to back
 *
 * Through `app.inject` in one process (no network): two visitors read the front page and its
 * newest tea in turn, as fast as they are answered, while one caller unlocks teas as bench readers,
 * each on a tea of its own, waiting `--unlock-every-ms` between unlocks. It prints the visitors'
 * answers a second, the page cache's hit ratio over the visitors' reads (its /metrics counter) and
 * the statements a visitor's answer cost (all statements run, less one per unlock). The rates
 * depend on the hour; the hit ratio (the page cache as `npm start` runs it, PAGE_CACHE_MS 1 s) and statements per answer are the figures to compare. It
 * never fails on a figure; it exits 0 unless the setup or a request fails.
 */
import { parseArgs } from 'node:util';
import { seed } from './lib/dataset.js';
import { engineOption, positiveInt, runBench, withServedApp, writeResults } from './lib/served-app.js';
import { sampleSum } from './lib/server-metrics.mjs';
import { prepareSpends, READER_PASSWORD, readerEmail } from './lib/spend-dataset.mjs';

const READERS = 5;
const POSTS = 5_000;
const VISITORS = 2;

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    'unlock-every-ms': { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    label: { type: 'string' },
  },
});
const engine = engineOption(values.db);
const pauseMs = Number(values['unlock-every-ms']);
if (!Number.isInteger(pauseMs) || pauseMs < 0) throw new Error('--unlock-every-ms: a whole number of ms, 0 or more');
const seconds = positiveInt('--seconds', values.seconds);

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

runBench(async () => {
  await withServedApp(engine, async ({ app, target }) => {
    await seed(target, POSTS);
    const sqlTarget = { query: target.rows, close: async () => undefined };
    const spend = await prepareSpends(sqlTarget, { readers: READERS, pairs: POSTS });
    const tokens: string[] = [];
    for (let i = 1; i <= READERS; i += 1) {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: readerEmail(i), password: READER_PASSWORD }).toString(),
      });
      tokens.push(signIn.json<{ access_token: string }>().access_token);
    }
    const frontPage = '/api/v1/posts/?skip=0&limit=9';
    const [tea] = (await app.inject({ url: frontPage })).json<{ data: Array<{ id: string }> }>().data;
    if (!tea) throw new Error('the front page is empty');
    const cacheLookups = async () => {
      const text = (await app.inject({ url: '/metrics' })).body;
      const of = (result: string) => sampleSum(text, 'kettle_page_cache_requests_total', `result="${result}"`);
      return { hit: of('hit'), miss: of('miss') };
    };
    const before = await cacheLookups();
    const statementsBefore = app.ctx.database.stats().queries;
    const end = Date.now() + seconds * 1000;
    let reads = 0;
    let unlocks = 0;
    const visitor = async () => {
      while (Date.now() < end) {
        await app.inject({ url: frontPage });
        await app.inject({ url: `/api/v1/posts/${tea.id}` });
        reads += 2;
        // A kept page is answered without leaving the microtask queue: let the unlocks' timers run.
        await nextTurn();
      }
    };
    const reader = async () => {
      while (Date.now() < end) {
        const postId = spend.locked[unlocks % spend.locked.length];
        const res = await app.inject({
          method: 'POST',
          url: `/api/v1/posts/${postId}/unlock`,
          headers: { authorization: `Bearer ${tokens[unlocks % READERS]}` },
        });
        if (res.statusCode !== 200) throw new Error(`an unlock answered ${res.statusCode}: ${res.body}`);
        unlocks += 1;
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    };
    await Promise.all([...Array.from({ length: VISITORS }, visitor), reader()]);
    const after = await cacheLookups();
    const hits = after.hit - before.hit;
    const misses = after.miss - before.miss;
    const statements = app.ctx.database.stats().queries - statementsBefore - unlocks;
    const lines = [
      `# Visitors reading while readers unlock (${engine}, ${POSTS} teas, ${seconds} s, ${pauseMs} ms between unlocks)`,
      '',
      '| visitor answers/s | unlocks/s | page-cache hit ratio | statements a visitor answer |',
      '| --- | --- | --- | --- |',
      `| ${Math.round(reads / seconds)} | ${Math.round(unlocks / seconds)} | ${(hits / (hits + misses)).toFixed(3)} | ${(statements / reads).toFixed(3)} |`,
    ];
    writeResults('mixed-load', values.label, lines);
  });
});
