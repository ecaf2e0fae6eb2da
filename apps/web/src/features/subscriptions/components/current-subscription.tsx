import { PAYMENT_MESSAGES, SUBSCRIPTION_MESSAGES, type Subscription, formatCount } from '@kettle/shared';
import { CalendarClock, Coins, CreditCard, FlaskConical, RefreshCw, Repeat } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatMoney } from '@/lib/format-money';
import { paymentErrorMessage } from '@/lib/payment-error';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useCreateBillingPortalSession } from '../api/create-billing-portal-session';
import { useInvoicePreview } from '../api/get-invoice-preview';
import { useRenewDevSubscription } from '../api/renew-dev-subscription';
import { useResumeSubscription } from '../api/resume-subscription';
import { useFollowUrl } from '@/lib/use-follow-url';
import { formatCents, formatDay, statusLabel } from '../utils/format';
import { ChangePlanForm } from './change-plan-form';
import { CouponForm } from './coupon-form';
import { SubscriptionHistoryList } from './subscription-history';
import { SubscriptionUsagePanel } from './subscription-usage';

const failed = (error: unknown) => toastError(paymentErrorMessage(error), SUBSCRIPTION_MESSAGES.actionFailed);

/** The next charge of a plan that renews (the provider's preview, coupon included). */
function NextPayment() {
  const preview = useInvoicePreview(null);
  if (!preview.isSuccess) return null;
  const { total_cents: total, currency, next_payment_at: at } = preview.data;
  return (
    <p className="text-sm text-muted-foreground">
      Next payment: <span className="font-medium text-foreground">{formatCents(total, currency)}</span>
      {at ? ` on ${formatDay(at)}` : ''}
    </p>
  );
}

/** A running subscription: its plan and dates, this period's coins, and everything one can change. */
export function CurrentSubscription({ subscription }: { subscription: Subscription }) {
  const { plan } = subscription;
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const portal = useCreateBillingPortalSession();
  const renew = useRenewDevSubscription();
  const follow = useFollowUrl();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [changingPlan, setChangingPlan] = useState(false);
  const ending = subscription.cancel_at_period_end;
  const busy = cancel.isPending || resume.isPending || renew.isPending;

  const handleCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => toastSuccess(SUBSCRIPTION_MESSAGES.cancelled),
      onError: failed,
      onSettled: () => setConfirmingCancel(false),
    });
  const handleResume = () =>
    resume.mutate(undefined, { onSuccess: () => toastSuccess(SUBSCRIPTION_MESSAGES.resumed), onError: failed });
  const handleRenew = () =>
    renew.mutate(undefined, { onSuccess: () => toastSuccess(SUBSCRIPTION_MESSAGES.renewed), onError: failed });
  const handlePortal = () =>
    portal.mutate(undefined, {
      onSuccess: (answer) => {
        if (!follow(answer?.url)) toastError(PAYMENT_MESSAGES.noPortalUrl);
      },
      onError: (error) => toastError(paymentErrorMessage(error), PAYMENT_MESSAGES.noPortalUrl),
    });

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-display text-xl font-semibold">{plan.name}</h3>
          <Badge variant={subscription.status === 'active' && !ending ? 'success' : 'outline'}>
            {statusLabel(subscription)}
          </Badge>
        </div>
        <p className="flex items-center gap-2 text-sm">
          <Coins className="size-4 text-primary" aria-hidden="true" />
          {formatCount(plan.coins_per_period)} coins a month for {formatMoney(plan.price, plan.currency)}
        </p>
        <p className="flex items-center gap-2 text-sm">
          <CalendarClock className="size-4 text-primary" aria-hidden="true" />
          {ending
            ? `Ends on ${formatDay(subscription.current_period_end)}`
            : `Renews on ${formatDay(subscription.current_period_end)}`}
        </p>
        {ending ? null : <NextPayment />}
      </div>

      <SubscriptionUsagePanel />

      <div className="flex flex-wrap gap-2">
        {ending ? (
          <Button onClick={handleResume} disabled={busy} aria-busy={resume.isPending}>
            <RefreshCw aria-hidden="true" /> {resume.isPending ? 'Resuming...' : 'Resume subscription'}
          </Button>
        ) : (
          <Button variant="outline" onClick={() => setConfirmingCancel(true)} disabled={busy}>
            Cancel at period end
          </Button>
        )}
        <Button variant="outline" onClick={() => setChangingPlan((open) => !open)} aria-expanded={changingPlan}>
          <Repeat aria-hidden="true" /> Change plan
        </Button>
        <Button variant="outline" onClick={handlePortal} disabled={portal.isPending} aria-busy={portal.isPending}>
          <CreditCard aria-hidden="true" /> {portal.isPending ? 'Opening...' : 'Manage billing'}
        </Button>
        {subscription.provider === 'dev' ? (
          <Button variant="secondary" onClick={handleRenew} disabled={busy} aria-busy={renew.isPending}>
            <FlaskConical aria-hidden="true" /> {renew.isPending ? 'Renewing...' : 'Renew now (test)'}
          </Button>
        ) : null}
      </div>

      {changingPlan ? <ChangePlanForm subscription={subscription} onDone={() => setChangingPlan(false)} /> : null}
      <CouponForm subscription={subscription} />
      <SubscriptionHistoryList />

      <ConfirmDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title="Cancel your subscription?"
        description={`${plan.name} runs until ${formatDay(subscription.current_period_end)} and then ends. Your coins stay yours. You can resume before then.`}
        confirmLabel="Cancel at period end"
        pendingLabel="Cancelling..."
        cancelLabel="Keep subscription"
        destructive
        pending={cancel.isPending}
        onConfirm={handleCancel}
      />
    </div>
  );
}
