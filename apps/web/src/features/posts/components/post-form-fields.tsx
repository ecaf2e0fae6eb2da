import { LIMITS } from '@kettle/shared';
import { useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import type { PostForm } from '../hooks/use-post-form';
import { TaxonomyFields } from './taxonomy-fields';

export type PostFieldLabels = { title: string; content: string; state: string };

const DEFAULT_LABELS: PostFieldLabels = { title: 'Title', content: 'Content', state: 'State' };

/** 'n/max characters' under a text field, red past the limit. */
export function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span className={length > max ? 'text-destructive' : undefined}>
      {length}/{max}
      <span className="sr-only"> characters</span>
    </span>
  );
}

/** The fields a tea and a reversal share: title, content, subject's handle, category and state. */
export function PostFormFields({ form, labels = DEFAULT_LABELS }: { form: PostForm; labels?: PostFieldLabels }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [title, content] = useWatch({ control, name: ['title', 'content'] });

  return (
    <>
      <FormField
        label={labels.title}
        error={errors.title?.message}
        hint={<Counter length={title.length} max={LIMITS.titleMax} />}
      >
        <Input autoComplete="off" {...register('title')} />
      </FormField>
      <FormField
        label={labels.content}
        error={errors.content?.message}
        hint={<Counter length={content.length} max={LIMITS.contentMax} />}
      >
        <Textarea rows={7} {...register('content')} />
      </FormField>
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
