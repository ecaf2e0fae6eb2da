/** The user-facing message catalogue of product.md §8 plus the texts our own rules need. */
export const STATUS_FALLBACK: Record<number, string> = {
  400: 'Invalid request. Please check your input.',
  401: 'Authentication required. Please login again.',
  403: "You don't have permission to perform this action.",
  404: 'The requested resource was not found.',
  413: 'File too large. Maximum file size is 5MB.',
  422: 'Validation failed. Please check your input.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Server error. Please try again later.',
  503: 'Service temporarily unavailable. Please try again shortly.',
};

export const MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
  authFailedRetry: 'Authentication failed. Please try again.',
  /** No answer at all (offline, blocked): the §8 catalogue has no text for this. */
  requestFailed: 'Something went wrong. Please check your connection and try again.',
  notFound: {
    category: 'Category not found.',
    state: 'State not found.',
    post: 'Post not found.',
    comment: 'Comment not found.',
    user: 'User not found.',
  },
  auth: {
    invalidCredentials: 'Incorrect email or password.',
    inactive: 'This account has been deactivated. Please contact support.',
    emailTaken: 'An account with this email already exists.',
    usernameTaken: 'That username is already taken.',
    invalidVerifyToken: 'This verification link is invalid or has expired.',
    invalidResetToken: 'This password reset link is invalid or has expired.',
    invalidRefresh: 'Your session has expired. Please log in again.',
    wrongCurrentPassword: 'Your current password is incorrect.',
    emailNotVerified: 'Please verify your email address first.',
    tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
    signInLinkRequired:
      'Too many failed sign-in attempts on this account. For your safety, sign in with a link sent to your email instead.',
    signInLinkSent: 'Sign-in link sent! Please check your inbox.',
    invalidSignInLink: 'This sign-in link is invalid or has expired.',
    registered: 'User registered Successfully!',
    signedIn: 'Signin Successfully!',
    verified: 'Your email has been verified. You can now sign in.',
    alreadyVerified: 'Your email is already verified.',
    verificationSent: 'If that account needs verification, a new link is on its way.',
    resetSent: 'Password reset email sent! Please check your inbox.',
    resetDone: 'Password reset successful! Please login with your new password.',
    passwordUpdated: 'Password updated successfully!',
    loginFailed: 'Failed to log in',
    signupFailed: 'Failed to create account',
  },
  contact: {
    sent: "Message sent successfully! We'll get back to you soon.",
    failed: 'Failed to send message',
    failedNotice: 'Failed to send message. Please try again.',
    tooLarge: 'Request too large. Please try again.',
  },
  profile: { updated: 'Profile updated successfully!' },
  categories: { fetchFailed: 'Failed to fetch categories' },
  states: { fetchFailed: 'Failed to fetch states' },
} as const;

/** Stable machine codes sent beside `detail`. */
export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  validation: 'VALIDATION_FAILED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountInactive: 'ACCOUNT_INACTIVE',
  /** Deactivated by a ban in force: the body's `ban` says which rule, since when, how to appeal. */
  accountBanned: 'ACCOUNT_BANNED',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  accountSuspended: 'ACCOUNT_SUSPENDED',
  invalidToken: 'INVALID_TOKEN',
  /** Password sign-in is closed for this account for now; a mailed sign-in link still works. */
  signInLinkRequired: 'SIGN_IN_LINK_REQUIRED',
  insufficientCoins: 'INSUFFICIENT_COINS',
  unsupportedImage: 'UNSUPPORTED_IMAGE',
  imageTooLarge: 'IMAGE_TOO_LARGE',
  /** An admin in production without two-factor sign-in: set it up first (issue 14). */
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  /** A wrong two-factor code, or an expired challenge. */
  twoFactorInvalid: 'TWO_FACTOR_INVALID',
  /** A right two-factor code from a time step already accepted: wait for the app's next one. */
  twoFactorCodeUsed: 'TWO_FACTOR_CODE_USED',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
