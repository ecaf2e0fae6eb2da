import { MESSAGES, type CurrentUser } from '@kettle/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { builtOnce } from '../../db/prepared.js';
import type { UserRow } from '../../db/rows.js';
import { users } from '../../db/schema.js';
import { conflict } from '../../lib/app-error.js';
import { uniqueViolationConstraint } from '../../lib/pg-errors.js';
import { toCurrentUser } from './users.presenter.js';
import { renameUser } from './users.repository.js';

// What other modules ask of accounts (sign-in, sign-up, a token's subject, a notice's addressee)
// lives here; the admin's list and locks stay in users.repository.

const userById = builtOnce('kettle_user_by_id', (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1),
);

/** The signed-in user of a request (every signed-in call asks): a statement prepared once. */
export async function findRequestUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ id });
  return row;
}

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

export async function emailTaken(db: DbOrTx, email: string, exceptUserId?: string): Promise<boolean> {
  const row = await findUserByEmail(db, email);
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

/** The caller's own account, as GET /auth/me and GET /user/profile both answer it. */
export const ownProfile = (ctx: AppContext, user: UserRow): CurrentUser => toCurrentUser(user, ctx.config);

const usernameConflict = () =>
  conflict(MESSAGES.auth.usernameTaken, [{ field: 'username', message: MESSAGES.auth.usernameTaken }]);

/** PATCH /user/profile: a name someone else holds is 409, whether checked first or lost in a race. */
export async function changeUsername(ctx: AppContext, user: UserRow, username: string): Promise<CurrentUser> {
  if (await usernameTaken(ctx.db, username, user.id)) throw usernameConflict();
  try {
    return toCurrentUser((await renameUser(ctx.db, user.id, username)) ?? user, ctx.config);
  } catch (error) {
    if (uniqueViolationField(error) === 'username') throw usernameConflict();
    throw error;
  }
}
