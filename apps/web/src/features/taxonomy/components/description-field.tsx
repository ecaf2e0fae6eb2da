import { LIMITS } from '@kettle/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';

/** The description textarea, with a counter out of the limit. */
export function DescriptionField({
  registration,
  length,
  error,
}: {
  registration: UseFormRegisterReturn;
  length: number;
  error?: string;
}) {
  return (
    <FormField
      label="Description"
      error={error}
      hint={
        <span className={length > LIMITS.descriptionMax ? 'text-destructive' : undefined}>
          {length}/{LIMITS.descriptionMax}
          <span className="sr-only"> characters</span>
        </span>
      }
    >
      <Textarea rows={4} {...registration} />
    </FormField>
  );
}
