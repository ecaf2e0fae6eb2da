/**
 * Policy numbers the Terms promise. Coin amounts are not here: they come from @kettle/shared so
 * the Terms always match what the API charges.
 */
export const TERMS_LAST_UPDATED = { iso: '2026-11-01', label: 'November 1, 2026' } as const;

export const LEGAL_POLICY = {
  liabilityLookbackMonths: 12,
  informalResolutionDays: 30,
  appealWindowDays: 30,
  suspensionDays: { min: 1, max: 30 },
  governingState: 'Wyoming',
} as const;
