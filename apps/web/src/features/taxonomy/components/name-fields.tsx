import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { TaxonomyValues } from '../data/kinds';

/** The name, and for a state its two-letter code beside it. */
export function NameFields({ form, withCode }: { form: UseFormReturn<TaxonomyValues>; withCode: boolean }) {
  const {
    register,
    formState: { errors },
  } = form;
  const name = (
    <FormField label="Name" error={errors.name?.message}>
      <Input autoComplete="off" {...register('name')} />
    </FormField>
  );
  if (!withCode) return name;
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
      {name}
      <FormField label="Code" error={errors.code?.message} hint="Two letters, e.g. WY">
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="uppercase"
          {...register('code')}
        />
      </FormField>
    </div>
  );
}
