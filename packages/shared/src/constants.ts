/** Business constants of product.md §9, in one place for server and browser. */
export const COSTS = {
  unlockPost: 40,
  comment: 10,
  upvote: 5,
  submitReversal: 20,
  submitTea: 25,
  report: 15,
  emptyPot: 25,
} as const;

/** A bounty is escrowed at submission; unawarded, it goes back to the author after `expiryDays` published. */
export const BOUNTY_LIMITS = { max: 100_000, expiryDays: 30 } as const;

export const DEFAULT_SIGNUP_BONUS_COINS = 50;
export const DEFAULT_DAILY_DROP_COINS = 10;

export const LIMITS = {
  titleMin: 5,
  titleMax: 200,
  contentMin: 20,
  contentMax: 5000,
  maxImages: 5,
  maxImageMb: 5,
  categoryNameMin: 3,
  stateNameMin: 2,
  nameMax: 50,
  descriptionMin: 10,
  descriptionMax: 200,
  lockedPreviewChars: 150,
  adminPreviewChars: 40,
  collapseAdmin: 200,
  collapsePublic: 300,
  metaDescriptionChars: 160,
} as const;

export const PAGE_SIZES = {
  posts: 9,
  myTeas: 9,
  adminUsers: 9,
  adminReports: 9,
  transactions: 10,
  schemaDefault: 10,
  schemaMax: 100,
  paginationWindow: 5,
} as const;

/** Milliseconds. */
export const TIMINGS = {
  prefetchDelay: 500,
  postListFresh: 2 * 60_000,
  postDetailFresh: 5 * 60_000,
  commentsStale: 30_000,
  commentsRefetch: 5 * 60_000,
  userListStale: 2 * 60_000,
  categoriesStale: 5 * 60_000,
  plansStale: 10 * 60_000,
  transactionsStale: 5 * 60_000,
  paymentRedirect: 10_000,
  realtimeRetryDelay: 3_000,
  realtimeRetries: 5,
  toastDuration: 5_000,
} as const;

export const TOKEN_TTL = {
  accessSeconds: 15 * 60,
  refreshDays: 30,
  verifyEmailHours: 24,
  resetPasswordHours: 1,
  signInLinkMinutes: 15,
} as const;

export const STORAGE_KEYS = { accessToken: 'accessToken', refreshToken: 'refreshToken' } as const;

/** The hidden form field that only bots fill in. */
export const HONEYPOT_FIELD = 'website';
