import { TOTP_DIGITS, TWO_FACTOR_TEXT } from '@kettle/shared';
import { useEffect, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

type TwoFactorCodeFieldProps = {
  registration: UseFormRegisterReturn;
  error?: string;
  /** Offer 'Use a recovery code' (sign-in, turning it off, deleting the account); not while setting up. */
  allowRecovery?: boolean;
  /** Said under the field while it asks for the app's code. */
  hint?: string;
  /** The form clears the field (value and error) for the other kind of code. */
  onModeChange?: () => void;
};

/**
 * The code from an authenticator app: a numeric keypad and the browser's one-time-code fill. A
 * recovery code has letters, so its mode switches to a plain text field with its own label.
 */
export function TwoFactorCodeField({
  registration,
  error,
  allowRecovery = false,
  hint,
  onModeChange,
}: TwoFactorCodeFieldProps) {
  const [recovery, setRecovery] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const switched = useRef(false);
  // After a switch the new field takes the focus, so its label and keyboard are what comes next.
  useEffect(() => {
    if (switched.current) input.current?.focus();
  }, [recovery]);
  const field = {
    ...registration,
    ref: (element: HTMLInputElement | null) => {
      input.current = element;
      registration.ref(element);
    },
  };
  const switchMode = () => {
    switched.current = true;
    onModeChange?.();
    setRecovery((value) => !value);
  };
  const toggle = allowRecovery ? (
    <button
      type="button"
      className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      onClick={switchMode}
    >
      {recovery ? 'Use a code from your app' : 'Use a recovery code'}
    </button>
  ) : null;
  return (
    <div className="flex flex-col gap-1.5">
      <FormField
        // A new field for each mode, so a screen reader hears the new label and keyboard.
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? 'Recovery code' : 'Code from your app'}
        error={error}
        hint={recovery ? TWO_FACTOR_TEXT.challengeRecovery : hint}
      >
        <Input
          type="text"
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={recovery ? 32 : TOTP_DIGITS + 2}
          className="font-mono tracking-widest"
          {...field}
        />
      </FormField>
      {toggle}
    </div>
  );
}
