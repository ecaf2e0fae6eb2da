import { PAYMENT_MESSAGES, type SubscriptionPlan, type SubscriptionPriceId, formatCount } from '@kettle/shared';
import { Coins, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/format-money';
import { paymentErrorMessage, paymentStatusMessage } from '@/lib/payment-error';
import { toast, toastError } from '@/lib/toast-store';
import { useCreateSubscriptionCheckout } from '../api/create-subscription-checkout';
import { useSubscriptionPlans } from '../api/get-subscription-plans';
import { useFollowUrl } from '@/lib/use-follow-url';

function PlanCard({
  plan,
  busy,
  disabled,
  onSubscribe,
}: {
  plan: SubscriptionPlan;
  busy: boolean;
  disabled: boolean;
  onSubscribe: () => void;
}) {
  const titleId = useId();
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-border bg-muted/30 p-4 text-center"
    >
      <h3 id={titleId} className="font-display text-lg font-semibold">
        {plan.name}
      </h3>
      <p className="flex items-center justify-center gap-1.5 text-2xl font-bold tabular-nums">
        <Coins className="size-5 text-primary" aria-hidden="true" />
        {formatCount(plan.coins_per_period)}
        <span className="text-sm font-normal text-muted-foreground">coins a month</span>
      </p>
      <p className="text-sm text-muted-foreground">{plan.description}</p>
      <p className="mt-auto text-xl font-semibold tabular-nums">
        {formatMoney(plan.price, plan.currency)}
        <span className="text-sm font-normal text-muted-foreground"> / month</span>
      </p>
      <Button onClick={onSubscribe} disabled={disabled} aria-busy={busy} aria-label={`Subscribe to ${plan.name}`}>
        {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {busy ? 'Redirecting...' : 'Subscribe'}
      </Button>
    </li>
  );
}

/** No subscription yet: the monthly plans, each with Subscribe (to the provider's checkout). */
export function SubscriptionPlans() {
  const plans = useSubscriptionPlans();
  const checkout = useCreateSubscriptionCheckout();
  const follow = useFollowUrl();
  const [choosing, setChoosing] = useState<SubscriptionPriceId | null>(null);

  const subscribe = (priceId: SubscriptionPriceId) => {
    if (choosing) return;
    setChoosing(priceId);
    toast({ title: PAYMENT_MESSAGES.redirecting });
    checkout.mutate(priceId, {
      onSuccess: (session) => {
        if (follow(session?.url)) return;
        setChoosing(null);
        toastError(paymentStatusMessage(500), PAYMENT_MESSAGES.checkoutFailed);
      },
      onError: (error) => {
        setChoosing(null);
        toastError(paymentErrorMessage(error), PAYMENT_MESSAGES.startFailed);
      },
    });
  };

  return (
    <QueryState
      query={plans}
      loading={
        <div role="status" aria-label="Loading plans" className="grid gap-3 sm:grid-cols-3">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      }
      error={{ message: paymentErrorMessage }}
    >
      {(data) => (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">
            You have no subscription. Pick a plan: its coins arrive when you subscribe and again every month.
          </p>
          <ul className="grid gap-3 sm:grid-cols-3" aria-label="Monthly plans">
            {data.plans.map((plan) => (
              <PlanCard
                key={plan.key}
                plan={plan}
                busy={choosing === plan.price_id}
                disabled={choosing !== null}
                onSubscribe={() => subscribe(plan.price_id)}
              />
            ))}
          </ul>
        </div>
      )}
    </QueryState>
  );
}
