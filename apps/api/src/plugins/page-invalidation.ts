import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write that changes nothing the page cache keeps, so its answer starts no new generation.
     * Kept pages are built for no viewer (a visitor's page, a signed-in list's shared part): who
     * unlocked what, and who holds which session, are read per request and never kept.
     */
    keepsPages?: boolean;
    /**
     * A write that changes what kept pages show of some teas alone: its handler names them with
     * `changedTeas` once it is done (a vote its tea, for its count; a username's change the
     * author's teas), and only the pages naming them stop being served (PageCache.touch), on every
     * server; an empty list ends none. A handler that names nothing, null (a tea came into or
     * left the lists) or more than `MAX_NAMED_TEAS` starts a new generation.
     */
    namesItsTeas?: boolean;
  }
  interface FastifyRequest {
    /** The teas this write changed, as its handler named them (`namesItsTeas`); null: not named. */
    changedTeas: readonly string[] | null;
  }
}

/**
 * The most teas a write ends one by one (two Redis commands each); past this a new generation
 * costs less. A username change names every tea of its author, so the author's query asks for one
 * more than this to tell.
 */
export const MAX_NAMED_TEAS = 50;

/**
 * For a `namesItsTeas` route: the teas its write changed, possibly none; null when more changed
 * than names can say (a new generation).
 */
export function changedTeas(request: FastifyRequest, ids: readonly string[] | null): void {
  request.changedTeas = ids && ids.length <= MAX_NAMED_TEAS ? ids : null;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Any request that changed something starts a new page-cache generation before its answer
 * leaves, so the same client's next read never sees the page from before its own change. Every
 * write a visitor could see arrives through a request (votes, moderation, edits, taxonomy,
 * accounts...): naming them one by one would be a list to forget to update, so the routes name
 * the opposite.
 * - `keepsPages`: the writes a kept page cannot show. An unlock, a comment and its deletion, a
 *   report, a submission (pending), a sign-up, a sign-in, a token refresh, a sign-out, a purchase,
 *   a notification read, the daily drop; every write anyone may make without an account (mailed
 *   links, a password reset, a message to the team, a takedown request, a ban appeal); a member's
 *   own settings (two-factor, blocks, an appeal, a subscription), which would let anyone empty
 *   every server's cache, and a company profile's; an admin's coins, two-factor reset, status or
 *   sanction for an account, and a company's verification.
 *   Each of those emptied every server's cache, so under spending traffic visitors' pages were
 *   built again and again.
 * - `namesItsTeas`: a vote and a bounty's award end the pages of their tea; a new username, an
 *   account's deletion and an admin's rename of an account, those of the author's teas; a
 *   moderator's decision, an admin's deletion or an emptied pot that leaves every list holding
 *   the same teas (posts/list-place.ts), those of its tea; a report's or an appeal's decision that
 *   publishes or takes down no tea, none.
 * Writes made outside a request (sweeps) wait out the cache's lifetime instead.
 */
export function registerPageInvalidation(app: FastifyInstance): void {
  const { pages } = app.ctx;
  app.decorateRequest('changedTeas', null);
  // A callback hook, as every write passes here: an async one cost each a promise and a microtask.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!READS.has(request.method) && reply.statusCode < 400) {
      const { keepsPages, namesItsTeas } = request.routeOptions.config;
      if (namesItsTeas && request.changedTeas) for (const id of request.changedTeas) pages.touch(id);
      else if (!keepsPages) pages.invalidate();
    }
    done(null, payload);
  });
}
