import { ACCOUNT_ACTION_LABELS, COMMUNITY_RULES, SUSPENSION_DAYS } from '@kettle/shared';

// The rules an admin's action cites are the ones published here: one list, in @kettle/shared.
export { COMMUNITY_RULES };

export const ENFORCEMENT_STEPS: ReadonlyArray<{ title: string; detail: string }> = [
  {
    title: ACCOUNT_ACTION_LABELS.warning,
    detail: 'For a first, minor problem. The content is removed and we tell you why.',
  },
  {
    title: ACCOUNT_ACTION_LABELS.suspension,
    detail: `A temporary suspension of ${SUSPENSION_DAYS.min} to ${SUSPENSION_DAYS.max} days for repeated or more serious breaches.`,
  },
  {
    title: ACCOUNT_ACTION_LABELS.ban,
    detail: 'For severe breaches such as threats, doxxing or content about minors, or after earlier suspensions.',
  },
];
