import {
  ACCOUNT_DATA_MESSAGES,
  ACTION_NOTICE_TEXT,
  ENFORCEMENT_MESSAGES,
  MESSAGES,
  ruleTitle,
  type AccountAction,
  type AccountActionData,
  type AccountActionList,
  type AccountStanding,
} from '@kettle/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { users } from '../../db/schema.js';
import { conflict, forbidden, notFound, validationFailed } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { isUuid } from '../../lib/ids.js';
import { accountActionMail } from '../../lib/mailer/enforcement-templates.js';
import { notify } from '../../lib/notify.js';
import { suspensionInForce } from '../../lib/participation.js';
import { revokeAllForUser } from '../../lib/refresh-tokens.js';
import { announceAccountClosed } from '../../lib/account-closed.js';
import { toAccountAction } from './enforcement.presenter.js';
import {
  actionsOf,
  insertAction,
  lockAccount,
  titleOfOwnPost,
  type AccountActionRow,
} from './enforcement.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const ACCOUNT_PAGE = '/account';
const userNotFound = () => notFound(MESSAGES.notFound.user);

const NOTICE_KIND = {
  warning: 'account_warning',
  suspension: 'account_suspended',
  ban: 'account_banned',
} as const;

/** What the account becomes: a suspension ends at its date, a ban closes the account as deactivation does. */
async function applyToAccount(tx: Tx, user: UserRow, input: AccountActionData, endsAt: Date | null): Promise<void> {
  if (input.kind === 'warning') return;
  const change = input.kind === 'ban' ? { isActive: false } : { suspendedUntil: endsAt };
  await tx
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  if (input.kind === 'ban') await revokeAllForUser(tx, user.id);
}

function noticeBody(action: AccountActionRow): string {
  const rule = ruleTitle(action.rule);
  if (action.kind === 'suspension') {
    return ACTION_NOTICE_TEXT.suspension.body(rule, action.message, action.endsAt?.toISOString() ?? '');
  }
  return ACTION_NOTICE_TEXT[action.kind].body(rule, action.message);
}

/**
 * POST /admin/users/{id}/actions: record the decision, apply it, audit it and tell the user in
 * the same transaction; the mail goes once it has committed. An admin never acts on their own
 * account (the last admin could lock everyone out).
 */
export async function issueAction(
  ctx: AppContext,
  actor: UserRow,
  userId: string,
  input: AccountActionData,
): Promise<AccountAction> {
  if (!isUuid(userId)) throw userNotFound();
  if (actor.id === userId) throw forbidden(ENFORCEMENT_MESSAGES.cannotActOnSelf);
  const { action, user, postTitle } = await ctx.db.transaction(async (tx) => {
    const user = await lockAccount(tx, userId);
    if (!user) throw userNotFound();
    if (user.deletedAt) throw conflict(ACCOUNT_DATA_MESSAGES.accountDeleted);
    const postTitle = input.post_id ? await titleOfOwnPost(tx, user.id, input.post_id) : null;
    if (postTitle === undefined) {
      throw validationFailed([{ field: 'post_id', message: ENFORCEMENT_MESSAGES.postNotTheirs }]);
    }
    const endsAt = input.kind === 'suspension' && input.days ? new Date(Date.now() + input.days * DAY_MS) : null;
    const action = await insertAction(tx, {
      userId: user.id,
      adminId: actor.id,
      kind: input.kind,
      rule: input.rule,
      message: input.message,
      days: input.kind === 'suspension' ? (input.days ?? null) : null,
      endsAt,
      postId: input.post_id ?? null,
    });
    await applyToAccount(tx, user, input, endsAt);
    await recordAudit(tx, {
      actorId: actor.id,
      action: `user.${input.kind}`,
      targetType: 'user',
      targetId: user.id,
      data: { action_id: action.id, rule: input.rule, days: action.days, post_id: action.postId },
    });
    await notify(tx, {
      userId: user.id,
      kind: NOTICE_KIND[input.kind],
      title: ACTION_NOTICE_TEXT[input.kind].title,
      body: noticeBody(action),
      link: ACCOUNT_PAGE,
    });
    return { action, user, postTitle };
  });
  // A banned account's live streams end on every server (issue 70 item 4).
  if (action.kind === 'ban') await announceAccountClosed(ctx, user.id);
  await ctx.mailer.send(
    accountActionMail(
      user.email,
      user.username,
      {
        kind: action.kind,
        ruleTitle: ruleTitle(action.rule),
        message: action.message,
        endsAt: action.endsAt?.toISOString() ?? null,
        reference: action.id,
      },
      ctx.config.appOrigin,
    ),
  );
  return toAccountAction({ ...action, adminName: actor.username, postTitle }, true);
}

/** GET /admin/users/{id}/actions. */
export async function listActions(ctx: AppContext, userId: string): Promise<AccountActionList> {
  if (!isUuid(userId)) throw userNotFound();
  const [exists] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!exists) throw userNotFound();
  return { data: (await actionsOf(ctx.db, userId)).map((row) => toAccountAction(row, true)) };
}

/** GET /users/me/standing: the suspension in force, if any, and the account's history. */
export async function standingOf(ctx: AppContext, user: UserRow): Promise<AccountStanding> {
  const actions = await actionsOf(ctx.db, user.id);
  return {
    suspended_until: suspensionInForce(user)?.toISOString() ?? null,
    actions: actions.map((row) => toAccountAction(row, false)),
  };
}
