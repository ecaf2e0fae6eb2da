import { isEndedPaymentStatus, type DevCheckout, formatCount } from '@kettle/shared';
import { CircleCheckBig, CircleX, Home, RotateCcw, ShoppingBag } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DevCheckoutCard } from '@/components/dev-checkout/dev-checkout-card';
import { DevCheckoutFrame } from '@/components/dev-checkout/dev-checkout-frame';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format-money';
import { usePageTitle } from '@/lib/use-page-title';
import { useDevCheckoutAction } from '../api/dev-checkout-action';
import { useDevCheckout } from '../api/get-dev-checkout';
import { ResultCard } from '../components/result-card';
import { ENDED_CHECKOUT } from '../utils/payment-status';

function Summary({ checkout }: { checkout: DevCheckout }) {
  const { plan } = checkout;
  return (
    <dl className="grid gap-3 rounded-xl border border-border bg-muted/40 p-4 text-sm">
      <div className="flex justify-between gap-3">
        <dt className="text-muted-foreground">Bundle</dt>
        <dd className="font-semibold">{plan.name}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-muted-foreground">Coins</dt>
        <dd className="text-right font-semibold">
          {formatCount(plan.coins)}
          {plan.bonus_coins > 0 ? ` + ${formatCount(plan.bonus_coins)} bonus` : ''} ={' '}
          {formatCount(checkout.total_coins)} Tea Coins
        </dd>
      </div>
      <div className="flex justify-between gap-3 border-t border-border pt-3 text-base">
        <dt className="font-semibold">Price</dt>
        <dd className="font-bold">{formatMoney(plan.price, plan.currency)}</dd>
      </div>
    </dl>
  );
}

/** The checkout is no longer open: say what became of it. */
function Settled({ checkout }: { checkout: DevCheckout }) {
  const home = (
    <Button asChild variant="outline">
      <Link to="/">
        <Home aria-hidden="true" /> Go to Home
      </Link>
    </Button>
  );
  if (checkout.payment_status === 'succeeded') {
    return (
      <ResultCard
        icon={CircleCheckBig}
        tone="success"
        title="Already Paid"
        actions={
          <>
            <Button asChild>
              <Link to={`/payment/success?session_id=${encodeURIComponent(checkout.session_id)}`}>See Your Coins</Link>
            </Button>
            {home}
          </>
        }
      >
        <p>This checkout has been paid. Its {formatCount(checkout.total_coins)} coins are in your account.</p>
      </ResultCard>
    );
  }
  const status = checkout.payment_status;
  const buyCoins = (
    <>
      <Button asChild>
        <Link to="/buy-coins">
          <ShoppingBag aria-hidden="true" /> Buy Coins
        </Link>
      </Button>
      {home}
    </>
  );
  if (isEndedPaymentStatus(status)) {
    const { title, text } = ENDED_CHECKOUT[status];
    return (
      <ResultCard icon={CircleX} tone={status === 'failed' ? 'danger' : 'neutral'} title={title} actions={buyCoins}>
        <p>{text}</p>
      </ResultCard>
    );
  }
  return (
    <ResultCard icon={RotateCcw} title="Payment Refunded" actions={buyCoins}>
      <p>This payment was refunded and its coins were taken back.</p>
    </ResultCard>
  );
}

const INTRO =
  "This is Kettle's test payment page. No card is needed and no money moves: Pay completes the purchase as a real payment would, Decline makes it fail, Cancel ends it unpaid.";

const CHOICES = ['pay', 'decline', 'cancel'] as const;

function CheckoutForm({ checkout }: { checkout: DevCheckout }) {
  const action = useDevCheckoutAction(checkout.session_id);
  return (
    <DevCheckoutCard title="Kettle Test Checkout" intro={INTRO} choices={CHOICES} mutation={action}>
      <Summary checkout={checkout} />
    </DevCheckoutCard>
  );
}

/** /checkout/dev/:sessionId: the dev provider's checkout, where the test card is 'Pay', 'Decline' or 'Cancel'. */
export function DevCheckoutPage() {
  usePageTitle('Test Checkout');
  const { sessionId = '' } = useParams();
  const query = useDevCheckout(sessionId);
  return (
    <DevCheckoutFrame
      query={query}
      notFoundAction={
        <Button asChild>
          <Link to="/buy-coins">Buy Coins</Link>
        </Button>
      }
    >
      {(checkout) =>
        checkout.payment_status === 'pending' ? <CheckoutForm checkout={checkout} /> : <Settled checkout={checkout} />
      }
    </DevCheckoutFrame>
  );
}
