/** The authorization matrix's parts (src/authz-matrix.test.ts): the route table, the roles, their objects. */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEFAULT_PASSWORD, nextIp } from './factories.js';
import type { TestApp } from './harness.js';
import { refs, teaBody } from './posts-kit.js';
import { hashPassword } from '../src/lib/passwords.js';
import {
  appeals,
  coinLedger,
  comments,
  companies,
  notifications,
  posts,
  purchases,
  reports,
  users,
} from '../src/db/schema.js';

export type Route = { method: string; path: string };

/**
 * Every route the app answers, read from Fastify's own route tree: a route added anywhere shows
 * up here without anyone listing it. HEAD mirrors GET and OPTIONS is the CORS catch-all; the
 * Swagger UI's static files are documentation, not API.
 */
export function routeTable(app: FastifyInstance): Route[] {
  const found = new Map<string, Route>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack.push(path);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method === 'HEAD' || method === 'OPTIONS' || path.startsWith('/api/docs')) continue;
      // A route '/' under a prefix answers both '/posts' and '/posts/': one route, named without the slash.
      const bare = path.replace(/(.)\/$/, '$1');
      if (bare !== path && found.has(`${method} ${bare}`)) continue;
      found.set(`${method} ${path}`, { method, path });
    }
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

export const ROLES = ['visitor', 'unverified', 'userA', 'userB', 'suspended', 'deactivated', 'admin'] as const;
export type Role = (typeof ROLES)[number];
type Member = Exclude<Role, 'visitor'>;
const MEMBERS = ROLES.filter((role): role is Member => role !== 'visitor');

/**
 * What a path parameter names. Owned kinds get the targets own / other's (user A's, or user B's
 * when A calls) / a missing id; posts also the pending ones; shared kinds (categories) an
 * existing one; opaque kinds (tokens, file names) only a made-up value. A new parameter with no
 * kind here fails the matrix until someone decides what it names.
 */
type Kind = 'post' | 'comment' | 'report' | 'user' | 'company' | 'appeal' | 'notification' | 'purchase';
type ParamKind = Kind | 'category' | 'state' | 'opaque';

export function paramKind(route: Route): ParamKind | null {
  const p = route.path;
  if (!p.includes(':')) return null;
  if (/\/posts\/admin\/reports\/:id/.test(p)) return 'report';
  if (/\/posts\/(admin\/)?:id/.test(p)) return 'post';
  // A held comment's id: the world's comments are published ones, so the admin's answer is a 404.
  if (p.includes('/comments/:id') || p.includes('/comments/admin/held/:id')) return 'comment';
  if (/\/admin\/users\/:id|\/users\/admin\/:id|\/blocks\/:userId/.test(p)) return 'user';
  if (p.includes('/admin/companies/:id')) return 'company';
  if (p.includes('/admin/appeals/:id')) return 'appeal';
  if (p.includes('/notifications/:id')) return 'notification';
  if (/\/payments\/(checkout-session|dev-checkout)\/:sessionId/.test(p)) return 'purchase';
  if (p.includes('/categories/')) return 'category';
  if (p.includes('/states/')) return 'state';
  if (/\/auth\/.*:token|\/subscription\/dev\/:session_id|\/uploads\/:file/.test(p)) return 'opaque';
  throw new Error(`authz matrix: say what the parameter of ${route.method} ${route.path} names (test/authz-kit.ts)`);
}

export type Target = 'none' | 'own' | 'own-pending' | 'other' | 'other-pending' | 'existing' | 'missing';

export function targetsOf(route: Route, role: Role): Target[] {
  const kind = paramKind(route);
  if (kind === null) return ['none'];
  if (kind === 'opaque') return ['missing'];
  if (kind === 'category' || kind === 'state') return ['existing', 'missing'];
  const owned: Target[] = kind === 'post' ? ['own', 'own-pending', 'other', 'other-pending'] : ['own', 'other'];
  // A visitor owns nothing.
  return [...owned.filter((t) => role !== 'visitor' || !t.startsWith('own')), 'missing'];
}

type Owned = Record<Kind | 'pendingPost', string>;
export type World = {
  auth: Record<Role, Record<string, string>>;
  userId: Record<Member, string>;
  owned: Record<Member, Owned>;
  categoryId: string;
  stateId: string;
};

const COINS = 1000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
let passwordHash: Promise<string> | undefined;

/** One row per member role, inserted in one statement, each found again by whose it is. */
async function perRole<T>(
  insert: Promise<T[]>,
  whose: (row: T) => string | null,
  keys: Record<Member, string>,
): Promise<Record<Member, T>> {
  const rows = await insert;
  const byRole = (role: Member) => {
    const row = rows.find((r) => whose(r) === keys[role]);
    if (!row) throw new Error(`buildWorld: no row for ${role}`);
    return row;
  };
  return byMember(byRole);
}

