import type { PostCard } from '@kettle/shared';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import type { ReversalForm } from '../hooks/use-reversal-form';
import { PostTextFields } from './post-text-fields';

/** What a reversal takes from the tea it answers, as the original's card shows it. */
export type ReversalOriginal = Pick<PostCard, 'id' | 'tagged_handle' | 'category' | 'state'>;

/**
 * The original's subject, category and state, shown and not editable: a reversal is about the
 * same subject, and the server copies them from the original whatever a form sends.
 */
export function InheritedFacts({ original }: { original: ReversalOriginal }) {
  const titleId = useId();
  const facts: Array<[string, string]> = [
    ["Subject's @handle", original.tagged_handle],
    ['Category', original.category.name],
    ['State/Province', original.state.name],
  ];
  return (
    <div role="group" aria-labelledby={titleId} className="rounded-md border border-border bg-muted/40 p-3 text-sm">
      <p id={titleId} className="font-medium">
        From the original tea
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="break-all font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The reversal's own words: its title and content, about the original's subject. */
export function ReversalTextFields({ form, subject }: { form: ReversalForm; subject: string }) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const [title, content] = useWatch({ control, name: ['title', 'content'] });
  return (
    <PostTextFields
      labels={{ title: 'Reversal Title', content: 'Reversal Content' }}
      values={{ title, content }}
      errors={{ title: errors.title?.message, content: errors.content?.message }}
      register={(field) => register(field)}
      setText={(field, next) => setValue(field, next, { shouldDirty: true, shouldValidate: true })}
      subject={subject}
    />
  );
}
