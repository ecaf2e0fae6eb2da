import { PAYMENT_MESSAGES, type CheckoutStatus, type EndedPaymentStatus, formatCount } from '@kettle/shared';
import { CircleAlert, CircleCheckBig, CircleX, Clock, Home, LoaderCircle, Receipt, RotateCcw } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { planLabel } from '@/lib/format-money';
import { paymentErrorMessage, paymentStatusMessage } from '@/lib/payment-error';
import { useCheckoutResult } from '../hooks/use-checkout-result';
import { planKeyFromText, useRetryCheckout } from '../hooks/use-retry-checkout';
import { ENDED_CHECKOUT } from '../utils/payment-status';
import { RedirectCountdown } from './redirect-countdown';
import { ResultCard } from './result-card';
import { TryAgainButton } from './try-again-button';

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

/** Where a checkout's outcome is shown: paid ones on the success page, declined ones on the failure page. */
export const successPath = (sessionId: string) => `/payment/success?session_id=${encodeURIComponent(sessionId)}`;
export function failedPath(sessionId: string, plan: string | null): string {
  const planKey = planKeyFromText(plan);
  return `/payment/failed?session_id=${encodeURIComponent(sessionId)}${planKey ? `&plan=${planKey}` : ''}`;
}

/**
 * The outcome of one checkout, asked of the server until it is known. Each page shows only its own
 * outcome: a declined payment moves to the failure address, a paid one to the success address,
 * so neither address ever says the opposite of what happened.
 */
export function CheckoutResult({ sessionId, page }: { sessionId: string; page: 'success' | 'failed' }) {
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
      return page === 'success' ? <Succeeded checkout={data} /> : <Navigate replace to={successPath(sessionId)} />;
    case 'failed':
      return page === 'failed' ? (
        <Ended status="failed" plan={data.plan_id} />
      ) : (
        <Navigate replace to={failedPath(sessionId, data.plan_id)} />
      );
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
      title={title}
      actions={
        <>
          <TryAgainButton retry={retry} />
          {homeButton}
        </>
      }
    >
      <p>{failed ? 'Your payment was declined. Nothing was charged and no coins were added.' : text}</p>
      {failed ? <p className="text-sm text-muted-foreground">You can try the same bundle again.</p> : null}
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

/** A result address without a session id (an old or hand-edited link). */
export function MissingSession() {
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
