import { sql } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/rows.js';
import { assertMayParticipate } from '../../lib/participation.js';
import { usableAccount } from '../../plugins/authenticate.js';
import { actingAs } from './two-factor.policy.js';
import { findRequestUser } from './users.service.js';

/**
 * The accounts behind a batch of spends, read by the spends' own statement rather than by one of
 * their own before it (docs/performance.md P6: a statement less per unlock, vote and comment). The
 * statement's `asked` CTE holds each reader (`reader_id`) at their place `n`; `actor` is each
 * found account with its `n`. Nothing happens for a reader unless actorMayAct holds; the statement
 * selects actorRow, and its caller hands that to actingAccount, which refuses the account as the
 * request's authentication would have: the same rules in SQL and here, so nothing is spent by an
 * account that is then refused.
 */
export const askedActorsCte = sql`actor as (select asked.n, u.* from asked join ${users} u on u.id = asked.reader_id)`;

/** In SQL, what usableAccount and assertMayParticipate require of `actor`. */
export const actorMayAct = sql`actor.is_active and actor.email_verified_at is not null
  and (actor.suspended_until is null or actor.suspended_until <= now())`;

/**
 * In SQL, whether `actor` acts as an admin (two-factor.policy actingAs): admin powers wait for
 * two-factor sign-in when the statement's `adminsNeedTwoFactor` says so (production).
 */
export const actorIsAdmin = sql`(actor.is_admin and (actor.two_factor_enabled_at is not null
  or not ${sql.placeholder('adminsNeedTwoFactor')}::boolean))`;

/** What a spend needs of its account: who it is, and mayAct's facts. */
export type Actor = Pick<
  UserRow,
  'id' | 'username' | 'isActive' | 'isAdmin' | 'emailVerifiedAt' | 'suspendedUntil' | 'twoFactorEnabledAt'
>;

/**
 * The actor as JSON, for actingAccount: only what Actor holds. The whole row (its password hash,
 * two-factor secret and seven timestamps) cost each spend about twice the text to write, parse and
 * turn into Dates, for fields no spend reads. Null when no account was found (as row_to_json of the
 * missing row was): json_build_object would answer an object of nulls.
 */
export const actorRow = sql`case when actor.id is not null then json_build_object('id', actor.id,
  'username', actor.username, 'is_active', actor.is_active, 'is_admin', actor.is_admin,
  'email_verified_at', actor.email_verified_at, 'suspended_until', actor.suspended_until,
  'two_factor_enabled_at', actor.two_factor_enabled_at) end as actor`;

/** A timestamp of actorRow (JSON text, with its offset), as the ORM maps the column. */
const instant = (value: unknown): Date | null => (value === null ? null : new Date(String(value)));

const actorOf = (raw: Record<string, unknown>): Actor => ({
  id: String(raw.id),
  username: String(raw.username),
  isActive: raw.is_active === true,
  isAdmin: raw.is_admin === true,
  emailVerifiedAt: instant(raw.email_verified_at),
  suspendedUntil: instant(raw.suspended_until),
  twoFactorEnabledAt: instant(raw.two_factor_enabled_at),
});

/**
 * The account, if it may act, as it acts (actingAs): gone is 401, deactivated 403, unconfirmed
 * address 403, suspended 403, in the order each signed-in call checks them.
 */
function mayAct<T extends Actor>(config: Pick<Config, 'isProduction'>, row: T | undefined): T {
  const user = usableAccount(row);
  assertMayParticipate(user);
  return actingAs(config, user);
}

/** The account a spend statement read (actorRow), judged by mayAct. */
export const actingAccount = (config: Pick<Config, 'isProduction'>, raw: Record<string, unknown> | null): Actor =>
  mayAct(config, raw === null ? undefined : actorOf(raw));

/** The account read on its own, judged by mayAct: for a spend refused before its statement. */
export const loadActingAccount = async (ctx: Pick<AppContext, 'db' | 'config'>, id: string): Promise<UserRow> =>
  mayAct(ctx.config, await findRequestUser(ctx.db, id));
