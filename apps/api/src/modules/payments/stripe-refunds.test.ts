import type { LedgerList, TransactionList } from '@kettle/shared';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { signedIn, type Auth } from '../../../test/posts-kit.js';
import { approvedPost, unlock } from '../../../test/reading-kit.js';
import { type FakeStripe, type StripeJson } from '../../../test/fake-stripe.js';
import {
  accountOf,
  ledgerRows,
  purchaseOf,
  startCheckout,
  deliverStripeEvent,
  useStripeApp,
} from '../../../test/payments-kit.js';

let fake: FakeStripe;
let app: TestApp;
let author: Awaited<ReturnType<typeof signedIn>>;
useStripeApp(async (made) => {
  ({ fake, app } = made);
  author = await signedIn(app);
});

async function deliver(type: string, object: StripeJson) {
  const res = await deliverStripeEvent(app, fake, type, object);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** A paid, credited checkout of `plan`; answers its session id. */
async function buy(auth: Auth, plan: string): Promise<string> {
  const { session_id: sessionId } = await startCheckout(app, auth, plan);
  await deliver('checkout.session.completed', fake.completeSession(sessionId));
  expect((await purchaseOf(app, sessionId)).status).toBe('succeeded');
  return sessionId;
}

describe('refunds and disputes take the coins back', () => {
  it('a refund after spending freezes the account, never a negative balance; the next purchase settles it', async () => {
    const { user, auth } = await signedIn(app);
    const sessionId = await buy(auth, 'gold');
    const dear = await approvedPost(app, author.user.id, { unlockPrice: 900 });
    expect((await unlock(app, auth, dear.id)).statusCode).toBe(200);
    expect(await accountOf(app, user.id)).toEqual({ balance: 20, debt: 0 });

    await deliver('charge.refunded', fake.chargeFor(sessionId, 2999));
    expect(await accountOf(app, user.id)).toEqual({ balance: 0, debt: 900 });
    const purchase = await purchaseOf(app, sessionId);
    expect(purchase).toMatchObject({ status: 'refunded', coinsReversed: 920 });
    const [reversal] = await ledgerRows(app, user.id, 'purchase_reversal');
    expect(reversal).toMatchObject({
      delta: -20,
      balanceAfter: 0,
      reason: 'Card payment refunded: Gold bundle (900 coins owed)',
      referenceId: purchase.id,
    });

    // Frozen: spending is refused even with coins from elsewhere, and nothing is charged.
    const cheap = await approvedPost(app, author.user.id, { unlockPrice: 5 });
    expect((await app.inject({ method: 'POST', url: `${API}/coins/daily-drop`, headers: auth })).statusCode).toBe(200);
    const refused = await unlock(app, auth, cheap.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'Your account has a payment reversal to settle before you can spend coins. Buying coins settles it.',
      code: 'ACCOUNT_FROZEN',
    });
    expect(await accountOf(app, user.id)).toEqual({ balance: 10, debt: 900 });

    // The refund again (retried, or a second event for the same charge) takes nothing more.
    await deliver('charge.refunded', fake.chargeFor(sessionId, 2999));
    expect(await accountOf(app, user.id)).toEqual({ balance: 10, debt: 900 });

    // The next purchase settles the debt first: credit and settlement both in the ledger.
    await buy(auth, 'whale');
    expect(await accountOf(app, user.id)).toEqual({ balance: 1510, debt: 0 });
    const ledger = await app.inject({ method: 'GET', url: `${API}/coins/ledger?limit=3`, headers: auth });
    expect(ledger.json<LedgerList>().data.map((e) => [e.kind, e.delta, e.balance_after])).toEqual([
      ['purchase_reversal', -900, 1510],
      ['purchase', 2400, 2410],
      ['daily_drop', 10, 10],
    ]);
    expect((await unlock(app, auth, cheap.id)).statusCode).toBe(200);
    expect(await accountOf(app, user.id)).toEqual({ balance: 1505, debt: 0 });

    const history = await app.inject({ method: 'GET', url: `${API}/payments/transactions`, headers: auth });
    expect(history.json<TransactionList>().data.map((t) => [t.plan_id, t.payment_status])).toEqual([
      ['whale', 'succeeded'],
      ['gold', 'refunded'],
    ]);
  });

  it('a refund of unspent coins takes them all and freezes nothing', async () => {
    const { user, auth } = await signedIn(app, { coins: 15 });
    const sessionId = await buy(auth, 'silver');
    await deliver('charge.refunded', fake.chargeFor(sessionId, 1299));
    expect(await accountOf(app, user.id)).toEqual({ balance: 15, debt: 0 });
    const post = await approvedPost(app, author.user.id, { unlockPrice: 15 });
    expect((await unlock(app, auth, post.id)).statusCode).toBe(200);
  });

  it('a partial refund takes back its share of the coins; the rest of the refund later takes the remainder', async () => {
    const { user, auth } = await signedIn(app);
    const sessionId = await buy(auth, 'bronze');
    await deliver('charge.refunded', fake.chargeFor(sessionId, 250));
    expect(await accountOf(app, user.id)).toEqual({ balance: 50, debt: 0 });
    expect(await purchaseOf(app, sessionId)).toMatchObject({ status: 'succeeded', coinsReversed: 50 });
    await deliver('charge.refunded', fake.chargeFor(sessionId, 499));
    expect(await accountOf(app, user.id)).toEqual({ balance: 0, debt: 0 });
    expect(await purchaseOf(app, sessionId)).toMatchObject({ status: 'refunded', coinsReversed: 100 });
    expect(await ledgerRows(app, user.id, 'purchase_reversal')).toHaveLength(2);
  });

  it('a dispute takes the coins back like a refund (frozen when spent), once', async () => {
    const { user, auth } = await signedIn(app);
    const sessionId = await buy(auth, 'silver');
    const post = await approvedPost(app, author.user.id, { unlockPrice: 300 });
    expect((await unlock(app, auth, post.id)).statusCode).toBe(200);
    const dispute = fake.disputeFor(sessionId);
    await deliver('charge.dispute.created', dispute);
    expect(await accountOf(app, user.id)).toEqual({ balance: 0, debt: 300 });
    const [row] = await ledgerRows(app, user.id, 'purchase_reversal');
    expect(row?.reason).toBe('Card payment disputed: Silver bundle (300 coins owed)');
    await deliver('charge.dispute.created', dispute);
    expect(await accountOf(app, user.id)).toEqual({ balance: 0, debt: 300 });
    expect(await purchaseOf(app, sessionId)).toMatchObject({ status: 'refunded', coinsReversed: 330 });
  });

  it('refund notifications racing each other take the coins back once', async () => {
    const { user, auth } = await signedIn(app);
    const sessionId = await buy(auth, 'gold');
    const charge = fake.chargeFor(sessionId, 2999);
    await Promise.all(Array.from({ length: 8 }, () => deliver('charge.refunded', charge)));
    expect(await accountOf(app, user.id)).toEqual({ balance: 0, debt: 0 });
    expect(await ledgerRows(app, user.id, 'purchase_reversal')).toHaveLength(1);
  });

  it('ignores refunds of charges that are not ours and of checkouts never paid', async () => {
    const { user, auth } = await signedIn(app, { coins: 40 });
    const { session_id: unpaid } = await startCheckout(app, auth, 'gold');
    fake.completeSession(unpaid, 'unpaid');
    await deliver('charge.refunded', fake.chargeFor(unpaid, 2999));
    await deliver('charge.refunded', { ...fake.chargeFor(unpaid, 2999), payment_intent: 'pi_test_someone_else' });
    expect(await accountOf(app, user.id)).toEqual({ balance: 40, debt: 0 });
    expect((await purchaseOf(app, unpaid)).status).toBe('pending');
  });
});
