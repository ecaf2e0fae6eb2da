import { zodResolver } from '@hookform/resolvers/zod';
import { couponApplySchema, SUBSCRIPTION_MESSAGES, type Subscription } from '@kettle/shared';
import { TicketPercent } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { paymentErrorMessage } from '@/lib/payment-error';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { useApplyCoupon } from '../api/apply-coupon';
import { useRemoveCoupon } from '../api/remove-coupon';

/** The coupon on the subscription: the applied code with Remove, or a field to apply one. */
export function CouponForm({ subscription }: { subscription: Subscription }) {
  const apply = useApplyCoupon();
  const remove = useRemoveCoupon();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(couponApplySchema), defaultValues: { coupon_code: '' } });

  if (subscription.coupon_code) {
    const handleRemove = () =>
      remove.mutate(undefined, {
        onSuccess: () => toastSuccess(SUBSCRIPTION_MESSAGES.couponRemoved),
        onError: (error) => toastError(paymentErrorMessage(error), SUBSCRIPTION_MESSAGES.actionFailed),
      });
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="flex items-center gap-2">
          <TicketPercent className="size-4 text-primary" aria-hidden="true" />
          Coupon <strong>{subscription.coupon_code}</strong> applied
        </p>
        <Button variant="outline" size="sm" onClick={handleRemove} disabled={remove.isPending}>
          {remove.isPending ? 'Removing...' : 'Remove coupon'}
        </Button>
      </div>
    );
  }

  const handleValidSubmit = handleSubmit((values) =>
    apply.mutate(values.coupon_code, {
      onSuccess: () => {
        toastSuccess(SUBSCRIPTION_MESSAGES.couponApplied);
        reset({ coupon_code: '' });
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, { coupon_code: 'coupon_code' })) {
          toastError(paymentErrorMessage(error), SUBSCRIPTION_MESSAGES.actionFailed);
        }
      },
    }),
  );

  return (
    <form onSubmit={handleValidSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <FormField label="Coupon code" error={errors.coupon_code?.message}>
          <Input autoCapitalize="characters" autoComplete="off" spellCheck={false} {...register('coupon_code')} />
        </FormField>
      </div>
      <SubmitButton pending={apply.isPending} pendingLabel="Applying..." variant="outline" className="sm:mt-6">
        Apply coupon
      </SubmitButton>
    </form>
  );
}
