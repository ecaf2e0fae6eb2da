import { and, eq, inArray, or } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.js';
import { creditCoins } from '../../modules/coins/coins.service.js';
import { createCheckout } from '../../modules/payments/checkout.service.js';
import { settleDevCheckout } from '../../modules/payments/dev-checkout.service.js';
import { coinLedger, purchases, users } from '../schema.js';
import { DEMO_ACCOUNTS } from '../seed.js';
import { NEIGHBOUR_GRANT, NEIGHBOUR_PASSWORD, NEIGHBOURS, PURCHASES, type CastName } from './cast.js';
import { hoursBefore } from './clock.js';
import type { Stage, Step } from './stage.js';

const DAY_HOURS = 24;

/** True when a neighbour's name or address is already someone's: the demo then stays out. */
export async function neighbourTaken(stage: Pick<Stage, 'tx'>): Promise<boolean> {
  const rows = await stage.tx
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        inArray(
          users.email,
          NEIGHBOURS.map((n) => n.email),
        ),
        inArray(
          users.username,
          NEIGHBOURS.map((n) => n.username),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The README accounts were made at start-up; the story says they joined a month ago. */
function readmeArrivals(stage: Stage): Step[] {
  return DEMO_ACCOUNTS.map((account, i) => ({
    at: hoursBefore(stage.now, (30 - i * 0.5) * DAY_HOURS),
    tables: [],
    run: async () => {
      const [user] = await stage.tx.select().from(users).where(eq(users.email, account.email));
      if (!user) throw new Error(`demo: ${account.email} is missing`);
      const at = hoursBefore(stage.now, (30 - i * 0.5) * DAY_HOURS);
      await stage.tx.update(users).set({ createdAt: at, updatedAt: at }).where(eq(users.id, user.id));
      await stage.tx
        .update(coinLedger)
        .set({ createdAt: at })
        .where(and(eq(coinLedger.userId, user.id), inArray(coinLedger.kind, ['signup_bonus', 'demo_grant'])));
      stage.cast.set(account.username, { ...user, createdAt: at });
    },
  }));
}

/** Six neighbours join over a few days, with the sign-up bonus and a demo grant through the ledger. */
function neighbourArrivals(stage: Stage, passwordHash: Promise<string>): Step[] {
  return NEIGHBOURS.map((neighbour, i) => {
    const at = hoursBefore(stage.now, (28 - i * 0.4) * DAY_HOURS);
    return {
      at,
      tables: ['users', 'coin_ledger'],
      run: async () => {
        const [user] = await stage.tx
          .insert(users)
          .values({
            username: neighbour.username,
            email: neighbour.email,
            passwordHash: await passwordHash,
            emailVerifiedAt: at,
            createdAt: at,
          })
          .returning();
        if (!user) throw new Error('demo: user insert returned nothing');
        const bonus = stage.ctx.config.signupBonusCoins;
        if (bonus > 0) {
          await creditCoins(stage.tx, {
            userId: user.id,
            amount: bonus,
            kind: 'signup_bonus',
            reason: 'Welcome bonus',
          });
        }
        await creditCoins(stage.tx, {
          userId: user.id,
          amount: NEIGHBOUR_GRANT,
          kind: 'demo_grant',
          reason: 'Demo coins',
        });
        stage.cast.set(neighbour.username, user);
      },
    };
  });
}

/** Coin bundles bought through Kettle's dev checkout: the same signed path that credits real payments. */
function purchaseSteps(stage: Stage): Step[] {
  return PURCHASES.map(([name, plan, days]) => {
    const at = hoursBefore(stage.now, days * DAY_HOURS);
    return {
      at,
      tables: ['purchases', 'payment_events', 'coin_ledger', 'users'],
      run: async () => {
        const user = stage.cast.get(name as CastName);
        if (!user) throw new Error(`demo: ${name} buys before arriving`);
        const { session_id: sessionId } = await createCheckout(stage.ctx, user, plan);
        await settleDevCheckout(stage.ctx, user, sessionId, 'pay');
        await stage.tx
          .update(purchases)
          .set({ completedAt: new Date(at.getTime() + 90_000) })
          .where(and(eq(purchases.userId, user.id), eq(purchases.providerSessionId, sessionId)));
      },
    };
  });
}

export function arrivalSteps(stage: Stage): Step[] {
  // Hashed once for all six (argon2 is deliberately slow); started now, awaited by the first arrival.
  const passwordHash = hashPassword(NEIGHBOUR_PASSWORD);
  passwordHash.catch(() => undefined);
  return [...readmeArrivals(stage), ...neighbourArrivals(stage, passwordHash), ...purchaseSteps(stage)];
}
