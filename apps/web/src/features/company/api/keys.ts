/** Every company query starts with 'company'. */
export const companyKeys = {
  all: ['company'] as const,
  mine: ['company', 'mine'] as const,
  stats: ['company', 'stats'] as const,
};
