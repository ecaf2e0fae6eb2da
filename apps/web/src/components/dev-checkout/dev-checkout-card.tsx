import type { UseMutationResult } from '@tanstack/react-query';
import { PAYMENT_MESSAGES } from '@kettle/shared';
import { FlaskConical } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paymentErrorMessage, paymentStatusMessage } from '@/lib/payment-error';
import { toastError } from '@/lib/toast-store';
import { useFollowUrl } from '@/lib/use-follow-url';

export type DevCheckoutChoice = 'pay' | 'decline' | 'cancel';

const CHOICES = {
  pay: { label: 'Pay', variant: 'default', className: 'sm:flex-1' },
  decline: { label: 'Decline', variant: 'destructive', className: undefined },
  cancel: { label: 'Cancel', variant: 'outline', className: undefined },
} as const;

/**
 * The dev provider's checkout card (coin bundles and subscriptions alike): what is bought, then
 * the test card's choices. Each choice is sent as `mutation` and the browser follows its answer.
 */
export function DevCheckoutCard<C extends DevCheckoutChoice>({
  title,
  intro,
  choices,
  mutation,
  children,
}: {
  title: string;
  intro: string;
  /** In page order; the row is reversed on wide screens, so Pay stands last, on the right. */
  choices: readonly C[];
  mutation: UseMutationResult<{ redirect_url: string }, unknown, C>;
  /** The summary of what is bought. */
  children: ReactNode;
}) {
  const follow = useFollowUrl();
  const [leaving, setLeaving] = useState(false);
  const busy = mutation.isPending || leaving;

  const choose = (choice: C) =>
    mutation.mutate(choice, {
      onSuccess: (answer) => {
        // Replace: Back from the result must not land on a checkout that is already settled.
        if (follow(answer?.redirect_url, { replace: true })) setLeaving(true);
        else toastError(paymentStatusMessage(500), PAYMENT_MESSAGES.checkoutFailed);
      },
      onError: (error) => toastError(paymentErrorMessage(error), PAYMENT_MESSAGES.checkoutFailed),
    });

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col gap-5 px-6 py-8 sm:px-8">
        <div className="flex flex-col gap-2">
          <span className="inline-flex items-center gap-1.5 self-start rounded-full bg-accent px-3 py-1 text-xs font-semibold uppercase tracking-wide text-accent-foreground">
            <FlaskConical className="size-3.5" aria-hidden="true" /> Test checkout
          </span>
          <h1 className="font-display text-3xl font-bold">{title}</h1>
          <p className="text-sm text-muted-foreground">{intro}</p>
        </div>
        {children}
        <div className="flex flex-col gap-2 sm:flex-row-reverse" aria-busy={busy}>
          {choices.map((choice) => (
            <Button
              key={choice}
              size="lg"
              variant={CHOICES[choice].variant}
              className={CHOICES[choice].className}
              onClick={() => choose(choice)}
              disabled={busy}
            >
              {CHOICES[choice].label}
            </Button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
