import { ERROR_CODES, MESSAGES, TWO_FACTOR_MESSAGES } from '@kettle/shared';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.js';
import { forbidden, unauthorized } from '../lib/app-error.js';
import type { UserRow } from '../db/rows.js';
import type { AccessClaims } from '../lib/tokens.js';
import { actingAs, twoFactorMissing } from '../modules/users/two-factor.policy.js';
import { findRequestUser } from '../modules/users/users.service.js';
import { refusalOf } from '../lib/account-standing.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user as they act, loaded fresh from the database on every request: an admin
     * still without required two-factor sign-in acts as a member (two-factor.policy actingAs).
     */
    user: UserRow | null;
    /** The same account as stored, for showing it to its owner and for the admin gate. */
    account: UserRow | null;
    /** A checked token's claims, on a route that loads the account itself (`optionalClaims`). */
    claims: AccessClaims | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    authenticate: (request: FastifyRequest) => Promise<void>;
    optionalAuth: (request: FastifyRequest) => Promise<void>;
    optionalClaims: (request: FastifyRequest) => Promise<void>;
    requireClaims: onRequestHookHandler;
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * The token proves who is calling; the database decides what they may do. Loading the user on
 * each request means a deactivated or demoted account loses access on its very next call.
 */
export async function accountOf(ctx: AppContext, claims: AccessClaims): Promise<UserRow> {
  return actingAccountOf(ctx.config, await findRequestUser(ctx.db, claims.sub));
}

/**
 * An account read fresh (by accountOf, or inside a statement of its own, as the live stream does),
 * if it may still act (usableAccount), as it acts.
 */
export const actingAccountOf = (config: AppContext['config'], row: UserRow | undefined): UserRow =>
  actingAs(config, usableAccount(row));

/** The claims of a genuine, unexpired access token; 401 otherwise. */
export async function claimsOf(ctx: AppContext, token: string): Promise<AccessClaims> {
  const claims = await ctx.tokens.verifyAccess(token);
  if (!claims) throw unauthorized();
  return claims;
}

/** The account a checked token names, if it may still act: gone is 401, deactivated 403. */
export function usableAccount<T extends Pick<UserRow, 'isActive'>>(user: T | undefined): T {
  if (!user) throw unauthorized();
  if (!user.isActive) throw forbidden(MESSAGES.auth.inactive, ERROR_CODES.accountInactive);
  return user;
}

/**
 * A deactivated account learns why on its next signed-in call: a ban answers ACCOUNT_BANNED with
 * its rule, date and appeal link (read only on this refusal path, never on a usable account's).
 */
async function loadUser(app: FastifyInstance, request: FastifyRequest, token: string): Promise<void> {
  const claims = await claimsOf(app.ctx, token);
  const row = await findRequestUser(app.ctx.db, claims.sub);
  if (row && !row.isActive) throw await refusalOf(app.ctx.db, row);
  const account = usableAccount(row);
  request.account = account;
  request.user = actingAs(app.ctx.config, account);
}

export const authenticatePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('account', null);
  app.decorateRequest('claims', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    await loadUser(app, request, token);
  });
  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (token) await loadUser(app, request, token);
  });
  // For a route that reads the account in the same statement as what it answers (the signed-in
  // list): the token is checked here, the account by the route, with usableAccount.
  app.decorate('optionalClaims', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (token) request.claims = await claimsOf(app.ctx, token);
  });
  // For a spend whose statement reads the account itself (users/actor.ts): a token is required
  // and checked here; the account is judged from what the statement read. A callback hook, so a
  // token already checked (nearly every spend's) passes without a promise or a turn of the loop.
  const requireClaims: onRequestHookHandler = (request, _reply, done) => {
    const token = bearerToken(request);
    if (!token) return done(unauthorized());
    const known = app.ctx.tokens.checkedAccess(token);
    if (known) {
      request.claims = known;
      return done();
    }
    claimsOf(app.ctx, token).then((claims) => {
      request.claims = claims;
      done();
    }, done);
  };
  app.decorate('requireClaims', requireClaims);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    await loadUser(app, request, token);
    if (!request.account?.isAdmin) throw forbidden();
    // Admin tools only once two-factor sign-in is on (production); its own routes stay open.
    if (twoFactorMissing(app.ctx.config, request.account)) {
      throw forbidden(TWO_FACTOR_MESSAGES.requiredForAdmins, ERROR_CODES.twoFactorRequired);
    }
  });
});

/** For handlers behind `authenticate`: the user is there, or the hook already answered 401. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** For handlers behind `authenticate` that show the account to its owner: as stored, not as it acts. */
export function currentAccount(request: FastifyRequest): UserRow {
  if (!request.account) throw unauthorized();
  return request.account;
}

/** For handlers behind `requireClaims`: the checked token's claims. */
export function currentClaims(request: FastifyRequest): AccessClaims {
  if (!request.claims) throw unauthorized();
  return request.claims;
}
