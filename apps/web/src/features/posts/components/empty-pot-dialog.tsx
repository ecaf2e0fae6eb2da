import { COSTS, teaCoins, type EmptyPotRefusal } from '@kettle/shared';
import { Ban, Coins, LoaderCircle, Trash2, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CostNotice } from '@/components/forms/cost-notice';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useCoinCost } from '@/lib/coin-cost';
import { useEmptyPot } from '../api/empty-pot';

export type EmptyPotPost = {
  id: string;
  title: string;
  unlock_price?: number;
  /** The server's answer (abilities travel with the data); null when this viewer may empty it. */
  empty_pot_refusal: EmptyPotRefusal | null;
};

/**
 * product.md §2 'Empty Pot': the cost against the balance, that it cannot be undone, and that a tea
 * someone else unlocked cannot be emptied. A short balance disables the confirm before any click.
 * From the post's own page, success goes to My Teas.
 */
export function EmptyPotDialog({
  post,
  open,
  onOpenChange,
}: {
  post: EmptyPotPost;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const price = useCoinCost(COSTS.emptyPot);
  const costId = useId();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onPostPage = pathname.replace(/\/+$/, '') === `/posts/${post.id}`;
  const { mutate, isPending } = useEmptyPot({
    leave: onPostPage ? () => navigate('/my-teas', { replace: true }) : undefined,
  });

  // The notices come from the mutation itself; here the dialog only closes.
  const confirm = () => mutate(post.id, { onSettled: () => onOpenChange(false) });

  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent role="alertdialog" className="max-w-md">
        <div className="flex flex-col gap-1.5 pr-8">
          <DialogTitle>Empty the pot?</DialogTitle>
          <DialogDescription>
            This deletes &ldquo;{post.title}&rdquo; with its images, votes and comments.
          </DialogDescription>
        </div>
        <CostNotice price={price} id={costId} />
        <ul className="grid gap-3 text-sm">
          <li className="flex gap-2">
            <Coins className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              Emptying the pot costs <strong>{teaCoins(COSTS.emptyPot)}</strong>.
              {post.unlock_price !== undefined ? (
                <> You need at least {teaCoins(COSTS.emptyPot)} to empty the pot.</>
              ) : null}
            </span>
          </li>
          <li className="flex gap-2">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            <span>This cannot be undone.</span>
          </li>
          <li className="flex gap-2">
            <Ban className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>A tea cannot be emptied once someone else has unlocked it.</span>
          </li>
        </ul>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={confirm}
            disabled={isPending || price.shortfall > 0}
            aria-busy={isPending}
            aria-describedby={costId}
          >
            {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
            {isPending ? 'Emptying…' : 'Empty Pot'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
