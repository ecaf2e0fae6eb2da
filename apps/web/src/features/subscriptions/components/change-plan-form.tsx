import { SUBSCRIPTION_MESSAGES, type Subscription, type SubscriptionPriceId, formatCount } from '@kettle/shared';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/format-money';
import { paymentErrorMessage } from '@/lib/payment-error';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { useInvoicePreview } from '../api/get-invoice-preview';
import { useSubscriptionPlans } from '../api/get-subscription-plans';
import { useUpdateSubscriptionPlan } from '../api/update-subscription-plan';
import { formatCents, formatDay } from '../utils/format';

/** What moving to `priceId` costs on the next invoice, prorated by the provider. */
function ChangePreview({ priceId }: { priceId: SubscriptionPriceId }) {
  const preview = useInvoicePreview(priceId);
  if (preview.isPending) {
    return (
      <div role="status" aria-label="Loading price preview">
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (preview.isError) return <p className="text-sm text-destructive">{paymentErrorMessage(preview.error)}</p>;
  const p = preview.data;
  return (
    <div aria-label="Price preview" role="group" className="rounded-lg bg-muted/40 p-3 text-sm">
      <p>
        Next invoice: <strong className="tabular-nums">{formatCents(p.total_cents, p.currency)}</strong>
        {p.next_payment_at ? <> on {formatDay(p.next_payment_at)}</> : null}
      </p>
      {p.proration_cents !== 0 ? (
        <p className="text-muted-foreground">
          Includes {formatCents(p.proration_cents, p.currency)} for the rest of this month at the new price.
        </p>
      ) : null}
      {p.discount_cents > 0 ? (
        <p className="text-muted-foreground">Coupon saves {formatCents(p.discount_cents, p.currency)}.</p>
      ) : null}
      <p className="text-muted-foreground">
        From the next month: {formatCount(p.plan.coins_per_period)} coins a month.
      </p>
    </div>
  );
}

/** Change plan: pick another plan, see what it costs, confirm. */
export function ChangePlanForm({ subscription, onDone }: { subscription: Subscription; onDone: () => void }) {
  const selectId = useId();
  const plans = useSubscriptionPlans();
  const update = useUpdateSubscriptionPlan();
  const others = (plans.data?.plans ?? []).filter((plan) => plan.key !== subscription.plan.key);
  const [chosen, setChosen] = useState<SubscriptionPriceId | null>(null);
  const priceId = chosen ?? others[0]?.price_id ?? null;

  if (plans.isPending) return <Skeleton className="h-24 w-full" />;
  if (plans.isError) return <p className="text-sm text-destructive">{paymentErrorMessage(plans.error)}</p>;

  const handleConfirm = () => {
    if (!priceId) return;
    update.mutate(priceId, {
      onSuccess: () => {
        toastSuccess(SUBSCRIPTION_MESSAGES.planChanged);
        onDone();
      },
      onError: (error) => toastError(paymentErrorMessage(error), SUBSCRIPTION_MESSAGES.actionFailed),
    });
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={selectId}>New plan</Label>
        <NativeSelect
          id={selectId}
          value={priceId ?? ''}
          onChange={(event) => setChosen(event.target.value as SubscriptionPriceId)}
          disabled={update.isPending}
        >
          {others.map((plan) => (
            <option key={plan.key} value={plan.price_id}>
              {plan.name}: {formatCount(plan.coins_per_period)} coins for {formatMoney(plan.price, plan.currency)} a
              month
            </option>
          ))}
        </NativeSelect>
      </div>
      {priceId ? <ChangePreview priceId={priceId} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={handleConfirm} disabled={!priceId || update.isPending} aria-busy={update.isPending}>
          {update.isPending ? 'Changing...' : 'Confirm plan change'}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Keep current plan
        </Button>
      </div>
    </div>
  );
}
