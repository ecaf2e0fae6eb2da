/**
 * Visitors reading while readers spend: how much of the page cache survives their writes.
 *
 *   npm run bench:mixed -- --db pglite --write unlock --every-ms 20 --seconds 10
 *   npm run bench:mixed -- --write comment --every-ms 0     # comments back to back
 *
 * Through `app.inject` in one process (no network): two visitors read the front page and its
 * newest tea in turn, as fast as they are answered, while one caller writes as bench readers,
 * waiting `--every-ms` between writes. `--write` is `unlock` (each on a tea of its own), `comment`
 * or `vote` (each (reader, tea) pair once, on the teas every reader has open), or `reset`: anyone,
 * without an account, asking a password-reset mail for an address nobody holds, each from an IP
 * and for an address of its own (as many callers would; one caller's repeats meet the limits),
 * its one statement (the address's lookup) run after the answer, or `block`: readers blocking and
 * unblocking one another in turn, a member's own setting, or `rename`: readers (authors of no tea)
 * taking new usernames in turn, or `moderate`: an admin working the queue, rejecting each queued
 * tea (the dataset's tenth) and, once every one is rejected, putting each back in the queue, and so
 * on (a tea never published either way). It prints the visitors' answers a second,
 * the page cache's hit ratio over the visitors' reads (its /metrics counter) and the statements a
 * visitor's answer cost: all statements run, less the writes' own, counted over two writes made
 * alone before the timed run.
 * The rates depend on the hour; the hit ratio (the page cache as `npm start` runs it,
 * PAGE_CACHE_MS 1 s) and statements per answer are the figures to compare. It never fails on a
 * figure; it exits 0 unless the setup or a request fails.
 */
import { parseArgs } from 'node:util';
import { prepareSpends, READER_PASSWORD, readerEmail, seed } from './lib/dataset/index.js';
import { engineOption, positiveInt, runBench, withServedApp, writeResults } from './lib/served-app.js';
import { sampleSum } from './lib/server-metrics.js';

