import { lockedPreview, type PostCard as PostCardData, formatCount } from '@kettle/shared';
import { ArrowRight, Lock, LockOpen, MapPin, Repeat2, Tag, ThumbsUp } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PostImage } from '@/components/ui/post-image';
import { PostPlaceholder } from '@/components/ui/post-placeholder';
import { Timestamp } from '@/components/ui/timestamp';
import { BountyBadge } from './bounty-badge';
import { ReversalAction, UnlockAction } from './post-card-actions';

const coins = (n: number) => `${formatCount(n)} ${n === 1 ? 'coin' : 'coins'}`;

/** The preview the server sent: for a locked post already cut to 150 characters, shown faded. */
function PostContent({ post }: { post: PostCardData }) {
  if (post.is_locked) {
    return (
      <div className="relative">
        <p
          data-locked="true"
          className="select-none whitespace-pre-line break-words text-sm text-muted-foreground blur-[1.5px] mask-b-from-30% mask-b-to-100%"
        >
          {lockedPreview(post.content)}
        </p>
        <Badge className="absolute bottom-0 left-1/2 -translate-x-1/2 bg-card text-foreground shadow-sm ring-1 ring-border">
          <Lock className="size-3.5 text-primary" aria-hidden="true" />
          <span className="sr-only">Locked, unlock price </span>
          {coins(post.unlock_price)}
        </Badge>
      </div>
    );
  }
  return <p className="line-clamp-4 whitespace-pre-line break-words text-sm text-foreground/90">{post.content}</p>;
}

/**
 * A successful unlock swaps the Unlock button (and its dialog) for View Full, so focus would fall
 * to the page: it goes to the link in the button's place. Only when nothing else holds focus, so
 * an unlock seen from elsewhere never moves it.
 */
function useFocusAfterUnlock(locked: boolean) {
  const link = useRef<HTMLAnchorElement>(null);
  const wasLocked = useRef(locked);
  useEffect(() => {
    const unlocked = wasLocked.current && !locked;
    wasLocked.current = locked;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (unlocked && lost) link.current?.focus();
  }, [locked]);
  return link;
}

/** One tea on the public list (product.md §2): locked previews, its unlock price, and its reversal link. */
export function PostCard({ post }: { post: PostCardData }) {
  const titleId = useId();
  const image = post.image_urls[0];
  const viewFull = useFocusAfterUnlock(post.is_locked);

  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col overflow-hidden">
      <div className="relative aspect-2/1 overflow-hidden sm:aspect-video">
        {image ? (
          <PostImage
            src={image}
            alt={post.is_locked ? 'Photo' : ''}
            locked={post.is_locked}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : (
          <PostPlaceholder id={post.id} className="size-full" />
        )}
        <div className="absolute inset-x-3 top-3 flex flex-wrap items-start justify-between gap-2">
          {post.original_post_id ? (
            <Badge variant="default" className="shadow-sm">
              <Repeat2 className="size-3.5" aria-hidden="true" /> Reversal
            </Badge>
          ) : (
            <span />
          )}
          {post.is_locked ? null : (
            <Badge className="bg-card/90 text-foreground shadow-sm" title="Unlock price">
              <LockOpen className="size-3.5 text-primary" aria-hidden="true" />
              <span className="sr-only">Unlocked, price </span>
              {coins(post.unlock_price)}
            </Badge>
          )}
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap gap-2">
          <Badge variant="outline">
            <Tag className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Category: </span>
            {post.category.name}
          </Badge>
          <Badge variant="outline">
            <MapPin className="size-3.5" aria-hidden="true" />
            <span className="sr-only">State: </span>
            {post.state.name}
          </Badge>
          <BountyBadge post={post} />
        </div>
        <h2 id={titleId} className="break-words font-display text-xl font-semibold leading-snug">
          <Link to={`/posts/${post.id}`} className="hover:text-primary hover:underline underline-offset-4">
            {post.title}
          </Link>
        </h2>
        <PostContent post={post} />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="min-w-0 break-all">
            By <span className="font-medium text-foreground">{post.author_username}</span>
          </span>
          <span className="min-w-0 break-all">
            Tagged: <span className="font-medium text-foreground">{post.tagged_handle}</span>
          </span>
        </div>
        <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1" title="Votes">
            <ThumbsUp className="size-4" aria-hidden="true" />
            {formatCount(post.vote_count)}
            <span className="sr-only">{post.vote_count === 1 ? 'vote' : 'votes'}</span>
          </span>
          <Timestamp iso={post.created_at} />
        </div>
        <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-border pt-3 [&>*]:grow">
          {post.is_locked ? (
            <UnlockAction post={post} />
          ) : (
            <Button asChild size="sm" variant="secondary">
              <Link ref={viewFull} to={`/posts/${post.id}`} aria-label={`View Full: ${post.title}`}>
                View Full <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          )}
          <ReversalAction post={post} />
        </div>
      </div>
    </Card>
  );
}
