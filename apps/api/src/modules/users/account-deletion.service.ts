import {
  ACCOUNT_DATA_MESSAGES,
  DELETED_COMMENT,
  DELETED_USERNAME,
  ERROR_CODES,
  TWO_FACTOR_MESSAGES,
  type MessageResponse,
} from '@kettle/shared';
import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { announceAccountClosed } from '../../lib/account-closed.js';
import type { Tx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import {
  appeals,
  comments,
  companies,
  contactMessages,
  emailTokens,
  mailOutbox,
  notifications,
  paymentCustomers,
  postEvents,
  postImages,
  posts,
  removedComments,
  heldComments,
  reports,
  subscriptions,
  twoFactorRecoveryCodes,
  userBlocks,
  users,
} from '../../db/schema.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { fileKeysOf, removeImageFiles } from '../../lib/images/delete-images.js';
import { accountDeletedMail } from '../../lib/mailer/account-templates.js';
import { contactMail } from '../../lib/mailer/templates.js';
import { verifyPassword } from '../../lib/passwords.js';
import { revokeAllForUser } from '../../lib/refresh-tokens.js';
import { forfeitBalance } from '../coins/coins.service.js';
import { assertSecondFactor, codeRefused } from './second-factor.js';
import { twoFactorOn } from './two-factor.policy.js';
import { lockUserById } from './users.repository.js';

/** A subscription the provider would keep charging: it must be cancelled before the account goes. */
const LIVE_SUBSCRIPTION = ['active', 'trialing', 'past_due', 'incomplete'];

/** Pending and rejected teas go with their photos; published ones stay, readers paid for them. */
async function deleteUnpublishedTeas(tx: Tx, userId: string): Promise<string[]> {
  const unpublished = and(eq(posts.authorId, userId), ne(posts.status, 'approved'));
  const ids = (await tx.select({ id: posts.id }).from(posts).where(unpublished)).map((row) => row.id);
  if (ids.length === 0) return [];
  const images = await tx
    .select({ storageKey: postImages.storageKey, previewKey: postImages.previewKey })
    .from(postImages)
    .where(inArray(postImages.postId, ids));
  await tx.delete(posts).where(inArray(posts.id, ids));
  return fileKeysOf(images);
}

/**
 * Comments stay in their threads as '[deleted]', so replies keep their place; the live stream's
 * log forgets their text, as it does for a deleted comment, so no resume replays it.
 */
async function blankComments(tx: Tx, userId: string): Promise<void> {
  const own = tx
    .select({ id: sql<string>`${comments.id}::text` })
    .from(comments)
    .where(eq(comments.userId, userId));
  await tx
    .delete(postEvents)
    .where(and(eq(postEvents.type, 'new_comment'), inArray(sql<string>`${postEvents.payload}->>'comment_id'`, own)));
  await tx.update(comments).set({ content: DELETED_COMMENT }).where(eq(comments.userId, userId));
}

/**
 * Everything personal on the row goes; the row stays for what must keep pointing at it. The mail
 * sent to the address and the messages written from it go too: they hold the address and words.
 */
async function eraseAccount(tx: Tx, userId: string, email: string): Promise<void> {
  await tx
    .update(users)
    .set({
      username: DELETED_USERNAME,
      email: `${userId}@deleted.invalid`,
      passwordHash: '',
      isActive: false,
      isAdmin: false,
      emailVerifiedAt: null,
      suspendedUntil: null,
      twoFactorSecret: null,
      twoFactorEnabledAt: null,
      twoFactorLastStep: null,
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await revokeAllForUser(tx, userId);
  for (const [table, column] of [
    [emailTokens, emailTokens.userId],
    [twoFactorRecoveryCodes, twoFactorRecoveryCodes.userId],
    [notifications, notifications.userId],
    [appeals, appeals.userId],
    [removedComments, removedComments.userId],
    [heldComments, heldComments.userId],
    [paymentCustomers, paymentCustomers.userId],
    [companies, companies.ownerId],
    [userBlocks, userBlocks.blockerId],
  ] as const) {
    await tx.delete(table).where(eq(column, userId));
  }
  await tx.delete(mailOutbox).where(eq(mailOutbox.to, email));
  await deleteContactMessages(tx, userId, email);
  await anonymiseTakedowns(tx, userId, email);
  await blankKeptReplies(tx, userId);
}

/**
 * Messages written from the address or while signed in (from any address), and the team's copy
 * of each in the outbox: its Reply-To and text are the member's.
 */
async function deleteContactMessages(tx: Tx, userId: string, email: string): Promise<void> {
  const theirs = or(eq(contactMessages.userId, userId), eq(contactMessages.email, email));
  const written = await tx.select().from(contactMessages).where(theirs);
  for (const message of written) {
    const { subject } = contactMail('', message);
    await tx.delete(mailOutbox).where(and(eq(mailOutbox.replyTo, message.email), eq(mailOutbox.subject, subject)));
  }
  await tx.delete(contactMessages).where(theirs);
}

/**
 * Takedown requests the member filed, or that gave their address, stay on the desk under their
 * reference (the subject's request outlives the requester's account) but lose the address, so
 * no outcome can be mailed; mail about them still in the outbox to another address goes too.
 */
async function anonymiseTakedowns(tx: Tx, userId: string, email: string): Promise<void> {
  const theirs = and(eq(reports.kind, 'takedown'), or(eq(reports.reporterId, userId), eq(reports.contactEmail, email)));
  const requests = await tx
    .select({ reference: reports.reference, contactEmail: reports.contactEmail })
    .from(reports)
    .where(and(theirs, isNotNull(reports.contactEmail)));
  for (const request of requests) {
    if (!request.contactEmail || request.contactEmail === email) continue;
    // Both takedown mails name the reference in their subject.
    await tx
      .delete(mailOutbox)
      .where(
        and(eq(mailOutbox.to, request.contactEmail), sql`position(${request.reference} in ${mailOutbox.subject}) > 0`),
      );
  }
  await tx.update(reports).set({ contactEmail: null, updatedAt: new Date() }).where(theirs);
}

/**
 * The member's replies inside another member's removed thread (kept for that member's appeal)
 * become '[deleted]' too, as their live comments do, so an upheld appeal cannot put the words back.
 */
async function blankKeptReplies(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`
    update ${removedComments} set rows = (
      select jsonb_agg(case when r->>'user_id' = ${userId}
        then jsonb_set(r, '{content}', to_jsonb(${DELETED_COMMENT}::text)) else r end order by n)
      from jsonb_array_elements(${removedComments.rows}) with ordinality as e(r, n))
    where ${removedComments.rows} @> ${JSON.stringify([{ user_id: userId }])}::jsonb`);
}

/**
 * DELETE /users/me (issue 14): at once, after the password (and the second factor when it is on).
 * Purchases, the ledger, unlocks, votes and reports stay, tied to a row that no longer says who
 * it was (docs/privacy.md).
 */
export async function deleteAccount(
  ctx: AppContext,
  user: UserRow,
  input: { password: string; code?: string },
): Promise<MessageResponse> {
  await ctx.limits.hit('passwordCheckPerAccount', user.id);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw badRequest(ACCOUNT_DATA_MESSAGES.wrongPassword, ERROR_CODES.badRequest, [
      { field: 'password', message: ACCOUNT_DATA_MESSAGES.wrongPassword },
    ]);
  }
  const keys = await ctx.db.transaction(async (tx) => {
    const locked = await lockUserById(tx, user.id);
    if (!locked || locked.deletedAt) return [];
    // In this transaction, so a refusal below (a live subscription) leaves the code unspent.
    if (twoFactorOn(locked)) {
      if (!input.code) throw codeRefused(TWO_FACTOR_MESSAGES.codeRequired);
      await assertSecondFactor(ctx, tx, locked, input.code);
    }
    const [live] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), inArray(subscriptions.status, LIVE_SUBSCRIPTION)))
      .limit(1);
    if (live) throw conflict(ACCOUNT_DATA_MESSAGES.subscriptionActive);
    const files = await deleteUnpublishedTeas(tx, user.id);
    await blankComments(tx, user.id);
    const forfeited = await forfeitBalance(tx, {
      userId: user.id,
      reason: 'Balance forfeited when the account was deleted',
    });
    await eraseAccount(tx, user.id, locked.email);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.deleted',
      targetType: 'user',
      targetId: user.id,
      data: { forfeited_coins: forfeited, teas_deleted: files.length > 0 },
    });
    return files;
  });
  await removeImageFiles(ctx.images, keys);
  await announceAccountClosed(ctx, user.id);
  await ctx.mailer.send(accountDeletedMail(user.email, user.username));
  return { message: ACCOUNT_DATA_MESSAGES.deleted };
}
