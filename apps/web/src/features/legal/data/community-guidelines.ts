import { LEGAL_POLICY } from './policy';

const { suspensionDays } = LEGAL_POLICY;

export const COMMUNITY_RULES: ReadonlyArray<{ title: string; detail: string }> = [
  {
    title: 'Share what you actually know',
    detail: 'Post your own experience or what you witnessed. Say when something is your opinion, and never make up a story.',
  },
  {
    title: 'Keep private lives private',
    detail: 'Tag a public handle only. No real names, addresses, phone numbers, workplaces, private photos, or health and money details.',
  },
  {
    title: 'Talk about behaviour, not identity',
    detail: 'No harassment, hate, threats or calls to pile on. Criticise what someone did, not who they are.',
  },
  {
    title: 'Leave minors out of it',
    detail: 'Never post about, or pictures of, anyone under 18, even with their details hidden.',
  },
  {
    title: 'Play fair',
    detail: 'One account per person. No spam, fake reports, vote trading, impersonation, or coming back after a ban.',
  },
];

export const ENFORCEMENT_STEPS: ReadonlyArray<{ title: string; detail: string }> = [
  { title: 'Warning', detail: 'For a first, minor problem. The content is removed and we tell you why.' },
  {
    title: 'Suspension',
    detail: `A temporary suspension of ${suspensionDays.min} to ${suspensionDays.max} days for repeated or more serious breaches.`,
  },
  {
    title: 'Permanent ban',
    detail: 'For severe breaches such as threats, doxxing or content about minors, or after earlier suspensions.',
  },
];
