import {
  NOTIFICATION_TEXT,
  POST_MESSAGES,
  PRIVACY_DECISION_MESSAGES,
  isRemovable,
  removedSummary,
  type StoredFinding,
} from '@kettle/shared';
import { redact } from '@kettle/shared/guard';
import type { AppContext } from '../../../context.js';
import type { Tx } from '../../../db/client.js';
import type { PostRow, UserRow } from '../../../db/rows.js';
import { conflict } from '../../../lib/app-error.js';
import { notify } from '../../../lib/notify.js';
import { lockOpenReview, settleOpenReview } from '../privacy/privacy-reviews.service.js';
import { postNotFound } from '../access/gate.js';
import { canTransition } from '../posts.policy.js';
import * as repo from '../posts.repository.js';
import { applyChange, decide, type Decided } from './posts-admin.service.js';

const inField = (findings: StoredFinding[], field: StoredFinding['field']) =>
  findings.filter((found) => found.field === field);

/**
 * "Redact and approve": every span the guard flagged that has a removal note is replaced by it
 * ("[phone removed]"), a flagged evidence link is dropped whole, and the tea is published in the same
 * transaction. The author is told what was removed and why; the audit row holds the edit, and the
 * review forgets the removed texts, so no copy of them stays behind.
 */
export async function redactAndApprove(ctx: AppContext, actor: UserRow, id: string): Promise<Decided> {
  return decide(ctx, async (tx) => {
    const current = await repo.lockPost(tx, id);
    if (!current) throw postNotFound();
    // A published tea the scan flagged stays published, without the flagged spans.
    if (current.status !== 'approved' && !canTransition(current.status, 'approved')) {
      throw conflict(POST_MESSAGES.invalidTransition(current.status, 'approved'));
    }
    const review = await lockOpenReview(tx, { postId: id });
    const findings = (review?.findings ?? []).filter(isRemovable);
    if (findings.length === 0) throw conflict(PRIVACY_DECISION_MESSAGES.nothingToRedact);
    await settleOpenReview(tx, { postId: id }, 'redacted', actor.id, { forgetTexts: true });
    const change = {
      title: redact(current.title, inField(findings, 'title')),
      content: redact(current.content, inField(findings, 'content')),
      evidenceLink: inField(findings, 'evidence_link').length > 0 ? null : current.evidenceLink,
      status: 'approved' as const,
    };
    const told = (db: Tx, after: PostRow) =>
      notify(db, {
        userId: after.authorId,
        kind: 'post_approved',
        title: NOTIFICATION_TEXT.postRedacted.title,
        body: NOTIFICATION_TEXT.postRedacted.body(after.title, removedSummary(findings.map((found) => found.kind))),
        link: `/posts/${after.id}`,
      });
    // The audit row keeps where and what kind each removal was, never the private text it removed.
    const removed = findings.map(({ field, kind, start, end }) => ({ field, kind, start, end }));
    const audited = ({ after }: { after: Record<string, unknown> }) => ({
      before: { status: current.status },
      after: { status: after.status, title: change.title, content: change.content, evidence_link: change.evidenceLink },
      removed,
    });
    const decision = await applyChange(tx, actor, current, change, 'post.redact_approve', { notice: told, audited });
    // A published tea keeps its status, so the change tells nobody by itself: its author still hears what went.
    if (current.status === 'approved') await told(tx, decision.after);
    return decision;
  });
}
