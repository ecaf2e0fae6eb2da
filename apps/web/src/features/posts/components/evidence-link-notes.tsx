import { useWatch } from 'react-hook-form';
import { GuardNotes } from '@/components/privacy/guard-notes';
import { useGuardFindings } from '@/lib/privacy-guard/use-guard-findings';
import type { PostForm } from '../hooks/use-post-form';

/** The privacy guard on the evidence link: a link to someone else's profile, or one carrying an address. */
export function EvidenceLinkNotes({ form }: { form: PostForm }) {
  const [link, handle] = useWatch({ control: form.control, name: ['evidence_link', 'tagged_handle'] });
  const text = typeof link === 'string' ? link : '';
  const findings = useGuardFindings(text, /^@\w+$/.test(handle) ? handle : undefined);
  return (
    <GuardNotes
      text={text}
      findings={findings}
      onFix={(next) => form.setValue('evidence_link', next, { shouldDirty: true, shouldValidate: true })}
    />
  );
}
