/**
 * The order and titles of the Terms page. The table of contents and the section headings both
 * read from here, so a renamed or reordered section cannot leave a dead anchor behind.
 */
export const TERMS_ORDER = [
  'acceptance',
  'user-content',
  'no-verification',
  'prohibited-uses',
  'tea-coins',
  'content-licence',
  'privacy',
  'liability',
  'indemnification',
  'disputes',
  'governing-law',
  'termination',
  'changes',
  'community-guidelines',
  'how-it-works',
] as const;

export type TermsSectionId = (typeof TERMS_ORDER)[number];

export const TERMS_TITLES: Record<TermsSectionId, string> = {
  acceptance: 'Accepting These Terms',
  'user-content': 'Your Content',
  'no-verification': 'We Do Not Verify Teas',
  'prohibited-uses': 'Prohibited Uses',
  'tea-coins': 'Tea Coins and Paid Features',
  'content-licence': 'The Licence You Give Us',
  privacy: 'Privacy on Both Sides of a Tea',
  liability: 'Limitation of Liability',
  indemnification: 'Indemnification',
  disputes: 'Dispute Resolution',
  'governing-law': 'Governing Law',
  termination: 'Termination',
  changes: 'Changes to These Terms',
  'community-guidelines': 'Community Guidelines',
  'how-it-works': 'How It Works',
};

export const headingId = (id: TermsSectionId): string => `${id}-heading`;
