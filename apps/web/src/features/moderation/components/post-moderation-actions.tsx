import { ALLOWED_TRANSITIONS, type OwnPost } from '@kettle/shared';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDeletePost, useUpdatePostStatus } from '../api/post-mutations';
import { DeletePostDialog } from './delete-post-dialog';
import { RejectDialog } from './reject-dialog';

/** Approve / Reject as the moderation transitions allow (product.md §4), and Delete. */
export function PostModerationActions({ post }: { post: OwnPost }) {
  const navigate = useNavigate();
  const [rejecting, setRejecting] = useState(false);
  const status = useUpdatePostStatus();
  const remove = useDeletePost();
  const allowed = ALLOWED_TRANSITIONS[post.status];
  const busy = status.isPending || remove.isPending;

  return (
    <div className="flex flex-wrap gap-2">
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
