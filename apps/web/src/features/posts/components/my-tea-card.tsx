import { type MyPost, formatCount } from '@kettle/shared';
import { Coins, Eye, LockOpen, MapPin, Repeat2, Tag, ThumbsUp } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PrivacyNotice } from '@/components/privacy/privacy-notice';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PostPlaceholder } from '@/components/ui/post-placeholder';
import { PostStatusBadge } from '@/components/ui/post-status-badge';
import { EmptyPotButton } from './empty-pot-button';

/** A control the page adds beside View Tea (the appeal of a rejected tea), described by the card's title. */
export type RenderTeaAction = (post: MyPost, titleId: string) => ReactNode;

/** One of the user's own teas on My Teas, with its moderation status, View Tea and Empty Pot. */
export function MyTeaCard({ post, renderAction }: { post: MyPost; renderAction?: RenderTeaAction }) {
  const titleId = useId();
  const image = post.image_urls[0];
  const reason = post.status === 'rejected' ? post.rejection_reason?.trim() : undefined;

  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col overflow-hidden">
      <div className="relative aspect-2/1 sm:aspect-video">
        {image ? (
          <img src={image} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <PostPlaceholder id={post.id} className="size-full" />
        )}
        <div className="absolute inset-x-3 top-3 flex flex-wrap items-start justify-between gap-2">
          <PostStatusBadge status={post.status} className="shadow-sm" />
          <div className="flex flex-wrap justify-end gap-2">
            {post.original_post_id ? (
              <Badge variant="default" className="shadow-sm">
                <Repeat2 className="size-3.5" aria-hidden="true" /> Reversal
              </Badge>
            ) : null}
            <Badge className="bg-card/90 text-foreground shadow-sm" title="Unlock price">
              <Coins className="size-3.5 text-primary" aria-hidden="true" />
              {formatCount(post.unlock_price)} coins
            </Badge>
          </div>
        </div>
        {post.unlock_count > 0 ? (
          <Badge className="absolute bottom-3 left-3 bg-card/90 text-foreground shadow-sm">
            <LockOpen className="size-3.5" aria-hidden="true" /> {formatCount(post.unlock_count)} unlocked
          </Badge>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col gap-3 p-5">
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
        <h2 id={titleId} className="break-words font-display text-xl font-semibold leading-snug">
          {post.title}
        </h2>
        <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-muted-foreground">{post.content}</p>
        <PrivacyNotice review={post.privacy} />
        {reason ? (
          <p className="rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-foreground">
            <span className="font-semibold text-destructive">Reason:</span> {reason}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3 text-sm">
          <span className="min-w-0 break-all text-muted-foreground">
            Tagged: <span className="font-medium text-foreground">{post.tagged_handle}</span>
          </span>
          <span className="inline-flex items-center gap-1 text-muted-foreground" title="Votes">
            <ThumbsUp className="size-4" aria-hidden="true" />
            {formatCount(post.vote_count)}
            <span className="sr-only">{post.vote_count === 1 ? 'vote' : 'votes'}</span>
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" className="flex-1">
            <Link to={`/posts/${post.id}`} aria-describedby={titleId}>
              <Eye aria-hidden="true" /> View Tea
            </Link>
          </Button>
          <EmptyPotButton post={post} className="flex-1" aria-describedby={titleId} />
          {renderAction?.(post, titleId)}
        </div>
      </div>
    </Card>
  );
}
