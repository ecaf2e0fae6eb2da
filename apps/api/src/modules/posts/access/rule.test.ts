// The paywall rule's parity: every viewer, tea status and action goes through the TypeScript
// predicates of rule.ts and through each SQL statement that decides it (the unlock, vote and comment
// statements, the reader pages' statement, the detail's reads), against the suite's database
// (PGlite in npm test, PostgreSQL in CI's API pass). Each spend runs in a transaction that is rolled
// back, so every combination starts from the same rows.
import { postListQuerySchema, type PostCardList, type PostStatus } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { buildUser } from '../../../../test/factories.js';
import { buildPost } from '../../../../test/posts-kit.js';
import type { AppContext } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import { posts, postUnlocks, users } from '../../../db/schema.js';
// eslint-disable-next-line no-restricted-imports -- the parity test runs every statement that composes the rule
import { commentsStatement } from '../../comments/comments.repository.js';
import { loadActingAccount } from '../../users/actor.js';
import { actingAs } from '../../users/two-factor.policy.js';
// eslint-disable-next-line no-restricted-imports -- as above
import { votesStatement } from '../../votes/votes.repository.js';
import { getPostDetail } from '../reading/public-posts.service.js';
import { buildReaderPage, readerListText } from '../reading/reader-pages.js';
import { unlocksStatement } from '../unlocks/unlock.statement.js';
import { mayComment, mayRead, mayVote, unlockDue, type PostFacts } from './rule.js';

const VIEWERS = ['author', 'admin', 'admin without 2FA', 'unlocker', 'stranger', 'suspended', 'deactivated'] as const;
const STATUSES = ['approved', 'pending', 'rejected', 'deleted'] as const;
/** A member's teas, and an admin's own (where only the author check stops an admin's vote). */
const TEAS = STATUSES.flatMap((status) => [status, `admin's ${status}` as const]);
const ACTIONS = ['read', 'unlock', 'vote', 'comment'] as const;
type ViewerKind = (typeof VIEWERS)[number];
type Status = (typeof STATUSES)[number];
type Tea = (typeof TEAS)[number];
type Action = (typeof ACTIONS)[number];

/** Who holds an unlock of every tea: the account rules, not a missing unlock, must refuse the last two. */
const HOLDS_UNLOCK: readonly ViewerKind[] = ['unlocker', 'suspended', 'deactivated'];

let app: TestApp;
/** Admins need two-factor sign-in here, as in production, so "admin without 2FA" acts as a member. */
let ctx: AppContext;
const ids = new Map<ViewerKind, string>();
const teas = new Map<Tea, string>();

beforeAll(async () => {
  app = await createTestApp();
  ctx = { ...app.ctx, config: { ...app.ctx.config, isProduction: true } };
  for (const kind of VIEWERS) {
    const user = await buildUser(app, { coins: 100, isAdmin: kind.startsWith('admin') });
    ids.set(kind, user.id);
  }
  const set = (kind: ViewerKind, values: Partial<typeof users.$inferInsert>) =>
    app.ctx.db
      .update(users)
      .set(values)
      .where(eq(users.id, id(kind)));
  await set('admin', { twoFactorEnabledAt: new Date() });
  await set('suspended', { suspendedUntil: new Date(Date.now() + 86_400_000) });
  await set('deactivated', { isActive: false });
  for (const key of TEAS) {
    const status = key.replace("admin's ", '') as Status;
    const stored: PostStatus = status === 'deleted' ? 'approved' : status;
    const by = key.startsWith("admin's") ? 'admin' : 'author';
    const tea = await buildPost(app, id(by), { status: stored, publishedAt: new Date() });
    teas.set(key, tea.id);
    for (const kind of HOLDS_UNLOCK) {
      await app.ctx.db.insert(postUnlocks).values({ userId: id(kind), postId: tea.id, pricePaid: tea.unlockPrice });
    }
    if (status === 'deleted') await app.ctx.db.delete(posts).where(eq(posts.id, tea.id));
  }
});
afterAll(() => app.teardown());

const id = (kind: ViewerKind): string => ids.get(kind) ?? '';
const tea = (key: Tea): string => teas.get(key) ?? '';

/**
 * The account by the TypeScript twins: whether it may read at all (deactivated may not), whether it
 * may spend (users/actor.ts: verified, not suspended), and the viewer it reads as (actingAs).
 */
async function accountOf(kind: ViewerKind) {
  const [row] = await app.ctx.db
    .select()
    .from(users)
    .where(eq(users.id, id(kind)));
  if (!row) throw new Error(`no account for ${kind}`);
  const mayAct = await loadActingAccount(ctx, row.id).then(
    () => true,
    () => false,
  );
  const acting = actingAs(ctx.config, row);
  return { usable: row.isActive, mayAct, viewer: { id: row.id, isAdmin: acting.isAdmin } };
}

