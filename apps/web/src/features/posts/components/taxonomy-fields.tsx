import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useCategoryOptions, useStateOptions, type SelectOption } from '../api/get-select-options';
import type { PostForm } from '../hooks/use-post-form';
import { NativeSelect } from '@/components/ui/native-select';

type OptionsQuery = UseQueryResult<SelectOption[]>;

const loadProblem = (query: OptionsQuery, message: string) =>
  query.isError ? (
    <span className="flex flex-wrap items-center gap-x-2 text-destructive">
      {message}
      <Button variant="link" size="sm" className="h-auto" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </span>
  ) : undefined;

function Options({ query, noun, placeholder }: { query: OptionsQuery; noun: string; placeholder: string }) {
  if (query.isPending) return <option value="">Loading {noun}...</option>;
  return (
    <>
      <option value="">{placeholder}</option>
      {(query.data ?? []).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/** Category and state pickers, filled from the taxonomy lists. */
export function TaxonomyFields({ form, stateLabel = 'State' }: { form: PostForm; stateLabel?: string }) {
  const {
    register,
    formState: { errors },
  } = form;
  const categories = useCategoryOptions();
  const states = useStateOptions();

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField
        label="Category"
        error={errors.category_id?.message}
        hint={loadProblem(categories, 'Failed to fetch categories')}
      >
        <NativeSelect disabled={categories.isPending} {...register('category_id')}>
          <Options query={categories} noun="categories" placeholder="Select a category" />
        </NativeSelect>
      </FormField>
      <FormField
        label={stateLabel}
        error={errors.state_id?.message}
        hint={loadProblem(states, 'Failed to fetch states')}
      >
        <NativeSelect disabled={states.isPending} {...register('state_id')}>
          <Options query={states} noun="states" placeholder="Select a state" />
        </NativeSelect>
      </FormField>
    </div>
  );
}
