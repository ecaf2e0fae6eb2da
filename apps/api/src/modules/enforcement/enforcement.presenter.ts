import { ruleTitle, type AccountAction } from '@kettle/shared';
import type { ActionWithNames } from './enforcement.repository.js';

/** Admins see who decided; the user's own history leaves the moderator unnamed. */
export const toAccountAction = (row: ActionWithNames, forAdmin: boolean): AccountAction => ({
  id: row.id,
  kind: row.kind,
  rule: row.rule,
  rule_title: ruleTitle(row.rule),
  message: row.message,
  days: row.days,
  ends_at: row.endsAt?.toISOString() ?? null,
  post_id: row.postId,
  post_title: row.postTitle,
  issued_by: forAdmin ? row.adminName : null,
  reversed_at: row.reversedAt?.toISOString() ?? null,
  lifted_at: row.liftedAt?.toISOString() ?? null,
  lift_reason: row.liftReason,
  created_at: row.createdAt.toISOString(),
});
