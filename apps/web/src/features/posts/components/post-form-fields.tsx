import { useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { PostForm } from '../hooks/use-post-form';
import { PostTextFields } from './post-text-fields';
import { TaxonomyFields } from './taxonomy-fields';

export type PostFieldLabels = { title: string; content: string; state: string };

const DEFAULT_LABELS: PostFieldLabels = { title: 'Title', content: 'Content', state: 'State' };

const HANDLE = /^@\w+$/;

/** The fields a tea and a reversal share: title, content, subject's handle, category and state. */
export function PostFormFields({ form, labels = DEFAULT_LABELS }: { form: PostForm; labels?: PostFieldLabels }) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const [title, content, handle] = useWatch({ control, name: ['title', 'content', 'tagged_handle'] });

  return (
    <>
      <PostTextFields
        labels={labels}
        values={{ title, content }}
        errors={{ title: errors.title?.message, content: errors.content?.message }}
        register={(field) => register(field)}
        setText={(field, next) => setValue(field, next, { shouldDirty: true, shouldValidate: true })}
        subject={HANDLE.test(handle) ? handle : undefined}
      />
      <FormField label="Subject's @handle" error={errors.tagged_handle?.message}>
        <Input
          placeholder="@handle"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...register('tagged_handle')}
        />
      </FormField>
      <TaxonomyFields form={form} stateLabel={labels.state} />
    </>
  );
}
