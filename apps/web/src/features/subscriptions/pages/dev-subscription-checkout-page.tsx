import { PAYMENT_MESSAGES, type DevSubscriptionCheckout, formatCount } from '@kettle/shared';
import { CircleAlert, CircleCheckBig, CircleX, FlaskConical, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ResultCard } from '@/features/payments/components/result-card';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format-money';
import { paymentErrorMessage, paymentStatusMessage } from '@/lib/payment-error';
import { toastError } from '@/lib/toast-store';
import { usePageTitle } from '@/lib/use-page-title';
import { useDevSubscriptionCheckoutAction, type DevSubscriptionAction } from '../api/dev-subscription-checkout-action';
import { useDevSubscriptionCheckout } from '../api/get-dev-subscription-checkout';
import { useFollowUrl } from '../utils/follow-url';

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

function CheckoutForm({ checkout }: { checkout: DevSubscriptionCheckout }) {
  const action = useDevSubscriptionCheckoutAction(checkout.session_id);
  const follow = useFollowUrl();
  const [leaving, setLeaving] = useState(false);
  const busy = action.isPending || leaving;

  const handleAction = (kind: DevSubscriptionAction) =>
    action.mutate(kind, {
      onSuccess: (answer) => {
        // Replace: Back from My Account must not land on a checkout that is already closed.
        if (follow(answer?.redirect_url, { replace: true })) setLeaving(true);
        else toastError(paymentStatusMessage(500), PAYMENT_MESSAGES.checkoutFailed);
      },
      onError: (error) => toastError(paymentErrorMessage(error), PAYMENT_MESSAGES.checkoutFailed),
    });

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col gap-5 px-6 py-8 sm:px-8">
        <div className="flex flex-col gap-2">
          <span className="inline-flex items-center gap-1.5 self-start rounded-full bg-accent px-3 py-1 text-xs font-semibold uppercase tracking-wide text-accent-foreground">
            <FlaskConical className="size-3.5" aria-hidden="true" /> Test checkout
          </span>
          <h1 className="font-display text-3xl font-bold">Kettle Test Subscription</h1>
          <p className="text-sm text-muted-foreground">
            Kettle&apos;s test payment page: no card is needed and no money moves. Pay starts the subscription and
            credits its first month, as a real payment would.
          </p>
        </div>
        <Summary checkout={checkout} />
        <div className="flex flex-col gap-2 sm:flex-row-reverse" aria-busy={busy}>
          <Button size="lg" className="sm:flex-1" onClick={() => handleAction('pay')} disabled={busy}>
            Pay
          </Button>
          <Button size="lg" variant="outline" onClick={() => handleAction('cancel')} disabled={busy}>
            Cancel
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** /subscription/dev/:sessionId: the dev provider's subscription checkout (Stripe hosts its own). */
export function DevSubscriptionCheckoutPage() {
  usePageTitle('Test Subscription Checkout');
  const { sessionId = '' } = useParams();
  const query = useDevSubscriptionCheckout(sessionId);

  if (query.isPending) {
    return (
      <Card role="status" aria-label="Loading checkout" className="mx-auto w-full max-w-lg">
        <CardContent className="flex flex-col gap-4 px-6 py-8 sm:px-8">
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-12 w-full" />
        </CardContent>
      </Card>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <EmptyState
        headingLevel={1}
        icon={CircleAlert}
        title={notFound ? 'Checkout Not Found' : 'Unable to Load Checkout'}
        description={paymentErrorMessage(query.error)}
        action={
          notFound ? (
            <Button asChild>
              <Link to={ACCOUNT_SECTION}>Go to My Account</Link>
            </Button>
          ) : (
            <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
              <RotateCcw aria-hidden="true" /> Try Again
            </Button>
          )
        }
      />
    );
  }
  if (query.data.status !== 'open') return <Settled checkout={query.data} />;
  return <CheckoutForm checkout={query.data} />;
}
