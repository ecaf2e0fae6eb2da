import type { Appeal } from '@kettle/shared';
import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** What the decision touched, as the admin reviews it: the tea or comment's title, text and photos. */
export function AppealContent({ content }: { content: Appeal['content'] }) {
  const empty = !content || (!content.title && !content.text && content.image_urls.length === 0);
  if (empty) {
    return (
      <p className="text-sm italic text-muted-foreground">No tea or comment: the decision is about the account.</p>
    );
  }
  return (
    <div className="grid gap-2 text-sm">
      {content.title ? <p className="break-words font-semibold">{content.title}</p> : null}
      {content.text ? <p className="line-clamp-6 whitespace-pre-line break-words">{content.text}</p> : null}
      {content.image_urls.length > 0 ? (
        <ul aria-label="Photos" className="flex flex-wrap gap-2">
          {content.image_urls.map((url, index) => (
            <li key={url}>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="block rounded-md focus-visible:outline-2"
              >
                <img
                  src={url}
                  alt={`Photo ${index + 1} (opens in a new tab)`}
                  loading="lazy"
                  className="size-20 rounded-md border border-border object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {content.post_id ? (
        <Button asChild variant="link" size="sm" className="h-auto justify-self-start px-0">
          <Link to={`/admin/posts/${content.post_id}`}>
            <Eye aria-hidden="true" /> View the tea
          </Link>
        </Button>
      ) : null}
    </div>
  );
}
