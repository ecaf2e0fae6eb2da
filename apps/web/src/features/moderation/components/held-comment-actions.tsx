import { HELD_REJECT_REASON_MAX, isRemovable, type StoredFinding } from '@kettle/shared';
import { Check, Eraser, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCommentDecision } from '../api/comment-desk';

const removable = (findings: readonly StoredFinding[]) => findings.some(isRemovable);

/** Approve, redact and approve, or reject (with an optional reason the writer reads) a held comment. */
export function HeldCommentActions({ id, findings }: { id: string; findings: readonly StoredFinding[] }) {
  const decide = useCommentDecision();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const busy = decide.isPending;
  if (rejecting) {
    return (
      <form
        className="flex w-full flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          decide.mutate({ kind: 'reject', id, reason });
        }}
      >
        <label htmlFor={reasonId} className="grid min-w-0 flex-1 gap-1 text-sm font-medium">
          Reason for its writer (optional)
          <Input
            id={reasonId}
            autoFocus
            value={reason}
            maxLength={HELD_REJECT_REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <Button type="submit" size="sm" variant="destructive" disabled={busy}>
          <X aria-hidden="true" /> Reject and refund
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => setRejecting(false)}>
          Cancel
        </Button>
      </form>
    );
  }
  return (
    <>
      {removable(findings) ? (
        <Button size="sm" disabled={busy} onClick={() => decide.mutate({ kind: 'redact-approve', id })}>
          <Eraser aria-hidden="true" /> Redact and approve
        </Button>
      ) : null}
      <Button size="sm" variant="outline" disabled={busy} onClick={() => decide.mutate({ kind: 'approve', id })}>
        <Check aria-hidden="true" /> Approve as written
      </Button>
      <Button size="sm" variant="destructive" disabled={busy} onClick={() => setRejecting(true)}>
        <X aria-hidden="true" /> Reject
      </Button>
    </>
  );
}

/** Keep, redact, or delete a published comment the guard flagged. */
export function FlaggedCommentActions({ id, findings }: { id: string; findings: readonly StoredFinding[] }) {
  const decide = useCommentDecision();
  const busy = decide.isPending;
  return (
    <>
      {removable(findings) ? (
        <Button size="sm" disabled={busy} onClick={() => decide.mutate({ kind: 'redact', id })}>
          <Eraser aria-hidden="true" /> Redact
        </Button>
      ) : null}
      <Button size="sm" variant="outline" disabled={busy} onClick={() => decide.mutate({ kind: 'keep', id })}>
        <Check aria-hidden="true" /> Keep as is
      </Button>
      <Button size="sm" variant="destructive" disabled={busy} onClick={() => decide.mutate({ kind: 'delete', id })}>
        <X aria-hidden="true" /> Delete
      </Button>
    </>
  );
}
