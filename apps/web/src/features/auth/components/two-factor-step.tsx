import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR_CODES, TWO_FACTOR_TEXT, twoFactorCodeSchema, type TokenPair } from '@kettle/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/forms/form-alert';
import { isCodeReplayed } from '@/components/forms/code-replayed';
import { TwoFactorCodeField } from '@/components/forms/two-factor-code-field';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { isChallengeExpired } from '../utils/challenge-expired';

type TwoFactorStepProps = {
  challengeToken: string;
  /** The session is stored: go on exactly as after a sign-in without two-factor. */
  onVerified: (tokens: TokenPair) => void;
  /** The challenge ran out: the sign-in starts again, saying why. */
  onExpired: (message: string) => void;
  /** Leave the step for the start of the sign-in. */
  onBack: () => void;
  backLabel: string;
};

/** The second step of a sign-in to an account with two-factor on: a code from the app, or a recovery code. */
export function TwoFactorStep({ challengeToken, onVerified, onExpired, onBack, backLabel }: TwoFactorStepProps) {
  const verify = useVerifyTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    resetField,
    formState: { errors },
  } = useForm({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: '' } });

  // The password form that had the focus is gone; the code is what the person types next.
  useEffect(() => setFocus('code'), [setFocus]);

  const submit = handleSubmit(({ code }) =>
    verify.mutate(
      { challenge_token: challengeToken, code },
      {
        onSuccess: onVerified,
        onError: (error) => {
          if (isChallengeExpired(error)) return onExpired(error.message);
          if (isCodeReplayed(error)) setValue('code', '');
          if (applyFieldErrors(error, setError, { code: 'code' })) return;
          if (error instanceof ApiError && error.code === ERROR_CODES.twoFactorInvalid) {
            setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
            return;
          }
          setError('root.server', { message: apiErrorMessage(error, TWO_FACTOR_TEXT.verifyFailed) });
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <TwoFactorCodeField
        registration={register('code')}
        error={errors.code?.message}
        hint={TWO_FACTOR_TEXT.challengeApp}
        allowRecovery
        onModeChange={() => resetField('code')}
      />
      <SubmitButton pending={verify.isPending} pendingLabel="Checking..." className="w-full">
        Verify
      </SubmitButton>
      <Button variant="ghost" onClick={onBack} disabled={verify.isPending} className="w-full">
        {backLabel}
      </Button>
    </form>
  );
}
