/**
 * Who lives in the demo community: the three README accounts plus six neighbours who write
 * and read most of the tea. Every handle they gossip about is made up (see teas.ts).
 */
export const README_CAST = { admin: 'tea_admin', ava: 'ava_sips', ben: 'ben_brews' } as const;

/** Extra demo users; they share the README users' password, hashed once (argon2 is slow). */
export const NEIGHBOURS = [
  { username: 'chai_charlie', email: 'charlie@kettle.local' },
  { username: 'earl_grey_gwen', email: 'gwen@kettle.local' },
  { username: 'matcha_mo', email: 'mo@kettle.local' },
  { username: 'oolong_olu', email: 'olu@kettle.local' },
  { username: 'rooibos_rae', email: 'rae@kettle.local' },
  { username: 'kombucha_kai', email: 'kai@kettle.local' },
] as const;
export const NEIGHBOUR_PASSWORD = 'KettleDemo1';
/** What each neighbour is given on arrival, on top of the sign-up bonus (ledger kind demo_grant). */
export const NEIGHBOUR_GRANT = 150;

export type CastName = (typeof README_CAST)[keyof typeof README_CAST] | (typeof NEIGHBOURS)[number]['username'];

/** Card checkouts the cast made through the dev checkout: [who, bundle, days ago]. */
export const PURCHASES: ReadonlyArray<[CastName, 'bronze' | 'silver' | 'gold', number]> = [
  ['chai_charlie', 'gold', 27],
  ['earl_grey_gwen', 'gold', 26.5],
  ['matcha_mo', 'gold', 26],
  ['oolong_olu', 'gold', 25.5],
  ['rooibos_rae', 'gold', 25.2],
  ['ben_brews', 'gold', 25.1],
  ['ava_sips', 'gold', 25],
  ['kombucha_kai', 'gold', 24],
  ['kombucha_kai', 'silver', 14],
  ['ava_sips', 'bronze', 9],
];
