import { LIMITS } from '@kettle/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { GuardedTextarea } from '@/components/privacy/guarded-textarea';
import { GuardNotes } from '@/components/privacy/guard-notes';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useGuardFindings } from '@/lib/privacy-guard/use-guard-findings';

type TextField = 'title' | 'content';

/** 'n/max characters' under a text field, red past the limit. */
export function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span className={length > max ? 'text-destructive' : undefined}>
      {length}/{max}
      <span className="sr-only"> characters</span>
    </span>
  );
}

/**
 * A tea's or a reversal's title and content, read by the privacy guard as they are typed: the
 * content's findings marked in the box, every finding's note and fix under its field. The subject's
 * own handle is not someone else's profile.
 */
export function PostTextFields({
  labels,
  values,
  errors,
  register,
  setText,
  subject,
}: {
  labels: Record<TextField, string>;
  values: Record<TextField, string>;
  errors: Partial<Record<TextField, string>>;
  register: (field: TextField) => UseFormRegisterReturn<TextField>;
  /** Puts a fixed text into the field, validated and marked as changed. */
  setText: (field: TextField, next: string) => void;
  subject?: string;
}) {
  const titleFindings = useGuardFindings(values.title, subject);
  const contentFindings = useGuardFindings(values.content, subject);
  return (
    <>
      <FormField
        label={labels.title}
        error={errors.title}
        hint={<Counter length={values.title.length} max={LIMITS.titleMax} />}
      >
        <Input autoComplete="off" {...register('title')} />
      </FormField>
      <GuardNotes text={values.title} findings={titleFindings} onFix={(next) => setText('title', next)} />
      <FormField
        label={labels.content}
        error={errors.content}
        hint={<Counter length={values.content.length} max={LIMITS.contentMax} />}
      >
        <GuardedTextarea rows={7} text={values.content} findings={contentFindings} {...register('content')} />
      </FormField>
      <GuardNotes text={values.content} findings={contentFindings} onFix={(next) => setText('content', next)} />
    </>
  );
}
