import { ALLOWED_TRANSITIONS, type OwnPost } from '@kettle/shared';
import { Check, Eraser, ShieldCheck, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { canRedact } from '@/components/privacy/privacy-review';
import { Button } from '@/components/ui/button';
import { useDeletePost, useUpdatePostStatus } from '../api/post-mutations';
import { useKeepTea, useRedactAndApprove } from '../api/privacy-decisions';
import { DeletePostDialog } from './delete-post-dialog';
import { RejectDialog } from './reject-dialog';

type PostModerationActionsProps = {
  post: OwnPost;
  /** The page's Take Action control for the author: another feature's, so it comes in as a slot. */
  authorAction?: ReactNode;
};

/** Approve / Reject as the moderation transitions allow (product.md §4), Delete, and acting on the author. */
export function PostModerationActions({ post, authorAction }: PostModerationActionsProps) {
  const navigate = useNavigate();
  const [rejecting, setRejecting] = useState(false);
  const status = useUpdatePostStatus();
  const remove = useDeletePost();
  const redact = useRedactAndApprove();
  const keep = useKeepTea();
  const allowed = ALLOWED_TRANSITIONS[post.status];
  const busy = status.isPending || remove.isPending || redact.isPending || keep.isPending;
  const published = post.status === 'approved';
  const open = post.privacy?.status === 'open';

  return (
    <div className="flex flex-wrap gap-2">
      {canRedact(post.privacy) && (published || allowed.includes('approved')) ? (
        <Button disabled={busy} onClick={() => redact.mutate(post.id)}>
          <Eraser aria-hidden="true" /> {published ? 'Redact' : 'Redact and approve'}
        </Button>
      ) : null}
      {open && published ? (
        <Button variant="outline" disabled={busy} onClick={() => keep.mutate(post.id)}>
          <ShieldCheck aria-hidden="true" /> Keep as is
        </Button>
      ) : null}
      {allowed.includes('approved') ? (
        <Button disabled={busy} onClick={() => status.mutate({ id: post.id, status: 'approved' })}>
          <Check aria-hidden="true" /> Approve
        </Button>
      ) : null}
      {allowed.includes('rejected') ? (
        <Button variant="destructive" disabled={busy} onClick={() => setRejecting(true)}>
          <X aria-hidden="true" /> Reject
        </Button>
      ) : null}
      <DeletePostDialog
        title={post.title}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(post.id, { onSuccess: () => void navigate('/admin/', { replace: true }) })}
      />
      {authorAction}
      <RejectDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={post.title}
        published={post.status === 'approved'}
        pending={status.isPending}
        onConfirm={(reason) =>
          status.mutate({ id: post.id, status: 'rejected', reason }, { onSuccess: () => setRejecting(false) })
        }
      />
    </div>
  );
}