const READERS = 5;
const POSTS = 5_000;
const VISITORS = 2;
/** A prime above the (reader, tea) pairs' count, so n -> n * stride mod count visits each once. */
const PAIR_STRIDE = 7_919;

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    write: { type: 'string', default: 'unlock' },
    'every-ms': { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    label: { type: 'string' },
  },
});
const engine = engineOption(values.db);
const pauseMs = Number(values['every-ms']);
if (!Number.isInteger(pauseMs) || pauseMs < 0) throw new Error('--every-ms: a whole number of ms, 0 or more');
const WRITES = ['unlock', 'comment', 'vote', 'reset', 'block', 'rename', 'moderate'] as const;
const write = WRITES.find((name) => name === values.write);
if (!write) throw new Error(`--write: one of ${WRITES.join(', ')}`);
const seconds = positiveInt('--seconds', values.seconds);
const WHO_WRITES: Record<(typeof WRITES)[number], string> = {
  unlock: 'readers unlock',
  comment: 'readers comment',
  vote: 'readers vote',
  reset: 'anyone asks for password-reset mails',
  block: 'readers block and unblock one another',
  rename: 'readers take new usernames',
  moderate: 'an admin rejects queued teas and queues them again',
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

runBench(async () => {
  await withServedApp(engine, async ({ app, target }) => {
    await seed(target, POSTS);
    const spend = await prepareSpends(target, { readers: READERS, pairs: POSTS });
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
    // Reader i blocks and unblocks reader i + 1 (a token's subject is its account's id).
    const readerIds = tokens.map(
      (token) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string,
    );
    // Reader 0 moderates (`moderate`): an admin from here on (rights are read per request).
    if (write === 'moderate') await target.run(`update users set is_admin = true where id = '${readerIds[0]}'`);
    const queued = (await target.rows<{ id: string }>(`select id from posts where status = 'pending' order by id`)).map(
      (row) => row.id,
    );
    const frontPage = '/api/v1/posts/?skip=0&limit=9';
    const [tea] = (await app.inject({ url: frontPage })).json<{ data: Array<{ id: string }> }>().data;
    if (!tea) throw new Error('the front page is empty');
    const cacheLookups = async () => {
      const text = (await app.inject({ url: '/metrics' })).body;
      const of = (result: string) => sampleSum(text, 'kettle_page_cache_requests_total', `result="${result}"`);
      return { hit: of('hit'), miss: of('miss') };
    };
    let writes = 0;
    // The nth write: its address, and the reader (token) who makes it (none: anyone, from `ip`).
    type Write = {
      url: string;
      method?: 'POST' | 'PUT' | 'DELETE' | 'PATCH';
      payload?: object;
      reader?: number;
      ip?: string;
    };
    const nth = (n: number): Write => {
      if (write === 'moderate') {
        const postId = queued[n % queued.length];
        return Math.floor(n / queued.length) % 2 === 0
          ? { url: `/api/v1/posts/admin/${postId}/status`, method: 'PUT', payload: { status: 'rejected' }, reader: 0 }
          : { url: `/api/v1/posts/admin/${postId}`, method: 'PUT', payload: { status: 'pending' }, reader: 0 };
      }
      if (write === 'rename')
        return { url: '/api/v1/user/profile', method: 'PATCH', payload: { username: `bench_${n}` }, reader: n };
      if (write === 'block') {
        const reader = Math.floor(n / 2) % READERS;
        const blocked = readerIds[(reader + 1) % READERS];
        return n % 2 === 0
          ? { url: '/api/v1/users/me/blocks', payload: { user_id: blocked }, reader }
          : { url: `/api/v1/users/me/blocks/${blocked}`, method: 'DELETE', reader };
      }
      if (write === 'reset') {
        const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
        return { url: `/api/v1/auth/forgot-password?email=nobody-${n}@kettle.bench`, ip };
      }
      if (write === 'unlock')
        return { url: `/api/v1/posts/${spend.locked[n % spend.locked.length]}/unlock`, reader: n };
      const pairs = READERS * spend.open.length;
      if (write === 'vote' && n >= pairs) throw new Error('every (reader, tea) pair has voted: fewer --seconds');
      // Each pair once, in a scattered order (the stride shares no factor with the pairs): the teas
      // voted on fall anywhere among the open ones, the front page's few of them among the rest.
      const pair = (n * PAIR_STRIDE) % pairs;
      const reader = pair % READERS;
      const postId = spend.open[Math.floor(pair / READERS)];
      if (write === 'vote') return { url: `/api/v1/posts/${postId}/vote`, reader };
      return { url: `/api/v1/posts/${postId}/comments`, payload: { content: 'A bench reader has a word.' }, reader };
    };
    const visitor = async () => {
      while (Date.now() < end) {
        await app.inject({ url: frontPage });
        await app.inject({ url: `/api/v1/posts/${tea.id}` });
        reads += 2;
        // A kept page is answered without leaving the microtask queue: let the unlocks' timers run.
        await nextTurn();
      }
    };
    const writeNext = async () => {
      const { url, method = 'POST', payload, reader: who, ip } = nth(writes);
      const res = await app.inject({
        method,
        url,
        headers: who === undefined ? {} : { authorization: `Bearer ${tokens[who % READERS]}` },
        ...(payload ? { payload } : {}),
        ...(ip ? { remoteAddress: ip } : {}),
      });
      if (res.statusCode >= 300) throw new Error(`a ${write} answered ${res.statusCode}: ${res.body}`);
      writes += 1;
    };
    // What a write costs in statements, alone (a reset's lookup runs after its answer: let it run).
    const aloneBefore = app.ctx.database.stats().queries;
    await writeNext();
    await writeNext();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const perWrite = (app.ctx.database.stats().queries - aloneBefore) / 2;
    const before = await cacheLookups();
    const statementsBefore = app.ctx.database.stats().queries;
    const writesBefore = writes;
    const end = Date.now() + seconds * 1000;
    let reads = 0;
    const reader = async () => {
      while (Date.now() < end) {
        await writeNext();
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    };
    await Promise.all([...Array.from({ length: VISITORS }, visitor), reader()]);
    const after = await cacheLookups();
    const hits = after.hit - before.hit;
    const misses = after.miss - before.miss;
    const timedWrites = writes - writesBefore;
    const statements = app.ctx.database.stats().queries - statementsBefore - timedWrites * perWrite;
    const lines = [
      `# Visitors reading while ${WHO_WRITES[write]} (${engine}, ${POSTS} teas, ${seconds} s, ${pauseMs} ms between writes)`,
      '',
      `| visitor answers/s | ${write}s/s | page-cache hit ratio | statements a visitor answer |`,
      '| --- | --- | --- | --- |',
      `| ${Math.round(reads / seconds)} | ${Math.round(timedWrites / seconds)} | ${(hits / (hits + misses)).toFixed(3)} | ${(statements / reads).toFixed(3)} |`,
      '',
      `A ${write} alone cost ${perWrite} statements (two made before the timed run).`,
    ];
    writeResults('mixed-load', values.label, lines);
  });
});
