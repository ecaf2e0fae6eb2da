// The P6 scenarios under autocannon: each request is a reader spending coins through the real
// route. An unlock or a vote is once per (reader, tea), so every request takes the next pair from
// a counter shared by all connections; a repeat would answer a free no-op or 409 and measure
// nothing. Comments may repeat, on teas the readers opened in the dataset step.
import { URLSearchParams } from 'node:url';
import autocannon from 'autocannon';
import { CONTENTION, CONTENDED_EMAIL, READER_PASSWORD, readerEmail } from './spend-dataset.mjs';

const API = '/api/v1';

/**
 * @param {string} origin
 * @param {string} email
 * @param {string} password
 * @returns {Promise<string>} an access token
 */
export async function signIn(origin, email, password) {
  const response = await fetch(`${origin}${API}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  return (await response.json()).access_token;
}

/**
 * Every bench reader's token, two at a time: each sign-in verifies an argon2 hash (64 MiB), and
 * the machine has two cores.
 * @param {string} origin
 * @param {number} readers
 */
export async function signInReaders(origin, readers) {
  /** @type {string[]} */
  const tokens = new Array(readers);
  let next = 0;
  const worker = async () => {
    while (next < readers) {
      const i = next++;
      tokens[i] = await signIn(origin, readerEmail(i + 1), READER_PASSWORD);
    }
  };
  await Promise.all([worker(), worker()]);
  return tokens;
}

/**
 * (reader, tea) pairs in an order where requests in flight together touch different readers and
 * different teas: pair i is tea i mod T, read by reader (i mod T + i div T) mod R, which meets every
 * pair once in R x T requests. Many readers on one tea at once is another measurement (and on
 * PostgreSQL, votes on one tea at once deadlock each other, see the README); one reader at once
 * is the contention check's.
 * @param {number} readers
 * @param {string[]} postIds
 * @param {{ wrap: boolean }} options `wrap`: start again at the end (comments) instead of
 *   counting the request as a repeat
 */
export function pairWalker(readers, postIds, { wrap }) {
  const teas = postIds.length;
  const total = readers * teas;
  const walker = {
    next: 0,
    /** Requests that had to repeat a pair because the list ran out: reported as errors. */
    repeats: 0,
    take() {
      let i = walker.next++;
      if (i >= total) {
        if (!wrap) walker.repeats += 1;
        i %= total;
      }
      const tea = i % teas;
      return { reader: (tea + Math.floor(i / teas)) % readers, postId: postIds[tea] ?? '' };
    },
  };
  return walker;
}

/**
 * One autocannon run whose every request is built by `build` (method, path, body per request).
 * `rate`: requests a second in all, for a load that leaves the cores free (a build's own cost).
 * @param {{ origin: string, connections: number, duration: number, rate?: number }} setup
 * @param {(req: Record<string, any>) => Record<string, any>} build
 */
export async function loadEach(setup, build) {
  const result = await autocannon({
    url: setup.origin,
    connections: setup.connections,
    duration: setup.duration,
    ...(setup.rate ? { overallRate: setup.rate } : {}),
    requests: [{ method: 'POST', setupRequest: build }],
  });
  return loadFigures(result);
}

/**
 * What a bench row keeps of an autocannon run; a non-2xx answer or an error makes the figure
 * worthless, so it is counted.
 * @param {autocannon.Result} result
 */
export function loadFigures(result) {
  return {
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * The spend scenarios' requests: unlock, vote and comment as bench readers, and the same spends on
 * the bare floor route (bench/lib/spend-floor.ts), which names the reader by id. Both take their
 * pairs from one walker, so neither repeats a pair the other spent.
 * @param {{ tokens: string[], readerIds: string[], open: string[], locked: string[] }} spend
 */
export function spendScenarios(spend) {
  const readers = spend.tokens.length;
  const unlocks = pairWalker(readers, spend.locked, { wrap: false });
  const votes = pairWalker(readers, spend.open, { wrap: false });
  const comments = pairWalker(readers, spend.open, { wrap: true });
  const auth = (/** @type {number} */ reader) => `Bearer ${spend.tokens[reader]}`;
  /** @param {string} kind @param {{ reader: number, postId: string }} pair */
  const floorPath = (kind, { reader, postId }) => `/${kind}/${spend.readerIds[reader]}/${postId}`;
  let commentNumber = 0;
  const commentText = () => `Bench comment ${(commentNumber += 1)}, steeped under load.`;
  return [
    {
      name: 'unlock (P6)',
      kind: 'unlock',
      walker: unlocks,
      build: (/** @type {Record<string, any>} */ req) => {
        const { reader, postId } = unlocks.take();
        return {
          ...req,
          path: `${API}/posts/${postId}/unlock`,
          headers: { ...req.headers, authorization: auth(reader) },
        };
      },
      floor: (/** @type {Record<string, any>} */ req) => ({ ...req, path: floorPath('unlock', unlocks.take()) }),
    },
    {
      name: 'vote (P6)',
      kind: 'vote',
      walker: votes,
      build: (/** @type {Record<string, any>} */ req) => {
        const { reader, postId } = votes.take();
        return {
          ...req,
          path: `${API}/posts/${postId}/vote`,
          headers: { ...req.headers, authorization: auth(reader) },
        };
      },
      floor: (/** @type {Record<string, any>} */ req) => ({ ...req, path: floorPath('vote', votes.take()) }),
    },
    {
      name: 'comment (P6)',
      kind: 'comment',
      walker: comments,
      build: (/** @type {Record<string, any>} */ req) => {
        const { reader, postId } = comments.take();
        return {
          ...req,
          path: `${API}/posts/${postId}/comments`,
          headers: { ...req.headers, authorization: auth(reader), 'content-type': 'application/json' },
          body: JSON.stringify({ content: commentText() }),
        };
      },
      floor: (/** @type {Record<string, any>} */ req) => ({
        ...req,
        path: floorPath('comment', comments.take()),
        headers: { ...req.headers, 'content-type': 'text/plain' },
        body: commentText(),
      }),
    },
  ];
}

/**
 * The bare spend route's requests (bench/lib/baselines.mjs): the same readers in the same order.
 * @param {string[]} readerIds
 */
export function spendBaselineRequest(readerIds) {
  let next = 0;
  return (/** @type {Record<string, any>} */ req) => ({ ...req, path: `/${readerIds[next++ % readerIds.length]}` });
}

/**
 * P6's contention clause: one reader, CONTENTION.workers unlocks in flight at once, coins for
 * CONTENTION.affordable of CONTENTION.attempts. Exactly that many must succeed and the rest answer
 * 402; the SQL check afterwards counts their ledger rows (bench/lib/spend-dataset.mjs).
 * @param {string} origin
 * @param {string[]} postIds CONTENTION.attempts teas at one price, none unlocked by this reader
 */
export async function contentionCheck(origin, postIds) {
  const token = await signIn(origin, CONTENDED_EMAIL, READER_PASSWORD);
  /** @type {Record<string, number>} */
  const statuses = {};
  let next = 0;
  const worker = async () => {
    while (next < postIds.length) {
      const postId = postIds[next++];
      const response = await fetch(`${origin}${API}/posts/${postId}/unlock`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONTENTION.workers }, worker));
  return { ...CONTENTION, statuses, succeeded: statuses[200] ?? 0 };
}
