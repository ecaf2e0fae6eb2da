import { PAYMENT_MESSAGES } from '@kettle/shared';
import { CircleX, Home, RotateCcw } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { RedirectCountdown } from '../components/redirect-countdown';
import { ResultCard } from '../components/result-card';

/** Spec §2: 'Payment Cancelled', nothing charged, home in 10 seconds, or try again. */
export function PaymentCancelledPage() {
  const navigate = useNavigate();
  const location = useLocation();

  // 'Try Again' is one page back (spec §2). Opened fresh (the provider's redirect, a bookmark)
  // there is no page of ours behind it, so it starts a new checkout instead of leaving the site.
  const handleTryAgain = () => {
    if (location.key === 'default') void navigate('/buy-coins');
    else void navigate(-1);
  };

  return (
    <ResultCard
      icon={CircleX}
      title={PAYMENT_MESSAGES.cancelledTitle}
      actions={
        <>
          <Button onClick={handleTryAgain}>
            <RotateCcw aria-hidden="true" /> Try Again
          </Button>
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
      <RedirectCountdown />
    </ResultCard>
  );
}
