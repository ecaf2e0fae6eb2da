import { PAYMENT_MESSAGES, type DevSubscriptionCheckout, formatCount } from '@kettle/shared';
import { CircleCheckBig, CircleX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DevCheckoutCard } from '@/components/dev-checkout/dev-checkout-card';
import { DevCheckoutFrame } from '@/components/dev-checkout/dev-checkout-frame';
import { Button } from '@/components/ui/button';
import { ResultCard } from '@/features/payments/components/result-card';
import { formatMoney } from '@/lib/format-money';
import { usePageTitle } from '@/lib/use-page-title';
import { useDevSubscriptionCheckoutAction } from '../api/dev-subscription-checkout-action';
import { useDevSubscriptionCheckout } from '../api/get-dev-subscription-checkout';

const ACCOUNT_SECTION = '/account#subscription';

function Summary({ checkout }: { checkout: DevSubscriptionCheckout }) {
  const { plan } = checkout;
  return (
    <dl className="grid gap-3 rounded-xl border border-border bg-muted/40 p-4 text-sm">
      <div className="flex justify-between gap-3">
        <dt className="text-muted-foreground">Plan</dt>
        <dd className="font-semibold">{plan.name}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-muted-foreground">Coins</dt>
        <dd className="font-semibold">{formatCount(plan.coins_per_period)} Tea Coins every month</dd>
      </div>
      <div className="flex justify-between gap-3 border-t border-border pt-3 text-base">
        <dt className="font-semibold">Price</dt>
        <dd className="font-bold">{formatMoney(plan.price, plan.currency)} a month</dd>
      </div>
    </dl>
  );
}

function Settled({ checkout }: { checkout: DevSubscriptionCheckout }) {
  const back = (
    <Button asChild>
      <Link to={ACCOUNT_SECTION}>Go to My Account</Link>
    </Button>
  );
  if (checkout.status === 'complete') {
    return (
      <ResultCard icon={CircleCheckBig} tone="success" title="Already Subscribed" actions={back}>
        <p>This checkout has been paid. {checkout.plan.name} is running and its first month&apos;s coins are in.</p>
      </ResultCard>
    );
  }
  return (
    <ResultCard icon={CircleX} tone="danger" title="Checkout Closed" actions={back}>
      <p>This checkout was cancelled. {PAYMENT_MESSAGES.noCharges}.</p>
    </ResultCard>
  );
}

const INTRO =
  "Kettle's test payment page: no card is needed and no money moves. Pay starts the subscription and credits its first month, as a real payment would.";
const CHOICES = ['pay', 'cancel'] as const;

function CheckoutForm({ checkout }: { checkout: DevSubscriptionCheckout }) {
  const action = useDevSubscriptionCheckoutAction(checkout.session_id);
  return (
    <DevCheckoutCard title="Kettle Test Subscription" intro={INTRO} choices={CHOICES} mutation={action}>
      <Summary checkout={checkout} />
    </DevCheckoutCard>
  );
}

/** /subscription/dev/:sessionId: the dev provider's subscription checkout (Stripe hosts its own). */
export function DevSubscriptionCheckoutPage() {
  usePageTitle('Test Subscription Checkout');
  const { sessionId = '' } = useParams();
  const query = useDevSubscriptionCheckout(sessionId);
  return (
    <DevCheckoutFrame
      query={query}
      notFoundAction={
        <Button asChild>
          <Link to={ACCOUNT_SECTION}>Go to My Account</Link>
        </Button>
      }
    >
      {(checkout) =>
        checkout.status === 'open' ? <CheckoutForm checkout={checkout} /> : <Settled checkout={checkout} />
      }
    </DevCheckoutFrame>
  );
}
