import type { PostCreateData } from '@kettle/shared';

/** product.md §3: multipart, every field as text, files under `images`; an empty evidence link is left out. */
export function buildPostFormData(values: PostCreateData, images: readonly File[]): FormData {
  const form = new FormData();
  form.set('title', values.title);
  form.set('content', values.content);
  form.set('category_id', values.category_id);
  form.set('state_id', values.state_id);
  form.set('tagged_handle', values.tagged_handle);
  form.set('bounty', String(values.bounty));
  if (values.evidence_link) form.set('evidence_link', values.evidence_link);
  for (const image of images) form.append('images', image, image.name);
  return form;
}
