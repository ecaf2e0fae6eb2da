/** Spec §3 fallback data: the 15 default categories and the 50 US states. */
export const DEFAULT_CATEGORIES: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'Baby Mama Drama', description: 'Co-parenting chaos, custody fights and the mothers at the centre of them.' },
  { name: 'Baby Daddy Diaries', description: 'Missing child support, surprise siblings and the fathers who cause the trouble.' },
  { name: 'Family Feud', description: 'Holiday blow-ups, inheritance wars and relatives who cannot share a room.' },
  { name: 'Cheater Alert', description: 'Receipts on partners who stepped out, and the people they stepped out with.' },
  { name: 'Fake Friends', description: 'Smiles to your face, knives in your back: friendships that were never real.' },
  { name: 'Workplace War', description: 'Office politics, credit thieves and the bosses and coworkers behind them.' },
  { name: 'Club Shenanigans', description: 'What happened after midnight, on the dance floor and in the VIP section.' },
  { name: 'Caught Slipping', description: 'Moments someone was seen where they swore they never would be.' },
  { name: "STD Stories (Who's Burning)", description: 'Health warnings the community wants to hear about before it is too late.' },
  { name: 'Spill 4 Me', description: 'Questions for the community: you ask, the people who know spill it.' },
  { name: 'Roast Room', description: 'Light-hearted roasts and playful call-outs of public personalities.' },
  { name: 'The Brew Room', description: 'Slow-brewing stories still developing, with updates as the tea steeps.' },
  { name: 'Tea with Sprinkles', description: 'Sweet, wholesome and funny tea that is more sugar than scandal.' },
  { name: 'You Thought You Ate?', description: 'When someone thought they won the argument and the receipts said otherwise.' },
  { name: 'Reverse the Table', description: 'Rebuttals and counter-stories from the people the tea was spilled about.' },
];

export const US_STATES: ReadonlyArray<{ name: string; code: string }> = [
  { name: 'Alabama', code: 'AL' }, { name: 'Alaska', code: 'AK' }, { name: 'Arizona', code: 'AZ' },
  { name: 'Arkansas', code: 'AR' }, { name: 'California', code: 'CA' }, { name: 'Colorado', code: 'CO' },
  { name: 'Connecticut', code: 'CT' }, { name: 'Delaware', code: 'DE' }, { name: 'Florida', code: 'FL' },
  { name: 'Georgia', code: 'GA' }, { name: 'Hawaii', code: 'HI' }, { name: 'Idaho', code: 'ID' },
  { name: 'Illinois', code: 'IL' }, { name: 'Indiana', code: 'IN' }, { name: 'Iowa', code: 'IA' },
  { name: 'Kansas', code: 'KS' }, { name: 'Kentucky', code: 'KY' }, { name: 'Louisiana', code: 'LA' },
  { name: 'Maine', code: 'ME' }, { name: 'Maryland', code: 'MD' }, { name: 'Massachusetts', code: 'MA' },
  { name: 'Michigan', code: 'MI' }, { name: 'Minnesota', code: 'MN' }, { name: 'Mississippi', code: 'MS' },
  { name: 'Missouri', code: 'MO' }, { name: 'Montana', code: 'MT' }, { name: 'Nebraska', code: 'NE' },
  { name: 'Nevada', code: 'NV' }, { name: 'New Hampshire', code: 'NH' }, { name: 'New Jersey', code: 'NJ' },
  { name: 'New Mexico', code: 'NM' }, { name: 'New York', code: 'NY' }, { name: 'North Carolina', code: 'NC' },
  { name: 'North Dakota', code: 'ND' }, { name: 'Ohio', code: 'OH' }, { name: 'Oklahoma', code: 'OK' },
  { name: 'Oregon', code: 'OR' }, { name: 'Pennsylvania', code: 'PA' }, { name: 'Rhode Island', code: 'RI' },
  { name: 'South Carolina', code: 'SC' }, { name: 'South Dakota', code: 'SD' }, { name: 'Tennessee', code: 'TN' },
  { name: 'Texas', code: 'TX' }, { name: 'Utah', code: 'UT' }, { name: 'Vermont', code: 'VT' },
  { name: 'Virginia', code: 'VA' }, { name: 'Washington', code: 'WA' }, { name: 'West Virginia', code: 'WV' },
  { name: 'Wisconsin', code: 'WI' }, { name: 'Wyoming', code: 'WY' },
];

export const stateDescription = (name: string): string => `Tea spilled in and around ${name}.`;
