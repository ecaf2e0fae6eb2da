import {
  APPEAL_MESSAGES,
  APPEAL_REVIEWER_TEXT,
  APPEAL_WINDOW_DAYS,
  type Appeal,
  type AppealList,
  type AppealableList,
} from '@kettle/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/rows.js';
import { appeals } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { liveAdminIds } from './appeal-reviewers.js';
import { findDecision, findDecisions, openDecisionIds, type StandingDecision } from './appeal-targets.js';
import { toAppeal, toAppealList, toAppealable } from './appeals.presenter.js';
import { appealWithNames, insertAppeal, pageOfAppeals } from './appeals.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const windowStart = (now = Date.now()) => new Date(now - APPEAL_WINDOW_DAYS * DAY_MS);

type AppealData = { target_type: StandingDecision['targetType']; target_id: string; statement: string };

/** One appeal per decision, within the window; the decision is copied so both sides can read it later. */
async function storeAppeal(ctx: AppContext, decision: StandingDecision, statement: string): Promise<Appeal> {
  if (decision.decisionAt <= windowStart()) throw conflict(APPEAL_MESSAGES.windowClosed);
  const row = await ctx.db.transaction(async (tx) => {
    const stored = await insertAppeal(tx, {
      userId: decision.userId,
      targetType: decision.targetType,
      targetId: decision.targetId,
      decisionAt: decision.decisionAt,
      decidedBy: decision.decidedBy,
      decision: decision.facts,
      statement,
    });
    if (!stored) throw conflict(APPEAL_MESSAGES.alreadyAppealed);
    await recordAudit(tx, {
      actorId: decision.userId,
      action: 'appeal.create',
      targetType: decision.targetType,
      targetId: decision.targetId,
      data: { appeal_id: stored.id, decision: decision.facts.kind },
    });
    return stored;
  });
  const named = await appealWithNames(ctx.db, row.id);
  if (!named) throw new Error('the appeal was not stored');
  return toAppeal(named, 'own', { admins: await liveAdminIds(ctx.db), actorId: null });
}

/** POST /appeals: a decision about the caller (a suspended user may appeal; that is the point). */
export async function fileAppeal(ctx: AppContext, user: UserRow, input: AppealData): Promise<Appeal> {
  const decision = await findDecision(ctx.db, input.target_type, input.target_id);
  if (!decision || decision.userId !== user.id) throw notFound(APPEAL_MESSAGES.notFound);
  return storeAppeal(ctx, decision, input.statement);
}

/**
 * POST /appeals/ban: a banned user cannot sign in, so the ban is named by the address and the
 * reference its mail gave. Any mismatch answers the same 404, and tries are limited per address.
 */
export async function fileBanAppeal(
  ctx: AppContext,
  input: { email: string; reference: string; statement: string },
  ip: string,
): Promise<{ message: string }> {
  await ctx.limits.hit('banAppealPerIp', ip);
  const decision = await findDecision(ctx.db, 'action', input.reference);
  if (decision?.facts.kind !== 'ban' || decision.email !== input.email.toLowerCase()) {
    throw notFound(APPEAL_MESSAGES.banNotFound);
  }
  const stored = await storeAppeal(ctx, decision, input.statement);
  return { message: APPEAL_REVIEWER_TEXT[stored.reviewer ?? 'another_admin'].sent };
}

/** GET /appeals/mine. */
export async function myAppeals(ctx: AppContext, user: UserRow, page: number): Promise<AppealList> {
  const [{ rows, total }, admins] = await Promise.all([
    pageOfAppeals(ctx.db, eq(appeals.userId, user.id), page),
    liveAdminIds(ctx.db),
  ]);
  return toAppealList(rows, total, page, 'own', { admins, actorId: null });
}

/** GET /appeals/eligible: decisions about the caller still in force, in the window, not yet appealed. */
export async function appealableDecisions(ctx: AppContext, user: UserRow): Promise<AppealableList> {
  const found = await findDecisions(ctx.db, await openDecisionIds(ctx.db, user.id, windowStart()));
  const admins = found.length > 0 ? await liveAdminIds(ctx.db) : [];
  return { data: found.map((decision) => toAppealable(decision, admins)) };
}
