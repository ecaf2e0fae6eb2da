import { PAYMENT_MESSAGES, type CheckoutStatus, type EndedPaymentStatus, formatCount } from '@kettle/shared';
import { CircleAlert, CircleCheckBig, CircleX, Clock, Home, LoaderCircle, Receipt, RotateCcw } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { planLabel } from '@/lib/format-money';
import { paymentErrorMessage, paymentStatusMessage } from '@/lib/payment-error';
import { RedirectCountdown } from '../components/redirect-countdown';
import { ResultCard } from '../components/result-card';
import { TryAgainButton } from '../components/try-again-button';
import { useCheckoutResult } from '../hooks/use-checkout-result';
import { useRetryCheckout } from '../hooks/use-retry-checkout';
import { ENDED_CHECKOUT } from '../utils/payment-status';

const homeButton = (
  <Button asChild variant="outline">
    <Link to="/">
      <Home aria-hidden="true" /> Go to Home
    </Link>
  </Button>
);

const historyButton = (
  <Button asChild variant="outline">
    <Link to="/transactions">
      <Receipt aria-hidden="true" /> View Transactions
    </Link>
  </Button>
);

function Succeeded({ checkout }: { checkout: CheckoutStatus }) {
  return (
    <ResultCard
      icon={CircleCheckBig}
      tone="success"
      title={PAYMENT_MESSAGES.successTitle}
      actions={
        <>
          <Button asChild>
            <Link to="/">
              <Home aria-hidden="true" /> Go to Home
            </Link>
          </Button>
          {historyButton}
        </>
      }
    >
      <p className="text-lg">
        <strong>{formatCount(checkout.total_coins)} Tea Coins</strong> from the {planLabel(checkout.plan_id)} bundle are
        in your account.
      </p>
      <p className="text-sm text-muted-foreground">
        Your balance is now <strong>{formatCount(checkout.coin_balance)}</strong> coins.
      </p>
      <RedirectCountdown />
    </ResultCard>
  );
}

/** The outcome of one checkout, asked of the server until it is known. */
function CheckoutResult({ sessionId }: { sessionId: string }) {
  const { query, timedOut } = useCheckoutResult(sessionId);
  const { data, error } = query;
  const retry = (
    <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
      <RotateCcw aria-hidden="true" /> {data ? 'Check Again' : 'Try Again'}
    </Button>
  );

  if (!data) {
    if (query.isPending) return <Confirming />;
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <ResultCard
        icon={CircleAlert}
        tone="danger"
        title={notFound ? 'Payment Not Found' : 'Unable to Check Payment'}
        actions={
          <>
            {notFound ? historyButton : retry}
            {homeButton}
          </>
        }
      >
        <p>{paymentErrorMessage(error)}</p>
      </ResultCard>
    );
  }

  switch (data.payment_status) {
    case 'succeeded':
      return <Succeeded checkout={data} />;
    case 'failed':
    case 'cancelled':
    case 'expired':
      return <Ended status={data.payment_status} plan={data.plan_id} />;
    case 'refunded':
      return (
        <ResultCard
          icon={RotateCcw}
          title="Payment Refunded"
          actions={
            <>
              {historyButton}
              {homeButton}
            </>
          }
        >
          <p>This payment was refunded and its coins were taken back.</p>
        </ResultCard>
      );
    default:
      return timedOut ? (
        <ResultCard
          icon={Clock}
          title="Payment Processing"
          actions={
            <>
              {retry}
              {historyButton}
              {homeButton}
            </>
          }
        >
          <p>Your payment is still being confirmed. The coins will be added as soon as it is.</p>
          <p className="text-sm text-muted-foreground">You can follow it in your transaction history.</p>
        </ResultCard>
      ) : (
        <Confirming />
      );
  }
}

/** Not paid, and it will not be: say how it ended, and offer the same bundle again. */
function Ended({ status, plan }: { status: EndedPaymentStatus; plan: string }) {
  const retry = useRetryCheckout(plan);
  const failed = status === 'failed';
  const { title, text } = ENDED_CHECKOUT[status];
  return (
    <ResultCard
      icon={CircleX}
      tone={failed ? 'danger' : 'neutral'}
      title={failed ? 'Payment Failed' : title}
      actions={
        <>
          <TryAgainButton retry={retry} />
          {homeButton}
        </>
      }
    >
      <p>{failed ? 'Your payment did not go through, so no coins were added.' : text}</p>
    </ResultCard>
  );
}

function Confirming() {
  return (
    <ResultCard icon={LoaderCircle} busy title="Confirming Payment">
      <p role="status">Confirming your payment with the card provider. This usually takes a few seconds.</p>
    </ResultCard>
  );
}

/** product.md §2 /payment/success?session_id=…: the coins credited, then home after 10 seconds. */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';

  if (!sessionId) {
    return (
      <ResultCard
        icon={CircleAlert}
        tone="danger"
        title="Payment Not Found"
        actions={
          <>
            {historyButton}
            {homeButton}
          </>
        }
      >
        <p>{paymentStatusMessage(404)}</p>
      </ResultCard>
    );
  }
  return <CheckoutResult key={sessionId} sessionId={sessionId} />;
}
