import { CollapsibleText as SharedCollapsibleText } from '@/components/ui/collapsible-text';

/** Long text collapses past `limit` characters, with 'Read More' / 'Show Less' (the admin view's wording). */
export function CollapsibleText({ text, limit }: { text: string; limit: number }) {
  return <SharedCollapsibleText text={text} limit={limit} moreLabel="Read More" lessLabel="Show Less" />;
}
