import { APPEAL_WINDOW_DAYS, SUSPENSION_DAYS } from '@kettle/shared';

/**
 * Policy numbers the Terms promise. Coin amounts are not here, and the enforcement numbers are
 * @kettle/shared's: so the Terms always match what the API charges and enforces.
 */
export const TERMS_LAST_UPDATED = { iso: '2026-11-01', label: 'November 1, 2026' } as const;

export const LEGAL_POLICY = {
  liabilityLookbackMonths: 12,
  informalResolutionDays: 30,
  appealWindowDays: APPEAL_WINDOW_DAYS,
  suspensionDays: SUSPENSION_DAYS,
  governingState: 'Wyoming',
} as const;