/** What the TypeScript rule says of this viewer, tea and action. */
async function byTypeScript(kind: ViewerKind, key: Tea, action: Action): Promise<boolean> {
  const [row] = await app.ctx.db
    .select()
    .from(posts)
    .where(eq(posts.id, tea(key)));
  if (!row) return false;
  const post: PostFacts = { authorId: row.authorId, status: row.status };
  const unlocked = HOLDS_UNLOCK.includes(kind);
  const { usable, mayAct, viewer } = await accountOf(kind);
  if (action === 'read') return usable && mayRead(viewer, post, unlocked);
  if (!mayAct) return false;
  if (action === 'unlock') return unlockDue(viewer, post, unlocked);
  if (action === 'vote') return mayVote(viewer, post, unlocked);
  return mayComment(viewer, post, unlocked);
}

/** Runs a statement and throws its work away. */
async function rolledBack<T>(run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  let result: T | undefined;
  const undo = new Error('rolled back');
  await app.ctx.db
    .transaction(async (tx) => {
      result = await run(tx);
      throw undo;
    })
    .catch((error: unknown) => {
      if (error !== undo) throw error;
    });
  return result as T;
}

/** What the SQL statement deciding this action did: charged the spend, or answered the tea open. */
async function bySql(kind: ViewerKind, key: Tea, action: Action): Promise<boolean> {
  const one = { readerId: id(kind), postId: tea(key) };
  const asked = [one];
  if (action === 'unlock') return (await rolledBack((tx) => unlocksStatement(tx, asked, true)))[0]?.was_due === true;
  if (action === 'vote') return (await rolledBack((tx) => votesStatement(tx, asked, true)))[0]?.balance != null;
  if (action === 'comment') {
    const comment = { ...one, hasParent: false, parentId: null, content: 'A comment for the parity test.' };
    return (await rolledBack((tx) => commentsStatement(tx, [comment], true)))[0]?.balance != null;
  }
  return readsInDetail(kind, key);
}

/** GET /posts/{id} as this viewer: 404 or locked is no, the full tea is yes. Deactivated: refused. */
async function readsInDetail(kind: ViewerKind, key: Tea): Promise<boolean> {
  const { usable, viewer } = await accountOf(kind);
  if (!usable) return false;
  const detail = await getPostDetail(ctx, viewer, tea(key)).catch(() => null);
  return detail !== null && !detail.is_locked;
}

/** The signed-in list's card for this viewer, from the reader pages' statement (published teas only). */
async function readsInList(kind: ViewerKind, key: Tea): Promise<boolean> {
  const page = await buildReaderPage(ctx, postListQuerySchema.parse({}));
  // A deactivated account is refused the list, as every signed-in call refuses it.
  const text = await readerListText(ctx, id(kind), page).catch(() => null);
  if (text === null) return false;
  const card = (JSON.parse(text) as PostCardList).data.find((c) => c.id === tea(key));
  if (!card) throw new Error('the published tea is missing from its page');
  return !card.is_locked;
}

const combinations = VIEWERS.flatMap((kind) => TEAS.flatMap((key) => ACTIONS.map((action) => ({ kind, key, action }))));
const name = (c: { kind: ViewerKind; key: Tea; action: Action }) => `${c.action}: ${c.kind} on ${c.key}`;

describe('the paywall rule in TypeScript and in SQL', () => {
  it('agree on every viewer, tea status and action', async () => {
    const disagree: string[] = [];
    const allowed: string[] = [];
    for (const c of combinations) {
      const [ts, db] = [await byTypeScript(c.kind, c.key, c.action), await bySql(c.kind, c.key, c.action)];
      if (ts !== db) disagree.push(`${name(c)}: TypeScript ${ts}, SQL ${db}`);
      if (ts) allowed.push(name(c));
    }
    expect(disagree).toEqual([]);
    // The rule itself, so a change to both twins at once is seen too.
    expect(allowed.sort()).toEqual(
      [
        'read: author on approved',
        'read: author on pending',
        'read: author on rejected',
        'read: admin on approved',
        'read: admin on pending',
        'read: admin on rejected',
        'read: unlocker on approved',
        'read: suspended on approved',
        'unlock: admin without 2FA on approved',
        'unlock: stranger on approved',
        'vote: admin on approved',
        'vote: unlocker on approved',
        'comment: author on approved',
        'comment: admin on approved',
        'comment: unlocker on approved',
        "read: admin on admin's approved",
        "read: admin on admin's pending",
        "read: admin on admin's rejected",
        "read: unlocker on admin's approved",
        "read: suspended on admin's approved",
        "unlock: author on admin's approved",
        "unlock: admin without 2FA on admin's approved",
        "unlock: stranger on admin's approved",
        "vote: unlocker on admin's approved",
        "comment: admin on admin's approved",
        "comment: unlocker on admin's approved",
      ].sort(),
    );
  });

  it('agree in the reader pages, which hold published teas only', async () => {
    const disagree: string[] = [];
    for (const kind of VIEWERS) {
      for (const key of ['approved', "admin's approved"] as const) {
        const [ts, db] = [await byTypeScript(kind, key, 'read'), await readsInList(kind, key)];
        if (ts !== db) disagree.push(`read in the list: ${kind} on ${key}: TypeScript ${ts}, SQL ${db}`);
      }
    }
    expect(disagree).toEqual([]);
  });
});