const byMember = <T>(value: (role: Member) => T): Record<Member, T> =>
  Object.fromEntries(MEMBERS.map((role) => [role, value(role)])) as Record<Member, T>;

/**
 * A fresh set of accounts, one per role, each owning one of every object a route can name: a
 * published and a pending tea, a comment, a report, a notice, a pending purchase, a company and
 * an appeal. Inserted straight into the tables, a few statements per world, because the matrix
 * builds several hundred: each route's reads share one, every other call gets one per role so a
 * deleted account or an emptied pot never decides another cell's answer.
 */
export async function buildWorld(app: TestApp): Promise<World> {
  const { db } = app.ctx;
  const ref = await refs(app);
  passwordHash ??= hashPassword(DEFAULT_PASSWORD);
  const hash = await passwordHash;
  const tag = () => randomBytes(6).toString('hex');
  const names = byMember((role) => `${role.slice(0, 6)}_${tag()}`);
  const people = await perRole(
    db
      .insert(users)
      .values(
        MEMBERS.map((role) => {
          const name = names[role];
          return {
            username: name,
            email: `${name}@example.test`,
            passwordHash: hash,
            isAdmin: role === 'admin',
            isActive: role !== 'deactivated',
            emailVerifiedAt: role === 'unverified' ? null : new Date(),
            suspendedUntil: role === 'suspended' ? new Date(Date.now() + WEEK_MS) : null,
            coinBalance: COINS,
          };
        }),
      )
      .returning(),
    (row) => row.username,
    names,
  );
  const userId = byMember((role) => people[role].id);
  // Each grant has its ledger row, so balances keep matching their ledgers (the invariants).
  await db
    .insert(coinLedger)
    .values(MEMBERS.map((role) => ({ userId: userId[role], delta: COINS, balanceAfter: COINS, kind: 'demo_grant' })));
  const auth = { visitor: {} } as Record<Role, Record<string, string>>;
  for (const role of MEMBERS) {
    const access = await app.ctx.tokens.signAccess({ sub: userId[role], admin: role === 'admin' });
    auth[role] = { authorization: `Bearer ${access}` };
  }
  const tea = (role: Member, status: 'approved' | 'pending') => ({
    authorId: userId[role],
    status,
    title: `A ${status} tea of ${role}`,
    content: 'Enough content to be a real post body.',
    taggedHandle: `@someone_${tag()}`,
    categoryId: ref.categoryId,
    stateId: ref.stateId,
  });
  const post = await perRole(
    db
      .insert(posts)
      .values(MEMBERS.map((r) => tea(r, 'approved')))
      .returning(),
    (row) => row.authorId,
    userId,
  );
  const pending = await perRole(
    db
      .insert(posts)
      .values(MEMBERS.map((r) => tea(r, 'pending')))
      .returning(),
    (row) => row.authorId,
    userId,
  );
  const comment = await perRole(
    db
      .insert(comments)
      .values(MEMBERS.map((r) => ({ postId: post[r].id, userId: userId[r], content: 'A comment for the matrix.' })))
      .returning(),
    (row) => row.userId,
    userId,
  );
  const report = await perRole(
    db
      .insert(reports)
      .values(
        MEMBERS.map((r) => ({
          kind: 'post' as const,
          reference: `KT-${tag()}`,
          reporterId: userId[r],
          postId: post[r].id,
          reason: 'spam',
        })),
      )
      .returning(),
    (row) => row.reporterId,
    userId,
  );
  const notice = await perRole(
    db
      .insert(notifications)
      .values(
        MEMBERS.map((r) => ({ userId: userId[r], kind: 'system', title: 'Hello', body: 'A notice for the matrix.' })),
      )
      .returning(),
    (row) => row.userId,
    userId,
  );
  const purchase = await perRole(
    db
      .insert(purchases)
      .values(
        MEMBERS.map((r) => ({
          userId: userId[r],
          provider: 'dev' as const,
          providerSessionId: `dev_${randomUUID()}`,
          planId: 'gold',
          coins: 100,
          bonusCoins: 0,
          totalCoins: 100,
          amountCents: 499,
          currency: 'usd',
        })),
      )
      .returning(),
    (row) => row.userId,
    userId,
  );
  const company = await perRole(
    db
      .insert(companies)
      .values(MEMBERS.map((r) => ({ ownerId: userId[r], name: `Company of ${r}`, handle: `@co_${tag()}` })))
      .returning(),
    (row) => row.ownerId,
    userId,
  );
  const appeal = await perRole(
    db
      .insert(appeals)
      .values(
        MEMBERS.map((r) => ({
          userId: userId[r],
          targetType: 'post' as const,
          targetId: pending[r].id,
          decisionAt: new Date(),
          decision: {
            kind: 'post_rejected',
            label: 'Tea not published',
            reason: 'Names a private person.',
            rule_title: null,
            title: pending[r].title,
            text: null,
            post_id: pending[r].id,
          },
          statement: 'Please look again.',
        })),
      )
      .returning(),
    (row) => row.userId,
    userId,
  );
  const owned = Object.fromEntries(
    MEMBERS.map((r) => [
      r,
      {
        post: post[r].id,
        pendingPost: pending[r].id,
        comment: comment[r].id,
        report: report[r].id,
        user: userId[r],
        company: company[r].id,
        appeal: appeal[r].id,
        notification: notice[r].id,
        purchase: purchase[r].providerSessionId,
      },
    ]),
  ) as Record<Member, Owned>;
  return { auth, userId, owned, categoryId: ref.categoryId, stateId: ref.stateId };
}

