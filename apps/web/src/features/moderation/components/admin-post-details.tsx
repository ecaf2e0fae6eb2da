import { LIMITS, type OwnPost } from '@kettle/shared';
import { AtSign, Coins, ExternalLink, MapPin, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { GuardReasons } from '@/components/privacy/highlighted-text';
import { FlaggedTeaText, PrivacyFlags } from '@/components/privacy/privacy-review';
import { Badge } from '@/components/ui/badge';
import { BookmarkToggle } from './bookmark-toggle';
import { CollapsibleText } from './collapsible-text';
import { PostModerationActions } from './post-moderation-actions';
import { PostStatusBadge as StatusBadge } from '@/components/ui/post-status-badge';
import { Timestamp } from '@/components/ui/timestamp';

/** Everything an admin needs to judge a tea: badges, price, text, rejection reason, actions. */
export function AdminPostDetails({ post, authorAction }: { post: OwnPost; authorAction?: ReactNode }) {
  const review = post.privacy?.status === 'open' ? post.privacy : null;
  return (
    <div className="grid content-start gap-5">
      <div className="flex items-start justify-between gap-3">
        <h1 className="min-w-0 break-words font-display text-2xl font-bold sm:text-3xl">{post.title}</h1>
        <BookmarkToggle postId={post.id} />
      </div>

      <div className="flex flex-wrap gap-2">
        <Badge variant="outline">
          <Tag className="size-3.5" aria-hidden="true" /> {post.category.name}
        </Badge>
        <Badge variant="outline" title="Location">
          <MapPin className="size-3.5" aria-hidden="true" />
          <span className="sr-only">Location: </span>
          {post.state.name}
        </Badge>
        <Badge variant="secondary" className="max-w-full break-all">
          <AtSign className="size-3.5" aria-hidden="true" />
          <span className="sr-only">Tagged handle: </span>
          {post.tagged_handle.replace(/^@/, '')}
        </Badge>
        <StatusBadge status={post.status} />
        {post.original_post_id ? <Badge variant="default">Reversal</Badge> : null}
      </div>

      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-muted/60 p-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Unlock price</dt>
          <dd className="flex items-center gap-1 font-semibold">
            <Coins className="size-4 text-primary" aria-hidden="true" /> {post.unlock_price} Tea Coins
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Author</dt>
          <dd className="break-all font-semibold">{post.author_username}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Submitted</dt>
          <dd className="font-semibold">
            <Timestamp iso={post.created_at} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Votes</dt>
          <dd className="font-semibold">{post.vote_count}</dd>
        </div>
        {post.bounty > 0 ? (
          <div>
            <dt className="text-muted-foreground">Bounty</dt>
            <dd className="font-semibold">{post.bounty}</dd>
          </div>
        ) : null}
      </dl>

      {post.rejection_reason ? (
        <div className="rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <p className="font-semibold text-destructive">Rejection reason</p>
          <p className="mt-1 whitespace-pre-line break-words">{post.rejection_reason}</p>
        </div>
      ) : null}

      {review ? (
        <section
          aria-label="Privacy guard"
          className="grid gap-2 rounded-xl border border-amber-500/40 bg-amber-400/10 p-4"
        >
          <PrivacyFlags flags={review.flags} />
          <GuardReasons findings={review.findings} />
        </section>
      ) : null}

      <section aria-label="Description" className="grid gap-2">
        {review ? (
          <FlaggedTeaText review={review} title={post.title} content={post.content} evidenceLink={post.evidence_link} />
        ) : (
          <CollapsibleText text={post.content} limit={LIMITS.collapseAdmin} />
        )}
        {post.evidence_link ? (
          <a
            href={post.evidence_link}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
          >
            <ExternalLink className="size-4" aria-hidden="true" /> Evidence link
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}
      </section>

      <PostModerationActions post={post} authorAction={authorAction} />
    </div>
  );
}
