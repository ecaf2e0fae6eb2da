import { PAYMENT_MESSAGES, type PlanKey } from '@kettle/shared';
import { useEffect, useState } from 'react';
import { checkoutUrl } from '@/lib/checkout-url';
import { paymentErrorMessage, paymentStatusMessage } from '@/lib/payment-error';
import { toast, toastError } from '@/lib/toast-store';
import { useCreateCheckoutSession } from '../api/create-checkout-session';

/**
 * Starts the card checkout of one bundle: 'Redirecting to checkout...', every bundle disabled,
 * then the browser goes to the provider's page (or Kettle's test checkout). A failure says why
 * and gives the buttons back.
 */
export function useStartCheckout() {
  const create = useCreateCheckoutSession();
  const [choosing, setChoosing] = useState<PlanKey | null>(null);

  // Back from the provider's page may restore this page from the browser's memory, buttons still
  // disabled: give them back.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setChoosing(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = (planKey: PlanKey) => {
    if (choosing) return;
    setChoosing(planKey);
    toast({ title: PAYMENT_MESSAGES.redirecting });
    create.mutate(planKey, {
      onSuccess: (session) => {
        const url = checkoutUrl(session?.url);
        if (url) {
          window.location.assign(url.href);
          return;
        }
        setChoosing(null);
        toastError(paymentStatusMessage(500), PAYMENT_MESSAGES.checkoutFailed);
      },
      onError: (error) => {
        setChoosing(null);
        toastError(paymentErrorMessage(error), PAYMENT_MESSAGES.startFailed);
      },
    });
  };

  return { start, choosing };
}
