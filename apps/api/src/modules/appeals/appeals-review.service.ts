import { APPEAL_MESSAGES, APPEAL_NOTICE_TEXT, type Appeal, type AppealList, type AppealStatus } from '@kettle/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/rows.js';
import { appeals, postImages, posts, users } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { isUuid } from '../../lib/ids.js';
import { imageUrl } from '../../lib/images/image-urls.js';
import { appealOutcomeMail } from '../../lib/mailer/appeal-templates.js';
import { notify } from '../../lib/notify.js';
import { explainReinstateFailure } from '../posts/admin/posts-admin.service.js';
import { reverseDecision } from './appeal-reversal.js';
import { liveAdminIds, reviewBlockOf } from './appeal-reviewers.js';
import type { DecisionFacts } from './appeal-targets.js';
import { toAppeal, toAppealList } from './appeals.presenter.js';
import { appealWithNames, lockAppeal, pageOfAppeals } from './appeals.repository.js';

/** Where the user reads their appeals (the Report Status tab). */
export const APPEALS_PAGE = '/moderation?tab=status';
const appealNotFound = () => notFound(APPEAL_MESSAGES.notFound);

/** Photos of the teas on a page of appeals, signed for the reviewing admin. */
async function imagesOf(ctx: AppContext, postIds: string[]): Promise<Map<string, string[]>> {
  const images = new Map<string, string[]>();
  if (postIds.length === 0) return images;
  const rows = await ctx.db
    .select({ postId: postImages.postId, key: postImages.storageKey, status: posts.status })
    .from(postImages)
    .innerJoin(posts, eq(posts.id, postImages.postId))
    .where(inArray(postImages.postId, postIds))
    .orderBy(asc(postImages.postId), asc(postImages.position));
  for (const row of rows) {
    const url = imageUrl(ctx.secret, row.key, { public: row.status === 'approved' });
    images.set(row.postId, [...(images.get(row.postId) ?? []), url]);
  }
  return images;
}

/**
 * GET /admin/appeals: the queue, newest first, each beside its decision and content, and saying
 * whether the admin asking may decide it.
 */
export async function listAppeals(
  ctx: AppContext,
  actor: UserRow,
  status: AppealStatus | undefined,
  page: number,
): Promise<AppealList> {
  const [{ rows, total }, admins] = await Promise.all([
    pageOfAppeals(ctx.db, status ? eq(appeals.status, status) : undefined, page),
    liveAdminIds(ctx.db),
  ]);
  const postIds = rows.filter((row) => row.targetType === 'post').map((row) => row.targetId);
  return toAppealList(rows, total, page, 'admin', { admins, actorId: actor.id }, await imagesOf(ctx, postIds));
}

const REFUSALS = { own_appeal: APPEAL_MESSAGES.ownAppeal, own_decision: APPEAL_MESSAGES.sameAdmin } as const;

/**
 * PUT /admin/appeals/{id}: upheld reverses the decision (and returns its fee), denied leaves it;
 * either way the user is told in-app in the same transaction and by mail after it. Nobody decides
 * an appeal of their own, and the admin who decided does not review while another admin could.
 */
export async function decideAppeal(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: { status: 'upheld' | 'denied'; reason: string },
): Promise<Appeal> {
  if (!isUuid(id)) throw appealNotFound();
  const appeal = await ctx.db
    .transaction(async (tx) => {
      const appeal = await lockAppeal(tx, id);
      if (!appeal) throw appealNotFound();
      if (appeal.status !== 'pending') throw conflict(APPEAL_MESSAGES.alreadyReviewed);
      const parties = { appellantId: appeal.userId, decidedBy: appeal.decidedBy };
      const block = reviewBlockOf(await liveAdminIds(tx), actor.id, parties);
      if (block) throw forbidden(REFUSALS[block]);
      const refunded = input.status === 'upheld' ? await reverseDecision(tx, actor, appeal) : 0;
      await tx
        .update(appeals)
        .set({ status: input.status, reason: input.reason, reviewedBy: actor.id, reviewedAt: new Date() })
        .where(eq(appeals.id, appeal.id));
      await recordAudit(tx, {
        actorId: actor.id,
        action: `appeal.${input.status}`,
        targetType: appeal.targetType,
        targetId: appeal.targetId,
        data: { appeal_id: appeal.id, refunded },
      });
      const label = (appeal.decision as DecisionFacts).label;
      await notify(tx, {
        userId: appeal.userId,
        kind: input.status === 'upheld' ? 'appeal_upheld' : 'appeal_denied',
        title: APPEAL_NOTICE_TEXT[input.status].title,
        body: APPEAL_NOTICE_TEXT[input.status].body(label, input.reason),
        link: APPEALS_PAGE,
      });
      return appeal;
    })
    .catch((error: unknown) => {
      throw explainReinstateFailure(error);
    });
  await mailOutcome(ctx, appeal.userId, input, (appeal.decision as DecisionFacts).label);
  const named = await appealWithNames(ctx.db, appeal.id);
  if (!named) throw appealNotFound();
  return toAppeal(named, 'admin', { admins: [], actorId: actor.id });
}

async function mailOutcome(
  ctx: AppContext,
  userId: string,
  input: { status: 'upheld' | 'denied'; reason: string },
  decision: string,
): Promise<void> {
  const [user] = await ctx.db
    .select({ email: users.email, username: users.username, deletedAt: users.deletedAt })
    .from(users)
    .where(and(eq(users.id, userId)));
  if (!user || user.deletedAt) return;
  const outcome = { status: input.status, decision, reason: input.reason };
  await ctx.mailer.send(
    appealOutcomeMail(user.email, user.username, outcome, `${ctx.config.appOrigin}${APPEALS_PAGE}`),
  );
}
