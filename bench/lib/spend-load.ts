// The P6 scenarios under autocannon: each request is a reader spending coins through the real
// route. An unlock or a vote is once per (reader, tea), so every request takes the next pair from
// a counter shared by all connections; a repeat would answer a free no-op or 409 and measure
// nothing. Comments may repeat, on teas the readers opened in the dataset step.
import { URLSearchParams } from 'node:url';
import autocannon, { type Request, type Result } from 'autocannon';
import { CONTENTION, CONTENDED_EMAIL, READER_PASSWORD, readerEmail } from './dataset/index.js';

const API = '/api/v1';

/** Builds each request of a run from the one autocannon hands it. */
export type BuildRequest = (request: Request) => Request;
/** What a bench row keeps of an autocannon run. */
export type LoadFigures = ReturnType<typeof loadFigures>;

/** Answers an access token. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}${API}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Every bench reader's token, two at a time: each sign-in verifies an argon2 hash (64 MiB), and
 * the machine has two cores.
 */
export async function signInReaders(origin: string, readers: number): Promise<string[]> {
  const tokens = new Array<string>(readers);
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
 * is the contention check's. `wrap`: start again at the end (comments) instead of counting the
 * request as a repeat.
 */
export function pairWalker(readers: number, postIds: string[], { wrap }: { wrap: boolean }) {
  const teas = postIds.length;
  const total = readers * teas;
  const walker = {
    next: 0,
    /** Requests that had to repeat a pair because the list ran out: reported as errors. */
    repeats: 0,
    take(): { reader: number; postId: string } {
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
 */
export async function loadEach(
  setup: { origin: string; connections: number; duration: number; rate?: number },
  build: BuildRequest,
): Promise<LoadFigures> {
  const result = await autocannon({
    url: setup.origin,
    connections: setup.connections,
    duration: setup.duration,
    ...(setup.rate ? { overallRate: setup.rate } : {}),
    requests: [{ method: 'POST', setupRequest: build }],
  });
  return loadFigures(result);
}

/** A non-2xx answer or an error makes the figure worthless, so it is counted. */
export function loadFigures(result: Result) {
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
 */
export function spendScenarios(spend: { tokens: string[]; readerIds: string[]; open: string[]; locked: string[] }) {
  const readers = spend.tokens.length;
  const unlocks = pairWalker(readers, spend.locked, { wrap: false });
  const votes = pairWalker(readers, spend.open, { wrap: false });
  const comments = pairWalker(readers, spend.open, { wrap: true });
  const auth = (reader: number) => `Bearer ${spend.tokens[reader]}`;
  const floorPath = (kind: string, { reader, postId }: { reader: number; postId: string }) =>
    `/${kind}/${spend.readerIds[reader]}/${postId}`;
  let commentNumber = 0;
  const commentText = () => `Bench comment ${(commentNumber += 1)}, steeped under load.`;
  return [
    {
      name: 'unlock (P6)',
      kind: 'unlock',
      walker: unlocks,
      build: (req: Request): Request => {
        const { reader, postId } = unlocks.take();
        return {
          ...req,
          path: `${API}/posts/${postId}/unlock`,
          headers: { ...req.headers, authorization: auth(reader) },
        };
      },
      floor: (req: Request): Request => ({ ...req, path: floorPath('unlock', unlocks.take()) }),
    },
    {
      name: 'vote (P6)',
      kind: 'vote',
      walker: votes,
      build: (req: Request): Request => {
        const { reader, postId } = votes.take();
        return {
          ...req,
          path: `${API}/posts/${postId}/vote`,
          headers: { ...req.headers, authorization: auth(reader) },
        };
      },
      floor: (req: Request): Request => ({ ...req, path: floorPath('vote', votes.take()) }),
    },
    {
      name: 'comment (P6)',
      kind: 'comment',
      walker: comments,
      build: (req: Request): Request => {
        const { reader, postId } = comments.take();
        return {
          ...req,
          path: `${API}/posts/${postId}/comments`,
          headers: { ...req.headers, authorization: auth(reader), 'content-type': 'application/json' },
          body: JSON.stringify({ content: commentText() }),
        };
      },
      floor: (req: Request): Request => ({
        ...req,
        path: floorPath('comment', comments.take()),
        headers: { ...req.headers, 'content-type': 'text/plain' },
        body: commentText(),
      }),
    },
  ];
}
export type SpendScenario = ReturnType<typeof spendScenarios>[number];

/** The bare spend route's requests (bench/lib/baselines.ts): the same readers in the same order. */
export function spendBaselineRequest(readerIds: string[]): BuildRequest {
  let next = 0;
  return (req) => ({ ...req, path: `/${readerIds[next++ % readerIds.length]}` });
}

/**
 * P6's contention clause: one reader, CONTENTION.workers unlocks in flight at once, coins for
 * CONTENTION.affordable of CONTENTION.attempts. Exactly that many must succeed and the rest answer
 * 402; the SQL check afterwards counts their ledger rows (coinInvariants). `postIds`:
 * CONTENTION.attempts teas at one price, none unlocked by this reader.
 */
export async function contentionCheck(origin: string, postIds: string[]) {
  const token = await signIn(origin, CONTENDED_EMAIL, READER_PASSWORD);
  const statuses: Record<string, number> = {};
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
export type Contention = Awaited<ReturnType<typeof contentionCheck>>;
