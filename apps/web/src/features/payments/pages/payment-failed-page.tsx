import { useSearchParams } from 'react-router';
import { CheckoutResult, MissingSession } from '../components/checkout-result';

/**
 * /payment/failed?session_id=…&plan=…: where a declined payment lands. It asks the server like the
 * success page does, so the address never claims a decline the server does not know of.
 */
export function PaymentFailedPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';
  if (!sessionId) return <MissingSession />;
  return <CheckoutResult key={sessionId} sessionId={sessionId} page="failed" />;
}
