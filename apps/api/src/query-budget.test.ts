import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { postComment, vote } from '../test/conversation-kit.js';
import { useTestApp, type TestApp } from '../test/harness.js';
import { signedIn, type Auth } from '../test/posts-kit.js';
import { approvedPost, getPost, getPosts, unlock } from '../test/reading-kit.js';
import { eventsUrl, listen, SseClient, tokenOf } from '../test/realtime-kit.js';
import type { ResponseWriter } from './lib/response-serializer.js';

/**
 * The SQL statements each hot route sends through the ORM (issue 13, 'a per-request query
 * budget'): a count, not a time, so it holds on any machine. Each figure is today's; a change
 * that adds a statement to a hot path fails here, and one that removes statements lowers its
 * budget. Transaction control (begin, commit) is not counted, so both engines agree.
 */
const BUDGET = {
  // With the page cache off: the page's rows, its count, and what its cards need beyond their
  // rows in one statement (read-context.ts).
  anonymousList: 3,
  anonymousCategoryPage: 3,
  // The search's scope, the slices' page with its rows (search-slices.ts), and the read context.
  // With the page cache on, a term naming no category or state skips the scope (search-names.ts).
  anonymousSearch: 3,
  signedInList: 4,
  // The post, its read context.
  anonymousPost: 2,
  // The token's user, the post, its read context, the viewer's vote and report.
  signedInPost: 4,
  // The token's user, the author's page, its count, and its read context with unlock counts.
  myTeas: 4,
  // One conditional statement reads the account, spends, stores the effect and the ledger row,
  // and returns what the answer needs (users/actor.ts).
  unlock: 1,
  // As the unlock's, locking the tea first and recording the vote's event (votes.repository.ts).
  vote: 1,
  // One conditional statement, as the unlock's, that also records the comment's event.
  comment: 1,
  // The token's account, the post and the viewer's unlock, vote and blocks in one statement.
  streamOpen: 1,
  // The same, and the events missed since Last-Event-ID, read once the stream hears the post.
  streamResume: 2,
} as const;

type Step = keyof typeof BUDGET;

/** The writer each route's answer got, as the app compiled them (lib/response-serializer.ts). */
const serializers = new Map<string, ResponseWriter>();

describe('statements per request on the hot paths', () => {
  let app: TestApp;
  let reader: { auth: Auth };
  let listed: { id: string; categoryId: string };
  let unlocked: string;
  let authorId: string;
  let author: Awaited<ReturnType<typeof signedIn>>;
  // Periodic sweeps would add their own statements to a count.
  useTestApp(
    (made) => {
      app = made;
    },
    { build: { sweeps: false, serializers } },
  );

  beforeAll(async () => {
    author = await signedIn(app);
    authorId = author.user.id;
    reader = await signedIn(app, { coins: 500 });
    const [first, second] = await Promise.all([1, 2, 3, 4].map(() => approvedPost(app, author.user.id)));
    if (!first || !second) throw new Error('posts were not made');
    listed = first;
    unlocked = second.id;
    // One request of each kind first: nothing paid once per app lands in the counts.
    await getPosts(app);
    await getPosts(app, '', reader.auth);
  });

  /** Statements sent while `request` ran; it must answer `status`. */
  async function statementsOf(request: () => Promise<LightMyRequestResponse>, status = 200): Promise<number> {
    const before = app.ctx.database.stats().queries;
    const res = await request();
    expect(res.statusCode, res.body).toBe(status);
    return app.ctx.database.stats().queries - before;
  }

  const cases: Array<[Step, () => Promise<LightMyRequestResponse>, number?]> = [
    ['anonymousList', () => getPosts(app)],
    ['anonymousCategoryPage', () => getPosts(app, `?category_id=${listed.categoryId}`)],
    ['anonymousSearch', () => getPosts(app, '?search=tests')],
    ['signedInList', () => getPosts(app, '', reader.auth)],
    ['anonymousPost', () => getPost(app, listed.id)],
    ['signedInPost', () => getPost(app, listed.id, reader.auth)],
    ['myTeas', () => app.inject({ method: 'GET', url: '/api/v1/posts/me', headers: author.auth })],
    ['unlock', () => unlock(app, reader.auth, unlocked)],
    ['vote', () => vote(app, reader.auth, unlocked)],
    ['comment', () => postComment(app, reader.auth, unlocked, { content: 'Counted, not timed.' }), 201],
  ];

  it.each(cases)('%s stays within its budget', async (step, request, status) => {
    const sent = await statementsOf(request, status);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(BUDGET[step]);
  });

  it("writes the hot routes' answers with fast-json-stringify, compiled once from their schemas", () => {
    const hot = [
      'GET /api/v1/posts 200',
      'GET /api/v1/posts/:id 200',
      'GET /api/v1/posts/me 200',
      'POST /api/v1/posts/:id/unlock 200',
      'POST /api/v1/posts/:id/vote 200',
      'POST /api/v1/posts/:id/comments 201',
    ];
    expect(hot.map((route) => [route, serializers.get(route)])).toEqual(
      hot.map((route) => [route, 'fast-json-stringify']),
    );
  });

  it('opening and resuming a live stream stay within their budgets', async () => {
    const post = await approvedPost(app, authorId);
    expect((await unlock(app, reader.auth, post.id)).statusCode).toBe(200);
    // An event to miss: a resume replays it, so its arrival means the replay's statement has run.
    expect((await vote(app, reader.auth, post.id)).statusCode).toBe(200);
    const base = await listen(app);
    const statementsToOpen = async (resume: boolean): Promise<number> => {
      const before = app.ctx.database.stats().queries;
      const extra = resume ? { lastEventId: '0' } : undefined;
      const stream = await SseClient.open(eventsUrl(base, post.id, tokenOf(reader.auth), extra));
      if (resume) expect(await stream.next('vote_update')).toBeDefined();
      const sent = app.ctx.database.stats().queries - before;
      stream.close();
      return sent;
    };
    const opened = await statementsToOpen(false);
    expect(opened).toBeGreaterThan(0);
    expect(opened).toBeLessThanOrEqual(BUDGET.streamOpen);
    const resumed = await statementsToOpen(true);
    expect(resumed).toBeGreaterThan(opened);
    expect(resumed).toBeLessThanOrEqual(BUDGET.streamResume);
  });
});
