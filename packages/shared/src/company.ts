import { z } from './z.js';
import { HANDLE_MAX } from './posts.js';

/**
 * Company profiles (decisions.md): a brand or public figure claims the handle posts tag.
 * One per user; a handle belongs to one company, whatever its letter case.
 */
export const COMPANY_NAME_MAX = 100;
export const COMPANY_DESCRIPTION_MAX = 1000;
export const COMPANY_WEBSITE_MAX = 2000;

/** An empty optional field means "not given" (forms send ''). */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
/** On update an empty website clears it. */
const emptyToNull = (value: unknown) => (value === '' ? null : value);

const nameField = z
  .string({ error: 'Company name is required' })
  .trim()
  .min(1, 'Company name is required')
  .max(COMPANY_NAME_MAX, `Company name must be at most ${COMPANY_NAME_MAX} characters`);

/**
 * The same rule as a post's tagged handle (posts.ts), so a company's handle can match the posts
 * that tag it. The leading '@' may be left out; it is added.
 */
const handleField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() && !value.trim().startsWith('@') ? `@${value.trim()}` : value),
  z
    .string({ error: 'Handle is required' })
    .trim()
    .min(1, 'Handle is required')
    .max(HANDLE_MAX, `Handle must be at most ${HANDLE_MAX} characters`)
    .regex(/^@[A-Za-z0-9_]+$/, 'Handle must start with @ and contain only letters, numbers, and underscores'),
);

const websiteField = z
  .url({ error: 'Must be a valid URL', protocol: /^https?$/ })
  .max(COMPANY_WEBSITE_MAX, 'Must be a valid URL');

const descriptionField = z
  .string()
  .trim()
  .max(COMPANY_DESCRIPTION_MAX, `Description must be at most ${COMPANY_DESCRIPTION_MAX} characters`);

export const companyCreateSchema = z.object({
  name: nameField,
  handle: handleField,
  website: z.preprocess(emptyToUndefined, websiteField.optional()),
  description: z.preprocess(emptyToUndefined, descriptionField.optional()),
});
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;
export type CompanyCreateData = z.output<typeof companyCreateSchema>;

/** PUT /company is partial: fields left out stay as they are; an empty website clears it. */
export const companyUpdateSchema = z.object({
  name: nameField.optional(),
  handle: handleField.optional(),
  website: z.preprocess(emptyToNull, websiteField.nullable().optional()),
  description: descriptionField.optional(),
});
export type CompanyUpdateInput = z.input<typeof companyUpdateSchema>;
export type CompanyUpdateData = z.output<typeof companyUpdateSchema>;

export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  handle: z.string(),
  website: z.string().nullable(),
  description: z.string(),
  /** An admin checked that the company owns the handle; changing the handle clears it. */
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/**
 * Counts over approved posts tagging the company's handle (any letter case). Anyone can claim a
 * handle, so until an admin verifies the company only what a visitor can already see is given
 * (teas, their votes, their published reversals); report counts wait for verification.
 */
export const companyStatsSchema = z.object({
  handle: z.string(),
  verified: z.boolean(),
  posts: z.number().int(),
  /** Sum of those posts' upvotes. */
  votes: z.number().int(),
  /** Approved reversals of those posts. */
  reversals: z.number().int(),
  /** Reports filed on those posts (comment reports not included); null until verified. */
  reports: z.number().int().nullable(),
});
export type CompanyStats = z.infer<typeof companyStatsSchema>;

export const adminCompanySchema = companySchema.extend({
  owner: z.object({ id: z.uuid(), username: z.string() }),
  /** The admin who verified it (null when not verified, or when that admin's account is gone). */
  verified_by: z.uuid().nullable(),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

export const companyListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const COMPANY_SEARCH_MAX = 100;

/** GET /admin/companies: name, handle or owner search, a verified filter, paging. */
export const adminCompanyListQuerySchema = companyListQuerySchema.extend({
  search: z
    .string()
    .trim()
    .max(COMPANY_SEARCH_MAX, `Search must be at most ${COMPANY_SEARCH_MAX} characters`)
    .optional(),
  verified: z.enum(['true', 'false']).optional(),
});
export type AdminCompanyListQuery = z.output<typeof adminCompanyListQuerySchema>;

/**
 * The admin names the handle they checked: if the owner changed it meanwhile, the verification
 * is refused instead of vouching for a handle nobody looked at.
 */
export const companyVerifySchema = z.object({
  handle: z
    .string()
    .trim()
    .min(1)
    .max(HANDLE_MAX + 1),
});
export type CompanyVerifyInput = z.input<typeof companyVerifySchema>;

export const adminCompanyListSchema = z.object({
  data: z.array(adminCompanySchema),
  metadata: z.object({ total_elements: z.number().int(), skip: z.number().int(), limit: z.number().int() }),
});
export type AdminCompanyList = z.infer<typeof adminCompanyListSchema>;

export const COMPANY_MESSAGES = {
  notFound: 'You have no company profile yet.',
  alreadyOwned: 'You already have a company profile.',
  handleTaken: 'This handle is already claimed by another company.',
  created: 'Company profile created.',
  updated: 'Company profile updated.',
  deleted: 'Company profile deleted.',
  loadFailed: 'Unable to load your company profile',
  statsFailed: 'Unable to load the numbers',
  verified: 'Verified',
  notVerified: 'Not verified — an admin checks that you own this handle before private figures are shown',
  reportsHidden: 'Shown once verified',
  adminNotFound: 'Company not found.',
  handleChanged: 'The handle changed since the list was loaded. Check the new handle first.',
  verifyDone: (name: string) => `${name} is verified.`,
  unverifyDone: (name: string) => `${name} is no longer verified.`,
  verifyFailed: 'Unable to change the verification',
  listFailed: 'Unable to load companies',
  empty: 'No companies yet.',
  noMatch: 'No companies match your search.',
  notice: {
    verifiedTitle: 'Your company is verified',
    verifiedBody: (handle: string) =>
      `An admin confirmed that you own ${handle}. Your company stats now show every figure.`,
    unverifiedTitle: 'Your company is no longer verified',
    unverifiedBody: (handle: string) =>
      `An admin removed the verification of ${handle}. Private figures are hidden until it is verified again.`,
  },
} as const;