/** The value a target puts in the route's parameter. */
function paramValue(world: World, route: Route, role: Role, target: Target): string {
  const kind = paramKind(route);
  if (target === 'missing') return kind === 'opaque' ? `zz${randomBytes(16).toString('hex')}` : randomUUID();
  if (kind === 'category') return world.categoryId;
  if (kind === 'state') return world.stateId;
  if (!kind || kind === 'opaque') throw new Error(`no ${target} value for ${route.path}`);
  const ownerRole: Member = target.startsWith('own') ? (role as Member) : role === 'userA' ? 'userB' : 'userA';
  const objects = world.owned[ownerRole];
  return kind === 'post' && target.endsWith('pending') ? objects.pendingPost : objects[kind];
}

/**
 * Minimal valid bodies where a route's ownership check sits behind its validation; every other
 * body route gets `{}`, whose answer is the authorization outcome or 4xx-input.
 */
function bodyFor(world: World, route: Route, role: Role): object | undefined {
  if (route.method === 'GET') return undefined;
  const other = world.userId[role === 'userA' ? 'userB' : 'userA'];
  const p = route.path.replace(/^\/api\/v1/, '');
  const bodies: Record<string, () => object> = {
    'POST /posts': () => teaBody({ categoryId: world.categoryId, stateId: world.stateId }),
    'POST /posts/:id/comments': () => ({ content: 'A kind word for the matrix.' }),
    // A comment that does not exist: the tea's owner gets past the ownership check to a 4xx.
    'POST /posts/:id/bounty/award': () => ({ comment_id: randomUUID() }),
    'POST /payments/create-checkout-session': () => ({ plan_id: 'gold' }),
    'POST /posts/:id/report': () => ({ reason: 'spam', description: 'Looks like an advert.' }),
    'POST /comments/:id/report': () => ({ reason: 'spam', description: 'Looks like an advert.' }),
    'POST /payments/dev-checkout/:sessionId': () => ({ action: 'cancel' }),
    'POST /payments/subscription/dev/:session_id': () => ({ action: 'cancel' }),
    'POST /users/me/blocks': () => ({ user_id: other }),
    'PATCH /user/profile': () => ({ username: `m_${randomBytes(6).toString('hex')}` }),
    'DELETE /users/me': () => ({ password: DEFAULT_PASSWORD }),
    'PUT /admin/users/:id/status': () => ({ is_active: true }),
    'PUT /posts/admin/:id/status': () => ({ status: 'approved' }),
  };
  return (bodies[`${route.method} ${p}`] ?? (() => ({})))();
}

export async function callCell(
  app: TestApp,
  world: World,
  route: Route,
  role: Role,
  target: Target,
): Promise<LightMyRequestResponse> {
  const url = route.path.replace(/:[A-Za-z_]+/g, () => encodeURIComponent(paramValue(world, route, role, target)));
  const headers = world.auth[role];
  const payload = bodyFor(world, route, role);
  if (url.endsWith('/events')) {
    // The live stream never ends by itself: take its head, then hang up. Its token goes in the query.
    const token = headers.authorization?.slice('Bearer '.length);
    const res = await app.inject({
      method: 'GET',
      url: token ? `${url}?token=${token}` : url,
      headers,
      remoteAddress: nextIp(),
      payloadAsStream: true,
    });
    res.stream().destroy();
    return res;
  }
  return app.inject({
    method: route.method as 'GET',
    url,
    headers,
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A status, as the class a reviewer reads. */
export function outcomeOf(status: number): string {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 400 || status === 422) return '4xx-input';
  return String(status);
}
