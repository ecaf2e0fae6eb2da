import { LIMITS, type OwnPost } from '@kettle/shared';
import { MapPin, Repeat2, Tag } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { truncate } from '@/components/ui/collapsible-text';
import { PostPlaceholder } from '@/components/ui/post-placeholder';
import { PostStatusBadge } from '@/components/ui/post-status-badge';
import { Timestamp } from '@/components/ui/timestamp';

/** One tea in the admin feed: a 40-character preview, its status, and a link to review it. */
export function AdminFeedCard({ post }: { post: OwnPost }) {
  const titleId = useId();
  const image = post.image_urls[0];

  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      className="relative flex flex-col overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
    >
      <div className="relative aspect-3/1 overflow-hidden">
        {image ? (
          <img src={image} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <PostPlaceholder id={post.id} className="size-full [&_svg]:size-8" />
        )}
        <div className="absolute inset-x-3 top-3 flex flex-wrap items-start justify-between gap-2">
          <PostStatusBadge status={post.status} className="shadow-sm" />
          {post.original_post_id ? (
            <Badge variant="default" className="shadow-sm">
              <Repeat2 className="size-3.5" aria-hidden="true" /> Reversal
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 id={titleId} className="break-words font-display text-lg font-semibold leading-snug">
          {/* The link stretches over the whole card: one tab stop, the whole card clickable. */}
          <Link to={`/admin/posts/${post.id}`} className="outline-none after:absolute after:inset-0 hover:text-primary">
            {post.title}
          </Link>
        </h2>
        <p className="break-words text-sm text-muted-foreground">{truncate(post.content, LIMITS.adminPreviewChars)}</p>
        <div className="flex flex-wrap gap-2">
          <Badge variant="outline">
            <Tag className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Category: </span>
            {post.category.name || 'General'}
          </Badge>
          <Badge variant="outline">
            <MapPin className="size-3.5" aria-hidden="true" />
            <span className="sr-only">State: </span>
            {post.state.name || 'Unknown'}
          </Badge>
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-border pt-2 text-sm text-muted-foreground">
          <span className="min-w-0 break-all">
            By <span className="font-medium text-foreground">{post.author_username}</span> ·{' '}
            <span className="font-medium text-foreground">{post.tagged_handle}</span>
          </span>
          <Timestamp iso={post.created_at} />
        </div>
      </div>
    </Card>
  );
}
