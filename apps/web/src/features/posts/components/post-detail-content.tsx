import { LIMITS, lockedPreview, type PostDetail } from '@kettle/shared';
import { ExternalLink } from 'lucide-react';
import { CollapsibleText } from '@/components/ui/collapsible-text';
import { PostDetailLockPanel } from './post-detail-lock-panel';

/**
 * Locked: the 150-character preview, fading out, and the lock panel. Unlocked: the full text,
 * collapsed past 300 characters, either cut there ('truncate', the post page) or clamped to four
 * lines ('clamp', the reversal page). The evidence link follows when the post has one.
 */
export function PostDetailContent({ post, collapse }: { post: PostDetail; collapse: 'truncate' | 'clamp' }) {
  return (
    <section aria-label="Tea" className="grid gap-4">
      {post.is_locked ? (
        <>
          <p
            data-testid="locked-preview"
            className="select-none whitespace-pre-line break-words leading-relaxed text-muted-foreground [mask-image:linear-gradient(to_bottom,#000_45%,rgb(0_0_0/0.35))]"
          >
            {lockedPreview(post.content)}
          </p>
          <PostDetailLockPanel post={post} />
        </>
      ) : (
        <CollapsibleText text={post.content} limit={LIMITS.collapsePublic} mode={collapse} lines={4} />
      )}
      {post.evidence_link && !post.is_locked ? (
        <a
          href={post.evidence_link}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ExternalLink className="size-4" aria-hidden="true" /> Evidence link
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}
