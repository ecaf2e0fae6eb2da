import { PAYMENT_MESSAGES } from '@kettle/shared';
import { CircleX, Home } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { RedirectCountdown } from '../components/redirect-countdown';
import { ResultCard } from '../components/result-card';
import { TryAgainButton } from '../components/try-again-button';
import { useRetryCheckout } from '../hooks/use-retry-checkout';

/**
 * product.md §2: 'Payment Cancelled', nothing charged, home in 10 seconds, or try again. The checkout's
 * return address names its bundle (`?plan=gold`), so Try Again starts that bundle afresh: going
 * back would only reach the checkout that has just ended.
 */
export function PaymentCancelledPage() {
  const [params] = useSearchParams();
  const retry = useRetryCheckout(params.get('plan'));

  return (
    <ResultCard
      icon={CircleX}
      title={PAYMENT_MESSAGES.cancelledTitle}
      actions={
        <>
          <TryAgainButton retry={retry} />
          <Button asChild variant="outline">
            <Link to="/">
              <Home aria-hidden="true" /> Go to Home
            </Link>
          </Button>
        </>
      }
    >
      <p className="text-lg">{PAYMENT_MESSAGES.noCharges}</p>
      <p className="text-sm text-muted-foreground">You can pick a bundle again whenever you like.</p>
      {/* Leaving for a new checkout: the countdown must not pull the reader home meanwhile. */}
      {retry.starting ? null : <RedirectCountdown />}
    </ResultCard>
  );
}
