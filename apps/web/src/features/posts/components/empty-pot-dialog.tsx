import { COSTS, type PostStatus } from '@kettle/shared';
import { Ban, Coins, LoaderCircle, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useEmptyPot } from '../api/empty-pot';

export type EmptyPotPost = { id: string; title: string; unlock_price?: number; unlock_count?: number | null };

const coins = (n: number) => `${n.toLocaleString()} Tea ${n === 1 ? 'Coin' : 'Coins'}`;

/**
 * Spec §2 'Empty Pot': the cost (and the balance), that it cannot be undone, and that a tea
 * someone else unlocked cannot be emptied. From the post's own page, success goes to My Teas.
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
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onPostPage = pathname.replace(/\/+$/, '') === `/posts/${post.id}`;
  const { mutate, isPending } = useEmptyPot({
    leave: onPostPage ? () => navigate('/my-teas', { replace: true }) : undefined,
  });
  const balance = user?.coin_balance;
  const short = balance !== undefined && balance < COSTS.emptyPot;
  const unlocked = (post.unlock_count ?? 0) > 0;

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
        <ul className="grid gap-3 text-sm">
          <li className="flex gap-2">
            <Coins className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              Emptying the pot costs <strong>{coins(COSTS.emptyPot)}</strong>.
              {post.unlock_price !== undefined ? (
                <> You need at least {coins(COSTS.emptyPot)} to empty the pot.</>
              ) : null}
              {balance !== undefined ? (
                <span className={short ? 'block font-semibold text-destructive' : 'block text-muted-foreground'}>
                  Your balance: {coins(balance)}
                </span>
              ) : null}
            </span>
          </li>
          <li className="flex gap-2">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            <span>This cannot be undone.</span>
          </li>
          <li className="flex gap-2">
            <Ban className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>
              A tea cannot be emptied once someone else has unlocked it.
              {unlocked ? (
                <span className="block font-semibold text-destructive">
                  {post.unlock_count === 1 ? '1 reader has' : `${post.unlock_count ?? 0} readers have`} already unlocked
                  this tea.
                </span>
              ) : null}
            </span>
          </li>
        </ul>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={isPending} aria-busy={isPending}>
            {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
            {isPending ? 'Emptying…' : 'Empty Pot'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** 'Empty Pot' and its dialog; nothing for a rejected tea (it cannot be emptied). */
export function EmptyPotButton({
  post,
  variant = 'outline',
  size = 'sm',
  className,
  'aria-describedby': describedBy,
}: { post: EmptyPotPost & { status: PostStatus } } & Pick<
  ButtonProps,
  'variant' | 'size' | 'className' | 'aria-describedby'
>) {
  const [open, setOpen] = useState(false);
  if (post.status === 'rejected') return null;
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        onClick={() => setOpen(true)}
        aria-describedby={describedBy}
      >
        <Trash2 aria-hidden="true" /> Empty Pot
      </Button>
      {open ? <EmptyPotDialog post={post} open onOpenChange={setOpen} /> : null}
    </>
  );
}
