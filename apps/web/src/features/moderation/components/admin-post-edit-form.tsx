import { zodResolver } from '@hookform/resolvers/zod';
import { adminPostUpdateSchema, POST_STATUS_VALUES, type AdminPostUpdateInput, type OwnPost } from '@kettle/shared';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useCategories as useCategoryOptions, useStates as useStateOptions } from '@/lib/taxonomy';
import { toastError } from '@/lib/toast-store';
import { useUpdateAdminPost } from '../api/post-mutations';

const STATUS_LABELS = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;
const FIELDS = {
  title: 'title',
  content: 'content',
  category_id: 'category_id',
  state_id: 'state_id',
  status: 'status',
  unlock_price: 'unlock_price',
} as const;

const toFormValues = (post: OwnPost): AdminPostUpdateInput => ({
  title: post.title,
  content: post.content,
  category_id: post.category_id,
  state_id: post.state_id,
  status: post.status,
  unlock_price: post.unlock_price,
});

type Option = { id: string; name: string };
const withCurrent = (list: Option[] | undefined, current: Option): Option[] =>
  list?.some((item) => item.id === current.id) ? list : [current, ...(list ?? [])];

/** A blank field is not a price: NaN fails the schema with 'Unlock price must be an integer'. */
const toPrice = (value: unknown): unknown =>
  typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : value;

/** product.md §3 admin post edit: any field, any status; Save stays disabled until something changed. */
export function AdminPostEditForm({ post }: { post: OwnPost }) {
  const categories = useCategoryOptions();
  const states = useStateOptions();
  const update = useUpdateAdminPost(post.id);
  const form = useForm({
    resolver: zodResolver(adminPostUpdateSchema),
    mode: 'onChange',
    values: toFormValues(post),
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;

  // The post's own category and state are options even before (or without) the full lists.
  const categoryOptions = withCurrent(categories.data, { id: post.category_id, name: post.category.name });
  const stateOptions = withCurrent(states.data, { id: post.state_id, name: post.state.name });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => form.reset(toFormValues(saved)),
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, FIELDS))
          toastError(apiErrorMessage(error, 'Failed to update post'));
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Edit Post</CardTitle>
        <CardDescription>
          Fix the text, move it to another category or state, or set its status directly.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <FormField label="Title" error={errors.title?.message}>
            <Input {...form.register('title')} />
          </FormField>
          <FormField label="Content" error={errors.content?.message}>
            <Textarea rows={8} {...form.register('content')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Category" error={errors.category_id?.message}>
              <NativeSelect {...form.register('category_id')}>
                {categoryOptions.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="State" error={errors.state_id?.message}>
              <NativeSelect {...form.register('state_id')}>
                {stateOptions.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Status" error={errors.status?.message}>
              <NativeSelect {...form.register('status')}>
                {POST_STATUS_VALUES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Unlock price (Tea Coins)" error={errors.unlock_price?.message}>
              <Input
                inputMode="numeric"
                autoComplete="off"
                {...form.register('unlock_price', { setValueAs: toPrice })}
              />
            </FormField>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {isDirty ? (
              <Button variant="outline" onClick={() => form.reset()} disabled={update.isPending}>
                Discard changes
              </Button>
            ) : null}
            <SubmitButton pending={update.isPending} pendingLabel="Saving..." disabled={!isDirty}>
              Save Changes
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
