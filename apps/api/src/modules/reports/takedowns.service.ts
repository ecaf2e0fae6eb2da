import {
  REPORT_MESSAGES,
  type Report,
  type TakedownCreateData,
  type TakedownCreated,
  type TakedownLookupData,
} from '@kettle/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/app-error.js';
import { sendToUnverified } from '../../lib/mailer/recipient-limit.js';
import { takedownReceivedMail } from '../../lib/mailer/report-templates.js';
import type { UserRow } from '../../db/rows.js';
import { newReference } from './reference.js';
import { REPORT_STATUS_PATH } from './report-notices.js';
import { toReport } from './reports.presenter.js';
import { teaIdInUrl } from './tea-url.js';
import * as repo from './reports.repository.js';
import { insertWithReference } from './reports.service.js';

/**
 * A takedown request from the Moderation & Safety form (decisions.md, Stubs): stored as a report
 * of kind 'takedown' for the admins' desk, confirmed by mail with its reference. A filled
 * honeypot gets the same answer (with a reference that matches nothing) and nothing is kept.
 */
export async function createTakedown(
  ctx: AppContext,
  user: UserRow | null,
  input: TakedownCreateData,
): Promise<TakedownCreated> {
  const { website, ...request } = input;
  if (website) return { message: REPORT_MESSAGES.takedownThanks, reference: newReference(), confirmation_mailed: true };
  const contentUrl = request.content_url || null;
  const row = await insertWithReference(
    ctx.db,
    {
      kind: 'takedown',
      reporterId: user?.id ?? null,
      contactEmail: request.email,
      contentUrl,
      // A URL of one of our teas names it, so the desk shows the tea and can act on its author.
      postId: await repo.existingPostId(ctx.db, teaIdInUrl(contentUrl, ctx.config.appOrigin)),
      reason: request.type,
      description: request.description,
    },
    // Takedowns have no one-per-user key: a conflict can only be a reference collision.
    async () => undefined,
  );
  // Anyone may type any address here: past its hourly share the inbox gets no more confirmations.
  const mailed = await sendToUnverified(
    ctx,
    takedownReceivedMail(request.email, {
      reference: row.reference,
      type: request.type,
      statusUrl: `${ctx.config.appOrigin}${REPORT_STATUS_PATH}`,
    }),
  );
  return {
    message: mailed ? REPORT_MESSAGES.takedownThanks : REPORT_MESSAGES.takedownThanksUnmailed,
    reference: row.reference,
    confirmation_mailed: mailed,
  };
}

/** The request with this reference and email; one answer for a wrong email and an unknown reference. */
export async function lookupTakedown(ctx: AppContext, input: TakedownLookupData): Promise<Report> {
  const row = await repo.findTakedown(ctx.db, input.reference, input.email);
  if (!row) throw notFound(REPORT_MESSAGES.lookupMissing);
  return toReport(row, 'reporter');
}
