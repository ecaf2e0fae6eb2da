import { banNoticeSchema } from './account-standing.js';
import { z } from './z.js';

/** Every error the API sends has this shape (product.md §8, architecture doc). */
export const errorResponseSchema = z
  .object({
    detail: z.string(),
    code: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    /** With ACCOUNT_BANNED: the ban's rule, date and appeal link. */
    ban: banNoticeSchema.optional(),
  })
  .register(z.globalRegistry, { id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
