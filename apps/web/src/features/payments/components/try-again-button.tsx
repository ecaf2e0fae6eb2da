import { LoaderCircle, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { useRetryCheckout } from '../hooks/use-retry-checkout';

/**
 * Starts the same bundle again, or opens Buy Coins when the bundle is not known (an old link, a
 * hand-edited address).
 */
export function TryAgainButton({ retry }: { retry: ReturnType<typeof useRetryCheckout> }) {
  if (!retry.planKey) {
    return (
      <Button asChild>
        <Link to="/buy-coins">
          <RotateCcw aria-hidden="true" /> Try Again
        </Link>
      </Button>
    );
  }
  return (
    <Button onClick={retry.retry} disabled={retry.starting} aria-busy={retry.starting}>
      {retry.starting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}{' '}
      Try Again
    </Button>
  );
}
