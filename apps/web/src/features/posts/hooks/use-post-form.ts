import { zodResolver } from '@hookform/resolvers/zod';
import { postCreateSchema, type PostCreateData, type PostCreateInput } from '@kettle/shared';
import { useForm, type UseFormReturn } from 'react-hook-form';

export type PostForm = UseFormReturn<PostCreateInput, unknown, PostCreateData>;

export const POST_FORM_DEFAULTS = {
  title: '',
  content: '',
  tagged_handle: '',
  category_id: '',
  state_id: '',
  evidence_link: '',
  bounty: '0',
  attested: false,
} satisfies PostCreateInput;

/** One form shape for teas and reversals (product.md §5): the shared schema, validated on every change. */
export const usePostForm = (): PostForm =>
  useForm<PostCreateInput, unknown, PostCreateData>({
    resolver: zodResolver(postCreateSchema),
    mode: 'onChange',
    defaultValues: POST_FORM_DEFAULTS,
  });
