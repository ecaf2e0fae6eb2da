import { TIMINGS } from '@kettle/shared';
import { useNavigate } from 'react-router';
import { useCountdown } from '../hooks/use-countdown';

const SECONDS = TIMINGS.paymentRedirect / 1_000;

/** product.md §2/§9: the payment result pages go home after 10 seconds, saying so as they count. */
export function RedirectCountdown({ to = '/', place = 'home' }: { to?: string; place?: string }) {
  const navigate = useNavigate();
  const left = useCountdown(SECONDS, () => void navigate(to));
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite" aria-atomic="true">
      Redirecting to {place} in {left} {left === 1 ? 'second' : 'seconds'}
    </p>
  );
}
