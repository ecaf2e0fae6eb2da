import { ERROR_CODES, type PostCard } from '@kettle/shared';
import { LoaderCircle, LockOpen } from 'lucide-react';
import { useId, useState, type RefObject } from 'react';
import { CostNotice } from '@/components/forms/cost-notice';
import { InsufficientCoinsAlert } from '@/components/forms/insufficient-coins-alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  returnFocus,
} from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useCoinCost } from '@/lib/coin-cost';
import { toastError } from '@/lib/toast-store';
import { useUnlockPost } from '../api/unlock-post';

export const UNLOCK_FAILED = { title: 'Unlock Failed', description: 'Failed to unlock post. Please try again.' };

type UnlockDialogProps = {
  post: Pick<PostCard, 'id' | 'title' | 'unlock_price'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog without being its trigger: focus goes back to it on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/** The API's own reason (email not verified, post gone); for a server or network failure, the catalogue's. */
const failureMessage = (error: Error): string =>
  error instanceof ApiError && error.status < 500 && error.message ? error.message : UNLOCK_FAILED.description;

/**
 * Asks before spending coins: the price and the reader's balance, then Cancel or Unlock (product.md §4).
 * A short balance disables Unlock and says how many coins are missing, before any click.
 */
export function UnlockDialog({ post, open, onOpenChange, returnFocusTo }: UnlockDialogProps) {
  const price = useCoinCost(post.unlock_price);
  const costId = useId();
  const { mutate, isPending } = useUnlockPost();
  const [coinsShort, setCoinsShort] = useState<string | null>(null);

  const change = (next: boolean) => {
    if (isPending) return;
    setCoinsShort(null);
    onOpenChange(next);
  };

  const confirm = () =>
    mutate(post.id, {
      onSuccess: () => change(false),
      onError: (error) => {
        if (error instanceof ApiError && error.code === ERROR_CODES.insufficientCoins) {
          setCoinsShort(error.message);
          return;
        }
        onOpenChange(false);
        toastError(failureMessage(error), UNLOCK_FAILED.title);
      },
    });

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent role="alertdialog" className="max-w-md" onCloseAutoFocus={returnFocus(returnFocusTo)}>
        <div className="flex flex-col gap-1.5 pr-8">
          <DialogTitle>Unlock this tea?</DialogTitle>
          <DialogDescription>
            Unlocking &ldquo;{post.title}&rdquo; shows its full content and tagged handle. You pay once and keep access.
          </DialogDescription>
        </div>
        <CostNotice price={price} id={costId} label="Price" />
        {coinsShort ? <InsufficientCoinsAlert message={coinsShort} /> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            onClick={confirm}
            disabled={isPending || price.shortfall > 0}
            aria-busy={isPending}
            aria-describedby={costId}
          >
            {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <LockOpen aria-hidden="true" />}
            {isPending ? 'Unlocking…' : 'Unlock'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
