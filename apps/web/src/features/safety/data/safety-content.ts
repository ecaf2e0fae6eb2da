import { LEGAL_POLICY } from '@/features/legal/data/policy';

/** product.md §9 policy: how soon reports are reviewed. */
export const REVIEW_PROMISE = '24-48 hours';

const { appealWindowDays, suspensionDays } = LEGAL_POLICY;

/** product.md §2: the target response time for each kind of problem, worst first. */
export const RESPONSE_TIMES: ReadonlyArray<{ time: string; what: string }> = [
  {
    time: 'Immediate',
    what: 'Threats of violence, anything involving a minor, or someone in danger. We take it down as soon as we see it.',
  },
  {
    time: '24 hours',
    what: 'Personal information posted without permission: real names, addresses, phone numbers, workplaces.',
  },
  { time: '48 hours', what: 'Harassment, impersonation and posts that may be false or defamatory.' },
  { time: '3-5 days', what: 'Copyright and image-rights claims, and disputes that need more back and forth.' },
];

export const APPEAL_RESPONSE_TIME = '5-7 days';

export const APPEALS_TEXT =
  `Disagree with a decision about your post, your comment or your account? Appeal within ${appealWindowDays} days ` +
  `of it from My Account (a banned account: with the reference in the ban email, on the Report Status tab). ` +
  `An admin who did not make the first decision looks at it again (while Kettle has one admin, the same admin, ` +
  `as the appeal form says), and we answer appeals within ${APPEAL_RESPONSE_TIME}.`;

export const SUSPENSION_RANGE = `${suspensionDays.min}-${suspensionDays.max} days`;

/** The Contact tab: which channel fits which need. */
export const CONTACT_CHANNELS: ReadonlyArray<{ title: string; detail: string }> = [
  {
    title: 'Something about you is on the site',
    detail:
      'Use the Report Issue tab. It goes straight to the moderators, and the reference you get lets you follow it up.',
  },
  {
    title: 'Appeals and questions about a decision',
    detail: `Appeal within ${appealWindowDays} days from My Account, or with your ban email's reference on the Report Status tab. For questions, the contact form reaches the same team.`,
  },
  {
    title: 'Account, coins or anything else',
    detail: 'The contact form reaches the same team. We reply by email.',
  },
];
