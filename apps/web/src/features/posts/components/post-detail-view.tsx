import { type PostDetail, formatCount } from '@kettle/shared';
import { Coins, ThumbsUp } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { ImageCarousel, toCarouselImages } from '@/components/ui/image-carousel';
import { Timestamp } from '@/components/ui/timestamp';
import { PostDetailBadges } from './post-detail-badges';
import { PostDetailContent } from './post-detail-content';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * One tea in full: the carousel beside the title, price, author, badges, content and the page's
 * actions. `collapse` picks how long content folds (product.md §2: cut at 300 characters on the post
 * page, four lines on the reversal page). `vote` (the upvote button with its count) and `flag`
 * (the report button) sit beside the title; without `vote` the count is shown as text.
 */
export function PostDetailView({
  post,
  collapse,
  actions,
  vote,
  flag,
}: {
  post: PostDetail;
  collapse: 'truncate' | 'clamp';
  actions?: ReactNode;
  vote?: ReactNode;
  flag?: ReactNode;
}) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="grid gap-6 lg:grid-cols-2 lg:gap-8">
      <ImageCarousel key={post.id} images={toCarouselImages(post)} title={post.title} locked={post.is_locked} />
      <div className="grid min-w-0 content-start gap-5">
        <div className="grid gap-2">
          <div className="flex items-start justify-between gap-3">
            {/* tabIndex -1: focus lands here when the control that had it goes (the report flag). */}
            <h1
              id={titleId}
              tabIndex={-1}
              className="min-w-0 break-words font-display text-2xl font-bold leading-tight outline-none sm:text-3xl"
            >
              {post.title}
            </h1>
            {vote || flag ? (
              <div className="flex shrink-0 items-center gap-2">
                {vote}
                {flag}
              </div>
            ) : null}
          </div>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1 font-semibold text-foreground">
              <Coins className="size-4 text-primary" aria-hidden="true" />
              <span className="sr-only">Unlock price: </span>
              {plural(post.unlock_price, 'Tea Coin', 'Tea Coins')}
            </span>
            <span>
              by <span className="break-all font-medium text-foreground">{post.author_username}</span>
            </span>
            <Timestamp iso={post.created_at} />
            {vote ? null : (
              <span className="inline-flex items-center gap-1">
                <ThumbsUp className="size-4" aria-hidden="true" />
                {plural(post.vote_count, 'vote', 'votes')}
              </span>
            )}
          </p>
        </div>
        <PostDetailBadges post={post} />
        <PostDetailContent post={post} collapse={collapse} />
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </article>
  );
}
