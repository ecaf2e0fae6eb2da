import type { Appeal, AppealList, Appealable } from '@kettle/shared';
import { APPEAL_WINDOW_DAYS } from '@kettle/shared';
import { reviewBlockOf, reviewerOf } from './appeal-reviewers.js';
import type { DecisionFacts, StandingDecision } from './appeal-targets.js';
import { APPEALS_PER_PAGE, type AppealWithNames } from './appeals.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export type View = 'own' | 'admin';

/** Who may review, read once per request: the live admins, and the admin asking (admin view). */
export type Reviewers = { admins: readonly string[]; actorId: string | null };

const decisionOf = (facts: DecisionFacts, decidedAt: Date, decidedBy: string | null) => ({
  kind: facts.kind,
  label: facts.label,
  reason: facts.reason,
  rule_title: facts.rule_title,
  decided_at: decidedAt.toISOString(),
  decided_by: decidedBy,
});

/** The user's own view never names a moderator; admins see who decided, who reviewed and the content. */
export function toAppeal(row: AppealWithNames, view: View, reviewers: Reviewers, imageUrls: string[] = []): Appeal {
  const facts = row.decision as DecisionFacts;
  const admin = view === 'admin';
  const pending = row.status === 'pending';
  const parties = { appellantId: row.userId, decidedBy: row.decidedBy };
  const { admins, actorId } = reviewers;
  return {
    id: row.id,
    target_type: row.targetType,
    target_id: row.targetId,
    statement: row.statement,
    status: row.status,
    reason: row.reason,
    decision: decisionOf(facts, row.decisionAt, admin ? row.decidedByName : null),
    content: admin ? { post_id: facts.post_id, title: facts.title, text: facts.text, image_urls: imageUrls } : null,
    user: admin ? { id: row.userId, username: row.username } : null,
    reviewed_by: admin ? row.reviewedByName : null,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    reviewer: pending ? reviewerOf(admins, parties) : null,
    review_block: admin && pending && actorId ? reviewBlockOf(admins, actorId, parties) : null,
  };
}

export function toAppealList(
  rows: AppealWithNames[],
  total: number,
  page: number,
  view: View,
  reviewers: Reviewers,
  images: Map<string, string[]> = new Map(),
): AppealList {
  return {
    data: rows.map((row) => toAppeal(row, view, reviewers, images.get(row.targetId))),
    page,
    total_pages: Math.max(1, Math.ceil(total / APPEALS_PER_PAGE)),
    total,
  };
}

export function toAppealable(decision: StandingDecision, admins: readonly string[]): Appealable {
  return {
    target_type: decision.targetType,
    target_id: decision.targetId,
    decision: decisionOf(decision.facts, decision.decisionAt, null),
    title: decision.facts.title,
    appeal_by: new Date(decision.decisionAt.getTime() + APPEAL_WINDOW_DAYS * DAY_MS).toISOString(),
    reviewer: reviewerOf(admins, { appellantId: decision.userId, decidedBy: decision.decidedBy }),
  };
}
