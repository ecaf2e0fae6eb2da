import type { CompanyCreateData } from '@kettle/shared';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, posts, reports, users } from '../../db/schema.js';
import { uniqueViolationConstraint } from '../../lib/pg-errors.js';
import { rowsOf } from '../../lib/sql-rows.js';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyPatch = Partial<Pick<CompanyRow, 'name' | 'handle' | 'website' | 'description'>>;

export async function findCompanyOfOwner(db: DbOrTx, ownerId: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.ownerId, ownerId));
  return row;
}

export async function insertCompany(db: DbOrTx, ownerId: string, data: CompanyCreateData): Promise<CompanyRow> {
  const [row] = await db
    .insert(companies)
    .values({
      ownerId,
      name: data.name,
      handle: data.handle,
      website: data.website ?? null,
      description: data.description ?? '',
    })
    .returning();
  if (!row) throw new Error('insertCompany: no row returned');
  return row;
}

/**
 * A new handle (not merely a new letter case) drops the verification in the same statement, so
 * an admin's verification of the old handle can never carry over to the new one.
 */
export async function updateCompany(db: DbOrTx, id: string, patch: CompanyPatch): Promise<CompanyRow | undefined> {
  const sameHandle = patch.handle === undefined ? sql`true` : sql`lower(${companies.handle}) = lower(${patch.handle})`;
  const [row] = await db
    .update(companies)
    .set({
      ...patch,
      verifiedAt: sql`case when ${sameHandle} then ${companies.verifiedAt} end`,
      verifiedBy: sql`case when ${sameHandle} then ${companies.verifiedBy} end`,
      updatedAt: new Date(),
    })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

export async function deleteCompanyOfOwner(db: DbOrTx, ownerId: string): Promise<CompanyRow | undefined> {
  const [row] = await db.delete(companies).where(eq(companies.ownerId, ownerId)).returning();
  return row;
}

/** Which unique rule an insert or update broke: one company per owner, or a handle already claimed. */
export function companyConflict(error: unknown): 'owner' | 'handle' | null {
  const constraint = uniqueViolationConstraint(error);
  if (constraint === null) return null;
  if (constraint.includes('handle')) return 'handle';
  if (constraint.includes('owner')) return 'owner';
  return null;
}

export type HandleCounts = { posts: number; votes: number; reversals: number; reports: number };

/**
 * Counts over the approved posts tagging a handle, in any letter case (the lower(handle) index
 * of posts serves the match): their upvotes, their approved reversals, and the reports filed
 * on them (reports of their comments are not the company's business).
 */
export async function statsForHandle(db: DbOrTx, handle: string): Promise<HandleCounts> {
  const result = await db.execute(sql`
    with tagged as (
      select id, vote_count from ${posts}
      where status = 'approved' and lower(tagged_handle) = lower(${handle})
    )
    select
      (select count(*) from tagged)::int as posts,
      (select coalesce(sum(vote_count), 0) from tagged)::int as votes,
      (select count(*) from ${posts} r
        where r.status = 'approved' and r.original_post_id in (select id from tagged))::int as reversals,
      (select count(*) from ${reports} rp
        where rp.kind = 'post' and rp.post_id in (select id from tagged))::int as reports`);
  const [row] = rowsOf<{ posts: number; votes: number; reversals: number; reports: number }>(result);
  return {
    posts: Number(row?.posts ?? 0),
    votes: Number(row?.votes ?? 0),
    reversals: Number(row?.reversals ?? 0),
    reports: Number(row?.reports ?? 0),
  };
}

/** The company under a row lock, so a verification and a handle change cannot interleave. */
export async function lockCompany(db: DbOrTx, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('update');
  return row;
}

export async function setVerification(
  db: DbOrTx,
  id: string,
  verifiedBy: string | null,
): Promise<CompanyRow | undefined> {
  const [row] = await db
    .update(companies)
    .set({ verifiedAt: verifiedBy ? new Date() : null, verifiedBy, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

export type CompanyListFilter = { skip: number; limit: number; search?: string; verified?: boolean };

/** A contains-pattern with LIKE's wildcards taken literally (search text is text, not a pattern). */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function listWhere(filter: CompanyListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.search) {
    const pattern = likeText(filter.search);
    const match = or(ilike(companies.name, pattern), ilike(companies.handle, pattern), ilike(users.username, pattern));
    if (match) conditions.push(match);
  }
  if (filter.verified !== undefined) {
    conditions.push(filter.verified ? isNotNull(companies.verifiedAt) : isNull(companies.verifiedAt));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Newest first, with the owner; the companies table is small, so ILIKE is enough. */
export async function listCompanies(db: DbOrTx, filter: CompanyListFilter) {
  const where = listWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ company: companies, owner: { id: users.id, username: users.username } })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.ownerId))
      .where(where)
      .orderBy(desc(companies.createdAt), desc(companies.id))
      .offset(filter.skip)
      .limit(filter.limit),
    db.select({ n: count() }).from(companies).innerJoin(users, eq(users.id, companies.ownerId)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
