import { TWO_FACTOR_MESSAGES, TWO_FACTOR_TEXT, type TwoFactorStatus } from '@kettle/shared';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useRef } from 'react';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { SkeletonStack } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useLazyDialog } from '@/lib/use-lazy-dialog';
import { useTwoFactor } from '../api/get-two-factor';
import { useStartTwoFactorSetup } from '../api/set-up-two-factor';

// Setting up and turning off load on first use (the QR encoder with them): most visits do neither.
const TwoFactorSetup = lazy(() => import('./two-factor-setup').then((m) => ({ default: m.TwoFactorSetup })));
const TwoFactorDisableDialog = lazy(() =>
  import('./two-factor-disable-dialog').then((m) => ({ default: m.TwoFactorDisableDialog })),
);

/** Few enough that the next lost phone could use them up. */
const FEW_CODES = 3;

/** 'Two-factor sign-in' on My Account, and the whole of the admin area until an admin turns it on. */
export function TwoFactorCard() {
  const titleId = useId();
  const status = useTwoFactor();
  const start = useStartTwoFactorSetup();
  const refocusTurnOn = useRef(false);
  // The button comes back in a later render (the mutation's reset reaches React on its own
  // schedule), so the focus moves to it when it mounts rather than after a guessed frame.
  const turnOnRef = useCallback((button: HTMLButtonElement | null) => {
    if (!button || !refocusTurnOn.current) return;
    refocusTurnOn.current = false;
    button.focus();
  }, []);

  const cancelSetup = () => {
    refocusTurnOn.current = true;
    start.reset();
  };

  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId} className="text-xl">
          {TWO_FACTOR_TEXT.cardTitle}
        </CardTitle>
        <CardDescription>{TWO_FACTOR_TEXT.cardDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {start.isSuccess ? (
          <Suspense fallback={<Spinner label="Loading two-factor setup" />}>
            <TwoFactorSetup setup={start.data} onCancel={cancelSetup} />
          </Suspense>
        ) : (
          <QueryState
            query={status}
            loading={<SkeletonStack label="Loading two-factor sign-in" rows={['h-10 w-full', 'h-10 w-32']} />}
            error={{ message: (error) => apiErrorMessage(error, TWO_FACTOR_TEXT.statusFailed) }}
          >
            {(current) =>
              current.enabled ? (
                <TwoFactorOn status={current} />
              ) : (
                <div className="grid gap-4">
                  <p className="flex items-center gap-2 rounded-lg bg-muted px-3 py-2 font-medium">
                    <ShieldOff className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" /> Off
                  </p>
                  <p className="text-sm">
                    {current.required ? TWO_FACTOR_MESSAGES.requiredForAdmins : TWO_FACTOR_TEXT.offExplained}
                  </p>
                  <FormAlert
                    message={start.isError ? apiErrorMessage(start.error, TWO_FACTOR_MESSAGES.setupFailed) : null}
                  />
                  <Button
                    ref={turnOnRef}
                    className="w-full sm:w-auto sm:justify-self-end"
                    onClick={() => start.mutate()}
                    disabled={start.isPending}
                    aria-busy={start.isPending}
                  >
                    {start.isPending ? 'Starting...' : 'Turn on'}
                  </Button>
                </div>
              )
            }
          </QueryState>
        )}
      </CardContent>
    </Card>
  );
}

function TwoFactorOn({ status }: { status: TwoFactorStatus }) {
  const dialog = useLazyDialog();
  const turnOffRef = useRef<HTMLButtonElement>(null);
  // The dialog has no Radix trigger, so it would leave focus on the page's body.
  const returnFocus = (event: Event) => {
    event.preventDefault();
    turnOffRef.current?.focus();
  };
  const left = status.recovery_codes_left;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1 rounded-lg bg-success/10 px-3 py-2">
        <p className="flex items-center gap-2 font-medium">
          <ShieldCheck className="size-5 shrink-0 text-success" aria-hidden="true" /> On
        </p>
        <p className="text-sm">{TWO_FACTOR_TEXT.codesLeft(left)}</p>
      </div>
      {left <= FEW_CODES ? <p className="text-sm text-destructive">{TWO_FACTOR_TEXT.codesLow}</p> : null}
      <Button ref={turnOffRef} variant="outline" className="w-full sm:w-auto sm:justify-self-end" onClick={dialog.show}>
        Turn off
      </Button>
      {dialog.mounted ? (
        <Suspense fallback={null}>
          <TwoFactorDisableDialog open={dialog.open} onOpenChange={dialog.setOpen} onCloseAutoFocus={returnFocus} />
        </Suspense>
      ) : null}
    </div>
  );
}
