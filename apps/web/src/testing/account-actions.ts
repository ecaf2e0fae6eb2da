import { ruleTitle, type AccountAction } from '@kettle/shared';

let counter = 0;

/** A warning as the API returns it (issued by 'boss'); `overrides` change any field. */
export function makeAction(overrides: Partial<AccountAction> = {}): AccountAction {
  counter += 1;
  return {
    id: `7a7a7a7a-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    kind: 'warning',
    rule: 'respect',
    rule_title: ruleTitle('respect'),
    message: 'Please keep it about what happened.',
    days: null,
    ends_at: null,
    reversed_at: null,
    lifted_at: null,
    lift_reason: null,
    post_id: null,
    post_title: null,
    issued_by: 'boss',
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A suspension of `days` from `created_at`, citing the privacy rule. */
export const makeSuspension = (days: number, overrides: Partial<AccountAction> = {}): AccountAction => {
  const created_at = overrides.created_at ?? '2026-11-27T14:05:00.000Z';
  const ends_at = new Date(Date.parse(created_at) + days * 86_400_000).toISOString();
  return makeAction({
    kind: 'suspension',
    rule: 'privacy',
    rule_title: ruleTitle('privacy'),
    message: 'You posted a home address.',
    days,
    ends_at,
    created_at,
    ...overrides,
  });
};
