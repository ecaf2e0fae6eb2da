import {
  isEndedPaymentStatus,
  PAYMENT_MESSAGES,
  type DevCheckout,
  type DevCheckoutAction,
  formatCount,
} from '@kettle/shared';
import { CircleAlert, CircleCheckBig, CircleX, FlaskConical, Home, RotateCcw, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { checkoutUrl, inAppPath } from '@/lib/checkout-url';
import { formatMoney } from '@/lib/format-money';
import { paymentErrorMessage, paymentStatusMessage } from '@/lib/payment-error';
import { toastError } from '@/lib/toast-store';
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

function CheckoutForm({ checkout }: { checkout: DevCheckout }) {
  const navigate = useNavigate();
  const action = useDevCheckoutAction(checkout.session_id);
  const [leaving, setLeaving] = useState(false);
  const busy = action.isPending || leaving;

  const go = (raw: unknown) => {
    const url = checkoutUrl(raw);
    if (!url) {
      toastError(paymentStatusMessage(500), PAYMENT_MESSAGES.checkoutFailed);
      return;
    }
    setLeaving(true);
    const path = inAppPath(url);
    // Replace: Back from the result must not land on a checkout that is already settled.
    if (path) void navigate(path, { replace: true });
    else window.location.assign(url.href);
  };

  const handleAction = (kind: DevCheckoutAction) =>
    action.mutate(kind, {
      onSuccess: (answer) => go(answer?.redirect_url),
      onError: (error) => toastError(paymentErrorMessage(error), PAYMENT_MESSAGES.checkoutFailed),
    });

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col gap-5 px-6 py-8 sm:px-8">
        <div className="flex flex-col gap-2">
          <span className="inline-flex items-center gap-1.5 self-start rounded-full bg-accent px-3 py-1 text-xs font-semibold uppercase tracking-wide text-accent-foreground">
            <FlaskConical className="size-3.5" aria-hidden="true" /> Test checkout
          </span>
          <h1 className="font-display text-3xl font-bold">Kettle Test Checkout</h1>
          <p className="text-sm text-muted-foreground">
            This is Kettle&apos;s test payment page. No card is needed and no money moves: Pay completes the purchase as
            a real payment would, Decline makes it fail, Cancel ends it unpaid.
          </p>
        </div>
        <Summary checkout={checkout} />
        <div className="flex flex-col gap-2 sm:flex-row-reverse" aria-busy={busy}>
          <Button size="lg" className="sm:flex-1" onClick={() => handleAction('pay')} disabled={busy}>
            Pay
          </Button>
          <Button size="lg" variant="destructive" onClick={() => handleAction('decline')} disabled={busy}>
            Decline
          </Button>
          <Button size="lg" variant="outline" onClick={() => handleAction('cancel')} disabled={busy}>
            Cancel
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function CheckoutSkeleton() {
  return (
    <Card role="status" aria-label="Loading checkout" className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col gap-4 px-6 py-8 sm:px-8">
        <Skeleton className="h-6 w-32 rounded-full" />
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-12 w-full" />
      </CardContent>
    </Card>
  );
}

/** /checkout/dev/:sessionId: the dev provider's checkout, where the test card is 'Pay', 'Decline' or 'Cancel'. */
export function DevCheckoutPage() {
  usePageTitle('Test Checkout');
  const { sessionId = '' } = useParams();
  const query = useDevCheckout(sessionId);

  if (query.isPending) return <CheckoutSkeleton />;
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
              <Link to="/buy-coins">Buy Coins</Link>
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
  if (query.data.payment_status !== 'pending') return <Settled checkout={query.data} />;
  return <CheckoutForm checkout={query.data} />;
}
