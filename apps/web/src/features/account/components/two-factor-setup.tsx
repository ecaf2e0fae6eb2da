import { zodResolver } from '@hookform/resolvers/zod';
import {
  ERROR_CODES,
  TWO_FACTOR_TEXT,
  twoFactorEnableSchema,
  type TwoFactorEnableInput,
  type TwoFactorSetup as Setup,
} from '@kettle/shared';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/forms/form-alert';
import { TwoFactorCodeField } from '@/components/forms/two-factor-code-field';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useEnableTwoFactor } from '../api/set-up-two-factor';
import { useSignInAgain } from '../hooks/use-sign-in-again';
import { TwoFactorQr } from './two-factor-qr';
import { TwoFactorRecoveryCodes } from './two-factor-recovery-codes';
import { TwoFactorSetupKey } from './two-factor-setup-key';

const EMPTY: TwoFactorEnableInput = { password: '', code: '' };
const SERVER_FIELDS = { password: 'password', code: 'code' } as const;

type TwoFactorSetupProps = { setup: Setup; onCancel: () => void };

/**
 * Turning it on: scan (or type the key), prove it with one code and the password, then the
 * recovery codes, once.
 */
export function TwoFactorSetup({ setup, onCancel }: TwoFactorSetupProps) {
  const enable = useEnableTwoFactor();
  const signInAgain = useSignInAgain();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(twoFactorEnableSchema), defaultValues: EMPTY });

  const submit = handleSubmit((values) =>
    enable.mutate(values, {
      onError: (error) => {
        if (applyFieldErrors(error, setError, SERVER_FIELDS)) return;
        if (error instanceof ApiError && error.code === ERROR_CODES.twoFactorInvalid) {
          setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
          return;
        }
        setError('root.server', { message: apiErrorMessage(error, TWO_FACTOR_TEXT.enableFailed) });
      },
    }),
  );

  if (enable.isSuccess) {
    return (
      <TwoFactorRecoveryCodes
        codes={enable.data.recovery_codes}
        onDone={() => signInAgain(TWO_FACTOR_TEXT.signedOutOn)}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        Set up your authenticator app
      </h3>
      <FormAlert message={errors.root?.server?.message} />
      <div className="grid items-start gap-4 sm:grid-cols-[auto_1fr]">
        <TwoFactorQr url={setup.otpauth_url} />
        <div className="grid min-w-0 gap-3 text-sm">
          <p>{TWO_FACTOR_TEXT.scan}</p>
          <TwoFactorSetupKey secret={setup.secret} />
        </div>
      </div>
      <TwoFactorCodeField
        registration={register('code')}
        error={errors.code?.message}
        hint={TWO_FACTOR_TEXT.codeHint}
      />
      <FormField label="Password" error={errors.password?.message} hint={TWO_FACTOR_TEXT.passwordHint}>
        <PasswordInput autoComplete="current-password" {...register('password')} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={enable.isPending}>
          Cancel
        </Button>
        <SubmitButton pending={enable.isPending} pendingLabel="Checking...">
          Turn on
        </SubmitButton>
      </div>
    </form>
  );
}
