import type { CompanyCreateData, CompanyStats } from '@kettle/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
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

export async function updateCompany(db: DbOrTx, id: string, patch: CompanyPatch): Promise<CompanyRow | undefined> {
  const [row] = await db
    .update(companies)
    .set({ ...patch, updatedAt: new Date() })
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

/**
 * Counts over the approved posts tagging a handle, in any letter case (the lower(handle) index
 * of posts serves the match): their upvotes, their approved reversals, and the reports filed
 * on them (reports of their comments are not the company's business).
 */
export async function statsForHandle(db: DbOrTx, handle: string): Promise<Omit<CompanyStats, 'handle'>> {
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

export async function listCompanies(db: DbOrTx, query: { skip: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ company: companies, owner: { id: users.id, username: users.username } })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.ownerId))
      .orderBy(desc(companies.createdAt), desc(companies.id))
      .offset(query.skip)
      .limit(query.limit),
    db.select({ n: count() }).from(companies),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
