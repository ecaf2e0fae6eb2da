import { PAYMENT_MESSAGES, SUBSCRIPTION_MESSAGES } from '@kettle/shared';
import { CircleCheckBig, Info } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { SkeletonStack } from '@/components/ui/skeleton';
import { paymentErrorMessage } from '@/lib/payment-error';
import { useSubscription } from '../api/get-subscription';
import { CurrentSubscription } from './current-subscription';
import { SubscriptionPlans } from './subscription-plans';

type Return = 'success' | 'cancelled' | null;

/** Back from the provider's checkout (`?subscription=success|cancelled`): say what happened. */
function ReturnNotice({ outcome, waiting }: { outcome: Return; waiting: boolean }) {
  if (outcome === 'cancelled') {
    return (
      <p role="status" className="flex items-center gap-2 rounded-lg bg-muted/50 p-3 text-sm">
        <Info className="size-4 shrink-0" aria-hidden="true" /> Checkout cancelled. {PAYMENT_MESSAGES.noCharges}.
      </p>
    );
  }
  if (outcome === 'success') {
    return (
      <p role="status" className="flex items-center gap-2 rounded-lg bg-success/15 p-3 text-sm">
        <CircleCheckBig className="size-4 shrink-0 text-success" aria-hidden="true" />
        {waiting ? 'Payment received. Waiting for your subscription to start...' : SUBSCRIPTION_MESSAGES.subscribed}
      </p>
    );
  }
  return null;
}

function SubscriptionContent({ outcome }: { outcome: Return }) {
  const query = useSubscription({ waitingForProvider: outcome === 'success' });
  return (
    <QueryState
      query={query}
      loading={<SkeletonStack label="Loading subscription" rows={['h-8 w-1/2', 'h-24 w-full']} />}
      error={{ message: (error) => `${SUBSCRIPTION_MESSAGES.loadFailed}. ${paymentErrorMessage(error)}` }}
    >
      {(subscription) => (
        <div className="flex flex-col gap-4">
          <ReturnNotice outcome={outcome} waiting={subscription === null} />
          {subscription ? <CurrentSubscription subscription={subscription} /> : <SubscriptionPlans />}
        </div>
      )}
    </QueryState>
  );
}

/**
 * My Account: the monthly coin plan (decisions.md, Company profiles and subscriptions). The
 * providers send the browser back to `/account#subscription`, so the section scrolls into view.
 */
export function SubscriptionSection() {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const [params] = useSearchParams();
  const raw = params.get('subscription');
  const outcome: Return = raw === 'success' || raw === 'cancelled' ? raw : null;

  useEffect(() => {
    if (hash === '#subscription') ref.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  return (
    <div ref={ref} id="subscription" className="scroll-mt-20">
      <Card role="region" aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId} className="text-xl">
            Subscription
          </CardTitle>
          <CardDescription>A monthly plan tops up your Tea Coins every month. Cancel any time.</CardDescription>
        </CardHeader>
        <CardContent>
          <SubscriptionContent outcome={outcome} />
        </CardContent>
      </Card>
    </div>
  );
}
