import { zodResolver } from '@hookform/resolvers/zod';
import { reversalFieldsSchema, type ReversalFieldsData, type ReversalFieldsInput } from '@kettle/shared';
import { useForm, type UseFormReturn } from 'react-hook-form';

export type ReversalForm = UseFormReturn<ReversalFieldsInput, unknown, ReversalFieldsData>;

/**
 * A reversal's own words only: its subject's handle, category and state are the original's
 * (the shared schema leaves them out and the server copies them), validated on every change.
 */
export const useReversalForm = (): ReversalForm =>
  useForm<ReversalFieldsInput, unknown, ReversalFieldsData>({
    resolver: zodResolver(reversalFieldsSchema),
    mode: 'onChange',
    defaultValues: { title: '', content: '', evidence_link: '', bounty: '0', attested: false },
  });
