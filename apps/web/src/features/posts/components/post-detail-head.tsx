import { LIMITS } from '@kettle/shared';
import { useEffect } from 'react';
import { usePageTitle } from '@/lib/use-page-title';

/** The first 160 characters of content, on one line (product.md §2: the page's meta description). */
export const metaDescription = (content: string): string =>
  content.replace(/\s+/g, ' ').trim().slice(0, LIMITS.metaDescriptionChars);

/**
 * '{title} | Kettle' and meta[name=description] for a post page. The description is put back as
 * it was when the page is left, so other pages keep the site's own description.
 */
export function PostDetailHead({ title, content }: { title: string; content?: string }) {
  usePageTitle(title);
  useEffect(() => {
    if (content === undefined) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = metaDescription(content);
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [content]);
  return null;
}
