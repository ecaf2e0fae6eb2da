import { z } from './z.js';
import { adminUserSchema } from './coins.js';
import { emailField } from './fields.js';
import { usernameField } from './users.js';

/** product.md §8 'Users' texts, plus the refusals our own rules need. */
export const ADMIN_USER_MESSAGES = {
  fetchFailed: 'Failed to fetch users',
  fetchOneFailed: 'Failed to fetch user',
  balanceUpdateFailed: 'Failed to update user coin balance',
  balanceAddFailed: 'Failed to add user coin balance',
  statusFailed: 'Failed to update user status',
  updateFailed: 'Failed to update user',
  activated: 'User activated successfully!',
  deactivated: 'User deactivated successfully!',
  updated: 'User updated successfully!',
  loadFailed: 'Error Loading Users',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotDemoteSelf: 'You cannot remove your own admin rights.',
  nothingToUpdate: 'Change at least one field.',
} as const;

export const ADMIN_USER_SEARCH_MAX = 100;

/** GET /users/admin/all: search matches username or email, case-insensitive. */
export const adminUserListQuerySchema = z.object({
  search: z.string().trim().max(ADMIN_USER_SEARCH_MAX).optional(),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

/** product.md §3 'List responses': data and metadata.total_elements. */
export const adminUserListSchema = z.object({
  data: z.array(adminUserSchema),
  metadata: z.object({ total_elements: z.number().int(), skip: z.number().int(), limit: z.number().int() }),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** PUT /admin/users/{id}/status. */
export const adminUserStatusSchema = z.object({
  is_active: z.boolean({ error: 'Choose active or inactive' }),
});
export type AdminUserStatusInput = z.input<typeof adminUserStatusSchema>;

/** PUT /admin/users/{id}: a partial user, with the sign-up rules for username and email. */
export const adminUserUpdateSchema = z
  .object({
    username: usernameField.optional(),
    email: emailField().optional(),
    is_admin: z.boolean().optional(),
    is_active: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: ADMIN_USER_MESSAGES.nothingToUpdate,
  });
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateSchema>;
export type AdminUserUpdateData = z.output<typeof adminUserUpdateSchema>;

/** The 'Edit User' dialog's form: every field present; the client sends only what changed. */
export const adminUserEditFormSchema = z.object({
  username: usernameField,
  email: emailField(),
  is_admin: z.boolean(),
});
export type AdminUserEditFormInput = z.input<typeof adminUserEditFormSchema>;
