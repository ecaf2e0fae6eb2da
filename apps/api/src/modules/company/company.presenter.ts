import type { AdminCompany, Company } from '@kettle/shared';
import type { CompanyRow } from './company.repository.js';

/** Every field listed; the owner's id stays on the server except for admins. */
export const toCompany = (row: CompanyRow): Company => ({
  id: row.id,
  name: row.name,
  handle: row.handle,
  website: row.website,
  description: row.description,
  verified: row.verifiedAt !== null,
  verified_at: row.verifiedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const toAdminCompany = (row: CompanyRow, owner: { id: string; username: string }): AdminCompany => ({
  ...toCompany(row),
  owner,
  verified_by: row.verifiedBy,
});
