import { LIMITS, type OwnPost } from '@kettle/shared';
import { Check, Eraser, MapPin, Pencil, ShieldCheck, Tag, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { GuardReasons } from '@/components/privacy/highlighted-text';
import { canRedact, FlaggedTeaText, PrivacyFlags } from '@/components/privacy/privacy-review';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { truncate } from '@/components/ui/collapsible-text';
import { Timestamp } from '@/components/ui/timestamp';
import { useUpdatePostStatus } from '../api/post-mutations';
import { useKeepTea, useRedactAndApprove } from '../api/privacy-decisions';
import { RejectDialog } from './reject-dialog';

/**
 * One tea waiting for review, with its approve / reject / edit actions. A tea the privacy guard
 * flagged shows its flags and marked spans, and "Redact and approve"; one already published (the
 * scan's) is kept as it is, redacted, or taken down.
 */
export function ModerationCard({ post }: { post: OwnPost }) {
  const titleId = useId();
  const [rejecting, setRejecting] = useState(false);
  const status = useUpdatePostStatus();
  const redact = useRedactAndApprove();
  const keep = useKeepTea();
  const { mutate } = status;
  const isPending = status.isPending || redact.isPending || keep.isPending;
  const images = post.image_urls.slice(0, LIMITS.maxImages);
  const review = post.privacy?.status === 'open' ? post.privacy : null;
  const published = post.status === 'approved';

  return (
    <Card className="flex flex-col gap-4 p-5" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="min-w-0 break-words font-display text-xl font-semibold">
          {post.title}
        </h2>
        {post.original_post_id ? <Badge variant="default">Reversal</Badge> : null}
        {published ? <Badge variant="success">Published</Badge> : null}
      </div>

      {review ? <PrivacyFlags flags={review.flags} /> : null}

      <div className="flex flex-wrap gap-2 text-sm">
        <Badge variant="outline">
          <Tag className="size-3.5" aria-hidden="true" /> {post.category.name}
        </Badge>
        <Badge variant="outline" title="Location">
          <MapPin className="size-3.5" aria-hidden="true" /> {post.state.name}
        </Badge>
        <Badge variant="secondary" className="max-w-full break-all">
          {post.tagged_handle}
        </Badge>
      </div>

      <p className="text-sm text-muted-foreground">
        By <span className="font-medium text-foreground">{post.author_username}</span> ·{' '}
        <Timestamp iso={post.created_at} prefix="submitted " />
      </p>

      {review ? (
        <>
          <FlaggedTeaText review={review} title={post.title} content={post.content} evidenceLink={post.evidence_link} />
          <GuardReasons findings={review.findings} />
        </>
      ) : (
        <p className="whitespace-pre-line break-words">{truncate(post.content, LIMITS.collapseAdmin)}</p>
      )}

      {images.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Images">
          {images.map((url, index) => (
            <li key={url}>
              <img
                src={url}
                alt={`Image ${index + 1} of ${images.length}`}
                loading="lazy"
                className="size-16 rounded-lg border border-border object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}

      <div className="mt-auto flex flex-wrap gap-2 border-t border-border pt-4">
        {canRedact(review) ? (
          <Button size="sm" disabled={isPending} onClick={() => redact.mutate(post.id)} className="flex-1 sm:flex-none">
            <Eraser aria-hidden="true" /> {published ? 'Redact' : 'Redact and approve'}
          </Button>
        ) : null}
        {published ? (
          review ? (
            <Button
              size="sm"
              variant="outline"
              disabled={isPending}
              onClick={() => keep.mutate(post.id)}
              className="flex-1 sm:flex-none"
            >
              <ShieldCheck aria-hidden="true" /> Keep as is
            </Button>
          ) : null
        ) : (
          <Button
            size="sm"
            variant={canRedact(review) ? 'outline' : 'default'}
            disabled={isPending}
            onClick={() => mutate({ id: post.id, status: 'approved' })}
            className="flex-1 sm:flex-none"
          >
            <Check aria-hidden="true" /> {review ? 'Approve as written' : 'Approve'}
          </Button>
        )}
        <Button
          size="sm"
          variant="destructive"
          disabled={isPending}
          onClick={() => setRejecting(true)}
          className="flex-1 sm:flex-none"
        >
          <X aria-hidden="true" /> {published ? 'Take down' : 'Reject'}
        </Button>
        <Button asChild size="sm" variant="outline" className="flex-1 sm:flex-none">
          <Link to={`/admin/posts/${post.id}`}>
            <Pencil aria-hidden="true" /> Edit / View
          </Link>
        </Button>
      </div>

      <RejectDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={post.title}
        published={published}
        pending={isPending}
        onConfirm={(reason) =>
          mutate({ id: post.id, status: 'rejected', reason }, { onSuccess: () => setRejecting(false) })
        }
      />
    </Card>
  );
}
