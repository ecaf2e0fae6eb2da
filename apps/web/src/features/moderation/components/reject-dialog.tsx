import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const REASON_MAX = 500;
/** The appeal window of product.md §9, during which a rejected tea keeps its photos. */
const APPEAL_WINDOW_DAYS = 30;

/** What rejecting does, said for a pending tea or a published one (readers lose it and are refunded). */
function consequences(title: string, published: boolean): string {
  const fate = published
    ? `“${title}” will be unpublished: readers who unlocked it lose access and get their coins back.`
    : `“${title}” will not be published.`;
  return `${fate} Its photos, if any, are kept for ${APPEAL_WINDOW_DAYS} days in case it is re-approved on appeal, then deleted.`;
}

/** Asks for an optional rejection reason; the author sees it with the rejection notice. */
export function RejectDialog({
  open,
  onOpenChange,
  title,
  published,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The tea is live now (approved): rejecting takes it down. */
  published: boolean;
  pending: boolean;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const id = useId();
  const change = (next: boolean) => {
    if (!next) setReason('');
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogTitle>Reject this tea?</DialogTitle>
        <DialogDescription>
          {consequences(title, published)} The author is notified, with your reason if you give one.
        </DialogDescription>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm(reason);
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={id}>Reason (optional)</Label>
            <Textarea
              id={id}
              value={reason}
              maxLength={REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
              placeholder="Why is this tea rejected?"
            />
            <p className="text-right text-xs text-muted-foreground">
              {reason.length}/{REASON_MAX}
            </p>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={pending} aria-busy={pending}>
              Reject
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
