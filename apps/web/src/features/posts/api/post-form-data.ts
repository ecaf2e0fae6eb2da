import type { PostCreateData, ReversalFieldsData } from '@kettle/shared';

/** A tea's fields, or a reversal's (which has no handle, category or state: the original's are used). */
type PostFormValues = ReversalFieldsData & Partial<Pick<PostCreateData, 'category_id' | 'state_id' | 'tagged_handle'>>;

/** product.md §3: multipart, every field as text, files under `images`; an empty evidence link is left out. */
export function buildPostFormData(values: PostFormValues, images: readonly File[]): FormData {
  const form = new FormData();
  form.set('title', values.title);
  form.set('content', values.content);
  if (values.category_id) form.set('category_id', values.category_id);
  if (values.state_id) form.set('state_id', values.state_id);
  if (values.tagged_handle) form.set('tagged_handle', values.tagged_handle);
  form.set('bounty', String(values.bounty));
  if (values.evidence_link) form.set('evidence_link', values.evidence_link);
  form.set('attested', String(values.attested));
  for (const image of images) form.append('images', image, image.name);
  return form;
}
