import { z } from 'zod';
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
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** Counts over approved posts tagging the company's handle (any letter case). */
export const companyStatsSchema = z.object({
  handle: z.string(),
  posts: z.number().int(),
  /** Sum of those posts' upvotes. */
  votes: z.number().int(),
  /** Approved reversals of those posts. */
  reversals: z.number().int(),
  /** Reports filed on those posts (comment reports not included). */
  reports: z.number().int(),
});
export type CompanyStats = z.infer<typeof companyStatsSchema>;

export const adminCompanySchema = companySchema.extend({
  owner: z.object({ id: z.uuid(), username: z.string() }),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

export const companyListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
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
} as const;
