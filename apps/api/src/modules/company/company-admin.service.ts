import { COMPANY_MESSAGES, type AdminCompany, type AdminCompanyList, type AdminCompanyListQuery } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { notify } from '../../lib/notify.js';
import type { UserRow } from '../../db/rows.js';
import { toAdminCompany } from './company.presenter.js';
import * as repo from './company.repository.js';

const companyNotFound = () => notFound(COMPANY_MESSAGES.adminNotFound);

export async function listCompaniesForAdmin(ctx: AppContext, query: AdminCompanyListQuery): Promise<AdminCompanyList> {
  const verified = query.verified === undefined ? undefined : query.verified === 'true';
  const { rows, total } = await repo.listCompanies(ctx.db, { ...query, verified });
  return {
    data: rows.map((r) => toAdminCompany(r.company, r.owner)),
    metadata: { total_elements: total, skip: query.skip, limit: query.limit },
  };
}

type Change = { verify: true; handle: string } | { verify: false };

/**
 * POST /admin/companies/{id}/verify and /unverify. The row is locked, so a handle change waits
 * (and then drops the verification); verifying needs the handle the admin checked, so one
 * changed meanwhile is refused. A request that changes nothing records nothing. The audit row
 * and the owner's notice commit with the change.
 */
export async function setCompanyVerification(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  change: Change,
): Promise<AdminCompany> {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.lockCompany(tx, id);
    if (!before) throw companyNotFound();
    if (change.verify && before.handle.toLowerCase() !== change.handle.toLowerCase()) {
      throw conflict(COMPANY_MESSAGES.handleChanged);
    }
    const wasVerified = before.verifiedAt !== null;
    const row =
      wasVerified === change.verify ? before : await repo.setVerification(tx, id, change.verify ? admin.id : null);
    if (!row) throw companyNotFound();
    if (row !== before) {
      await recordAudit(tx, {
        actorId: admin.id,
        action: change.verify ? 'company.verify' : 'company.unverify',
        targetType: 'company',
        targetId: id,
        data: { handle: before.handle, before: { verified: wasVerified }, after: { verified: change.verify } },
      });
      const text = COMPANY_MESSAGES.notice;
      await notify(tx, {
        userId: before.ownerId,
        kind: change.verify ? 'company_verified' : 'company_unverified',
        title: change.verify ? text.verifiedTitle : text.unverifiedTitle,
        body: change.verify ? text.verifiedBody(before.handle) : text.unverifiedBody(before.handle),
        link: '/account',
      });
    }
    const [owner] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(users.id, row.ownerId));
    if (!owner) throw companyNotFound();
    return toAdminCompany(row, owner);
  });
}
