import {
  COMPANY_MESSAGES,
  type AdminCompanyList,
  type CompanyCreateData,
  type CompanyStats,
  type CompanyUpdateData,
} from '@kettle/shared';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import type { UserRow } from '../../db/rows.js';
import * as repo from './company.repository.js';
import { toAdminCompany } from './company.presenter.js';

const noCompany = () => notFound(COMPANY_MESSAGES.notFound);
const handleTaken = () =>
  conflict(COMPANY_MESSAGES.handleTaken, [{ field: 'handle', message: COMPANY_MESSAGES.handleTaken }]);

/** The unique indexes decide (one per owner, lower(handle)): a race between two creates ends in a 409 too. */
function mapConflict(error: unknown): never {
  const which = repo.companyConflict(error);
  if (which === 'handle') throw handleTaken();
  if (which === 'owner') throw conflict(COMPANY_MESSAGES.alreadyOwned);
  throw error;
}

export async function createCompany(ctx: AppContext, user: UserRow, data: CompanyCreateData): Promise<repo.CompanyRow> {
  if (await repo.findCompanyOfOwner(ctx.db, user.id)) throw conflict(COMPANY_MESSAGES.alreadyOwned);
  return repo.insertCompany(ctx.db, user.id, data).catch(mapConflict);
}

/** The user's own profile, or null when there is none yet. */
export const findOwnCompany = (ctx: AppContext, user: UserRow): Promise<repo.CompanyRow | undefined> =>
  repo.findCompanyOfOwner(ctx.db, user.id);

export async function ownCompany(ctx: AppContext, user: UserRow): Promise<repo.CompanyRow> {
  const row = await repo.findCompanyOfOwner(ctx.db, user.id);
  if (!row) throw noCompany();
  return row;
}

/** Partial: only the fields sent change; an empty website clears it. */
export async function updateOwnCompany(
  ctx: AppContext,
  user: UserRow,
  data: CompanyUpdateData,
): Promise<repo.CompanyRow> {
  const row = await ownCompany(ctx, user);
  const patch: repo.CompanyPatch = {};
  if (data.name !== undefined) patch.name = data.name;
  if (data.handle !== undefined) patch.handle = data.handle;
  if (data.website !== undefined) patch.website = data.website;
  if (data.description !== undefined) patch.description = data.description;
  if (Object.keys(patch).length === 0) return row;
  const updated = await repo.updateCompany(ctx.db, row.id, patch).catch(mapConflict);
  if (!updated) throw noCompany();
  return updated;
}

/** Deleting frees the handle for someone else; the audit log keeps who released which handle. */
export async function deleteOwnCompany(ctx: AppContext, user: UserRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await repo.deleteCompanyOfOwner(tx, user.id);
    if (!removed) throw noCompany();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'company.delete',
      targetType: 'company',
      targetId: removed.id,
      data: { name: removed.name, handle: removed.handle },
    });
  });
}

/**
 * Anyone can claim any handle, so report counts (never public) go only to a company an admin
 * verified; before that the stats hold what a visitor can see: approved teas tagging the handle
 * (a whole-handle search finds them), their votes and their published reversals.
 */
export async function ownCompanyStats(ctx: AppContext, user: UserRow): Promise<CompanyStats> {
  const row = await ownCompany(ctx, user);
  const verified = row.verifiedAt !== null;
  const stats = await repo.statsForHandle(ctx.db, row.handle);
  return { handle: row.handle, verified, ...stats, reports: verified ? stats.reports : null };
}

export async function listAllCompanies(
  ctx: AppContext,
  query: { skip: number; limit: number },
): Promise<AdminCompanyList> {
  const { rows, total } = await repo.listCompanies(ctx.db, query);
  return {
    data: rows.map((r) => toAdminCompany(r.company, r.owner)),
    metadata: { total_elements: total, skip: query.skip, limit: query.limit },
  };
}
