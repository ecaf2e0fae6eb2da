import type { Appeal, AppealList, Appealable } from '@kettle/shared';
import { APPEAL_WINDOW_DAYS } from '@kettle/shared';
import type { DecisionFacts, StandingDecision } from './appeal-targets.js';
import { APPEALS_PER_PAGE, type AppealWithNames } from './appeals.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export type View = 'own' | 'admin';

const decisionOf = (facts: DecisionFacts, decidedAt: Date, decidedBy: string | null) => ({
  kind: facts.kind,
  label: facts.label,
  reason: facts.reason,
  rule_title: facts.rule_title,
  decided_at: decidedAt.toISOString(),
  decided_by: decidedBy,
});

/** The user's own view never names a moderator; admins see who decided, who reviewed and the content. */
export function toAppeal(row: AppealWithNames, view: View, imageUrls: string[] = []): Appeal {
  const facts = row.decision as DecisionFacts;
  const admin = view === 'admin';
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
  };
}

export function toAppealList(
  rows: AppealWithNames[],
  total: number,
  page: number,
  view: View,
  images: Map<string, string[]> = new Map(),
): AppealList {
  return {
    data: rows.map((row) => toAppeal(row, view, images.get(row.targetId))),
    page,
    total_pages: Math.max(1, Math.ceil(total / APPEALS_PER_PAGE)),
    total,
  };
}

export function toAppealable(decision: StandingDecision): Appealable {
  return {
    target_type: decision.targetType,
    target_id: decision.targetId,
    decision: decisionOf(decision.facts, decision.decisionAt, null),
    title: decision.facts.title,
    appeal_by: new Date(decision.decisionAt.getTime() + APPEAL_WINDOW_DAYS * DAY_MS).toISOString(),
  };
}
