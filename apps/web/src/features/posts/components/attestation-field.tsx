import { FIRST_HAND_ATTESTATION } from '@kettle/shared';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * The first-hand attestation a tea or reversal is submitted with (the server refuses one without
 * it and keeps its time with the tea). Submit waits for it like any other required field.
 */
export function AttestationField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg border border-border bg-muted/40 p-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={Boolean(error)}
        {...registration}
      />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {FIRST_HAND_ATTESTATION}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Kept with your submission. Say “I saw” or “I think” where it fits: a claim stated as fact about a real person
          is the first thing a moderator questions.
        </p>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
