import { LIMITS } from './constants.js';
import type { PostStatus } from './post-status.js';

/** Teas' limits and words (no zod here: pages that only show them stay light). */

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const ACCEPTED_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;

export const MAX_IMAGE_BYTES = LIMITS.maxImageMb * 1024 * 1024;

export const HANDLE_MAX = 50;

export const POST_MESSAGES = {
  imagesMax: `Maximum ${LIMITS.maxImages} images allowed`,
  imageTooLarge: `Max file size is ${LIMITS.maxImageMb}MB`,
  imageType: 'Only .jpg, .jpeg, .png and .webp formats are supported',
  /** Picker errors (product.md §2), shown to the user rather than only logged (decisions.md). */
  pickerTooLarge: (name: string) => `File "${name}" is too large. Maximum size is ${LIMITS.maxImageMb}MB`,
  pickerType: (name: string) => `File "${name}" is not a supported image type`,
  pickerTooMany: `Maximum ${LIMITS.maxImages} images allowed`,
  pickerFull: `Maximum ${LIMITS.maxImages} images reached`,
  submitted: 'Tea Submitted Successfully!',
  submitFailed: 'Failed to submit tea. Please try again.',
  reversalFailed: 'Failed to submit reversal. Please try again.',
  formReset: 'Form Reset',
  approved: 'Post approved successfully!',
  rejected: 'Post rejected successfully!',
  updated: 'Post updated successfully!',
  deleted: 'Post deleted successfully!',
  handleLimit: 'You can submit at most 3 teas about the same handle per day. Try again tomorrow.',
  uploadBudget: 'You have uploaded too many images in the last minute. Please wait a minute and try again.',
  imageRequests: 'Too many image requests. Please wait a minute and try again.',
  reversalOwnPost: 'You cannot submit a reversal to your own post.',
  reversalExists: 'This post already has a reversal.',
  reversalOriginalMissing: 'The original post was not found.',
  invalidTransition: (from: string, to: string) => `A ${from} post cannot be set to ${to}.`,
  invalidCategory: 'Invalid category ID',
  invalidState: 'Invalid state ID',
  attestationRequired: 'Confirm that this is your own first-hand account before you submit',
} as const;

/** The first-hand attestation a tea or reversal is submitted with; its time is kept with the tea. */
export const FIRST_HAND_ATTESTATION =
  'This is what I saw or experienced myself, and I say when something is my opinion.';

/** Moderation transitions of product.md §4; an admin edit may set any status directly. */
export const ALLOWED_TRANSITIONS: Record<PostStatus, readonly PostStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: ['approved'],
};

/** Decisions 'Privacy': what a reader who has not unlocked a post gets of its photos. */
export const IMAGE_PREVIEW_MAX_SIDE = 64;

export const LOCKED_IMAGES_NOTE =
  `While is_locked is true these are blurred previews at most ${IMAGE_PREVIEW_MAX_SIDE} px on the long side ` +
  '(show them scaled up and blurred); otherwise the full images, through signed links that expire within the hour.';

/**
 * Why the viewer may not empty this pot, or null when they may (decisions.md, Posts): the
 * server's answer travels with the post, so the page never offers a confirm that must fail.
 */
export const EMPTY_POT_REFUSALS = ['not_author', 'rejected', 'unlocked'] as const;

export type EmptyPotRefusal = (typeof EMPTY_POT_REFUSALS)[number];
