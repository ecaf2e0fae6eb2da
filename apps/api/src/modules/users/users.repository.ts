import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { uniqueViolationConstraint } from '../../lib/pg-errors.js';
import type { UserRow } from './users.presenter.js';

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function usernameTaken(db: DbOrTx, username: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return Boolean(row && row.id !== exceptUserId);
}

/** Postgres unique violations, mapped to the field they concern. */
export function uniqueViolationField(error: unknown): 'email' | 'username' | null {
  const constraint = uniqueViolationConstraint(error);
  if (constraint === null) return null;
  if (constraint.includes('email')) return 'email';
  if (constraint.includes('username')) return 'username';
  return null;
}
