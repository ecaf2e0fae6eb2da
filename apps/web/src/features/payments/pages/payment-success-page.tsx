import { useSearchParams } from 'react-router';
import { CheckoutResult, MissingSession } from '../components/checkout-result';

/** product.md §2 /payment/success?session_id=…: the coins credited, then home after 10 seconds. */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';
  if (!sessionId) return <MissingSession />;
  return <CheckoutResult key={sessionId} sessionId={sessionId} page="success" />;
}
