import { POST_CARD_MESSAGES } from '@kettle/shared';
import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import type { EmptyPotPost } from './empty-pot-dialog';

// The dialog and its primitives load on the first click.
const EmptyPotDialog = lazy(() => import('./empty-pot-dialog').then((m) => ({ default: m.EmptyPotDialog })));

/**
 * 'Empty Pot' and its dialog, as the server's `empty_pot_refusal` allows: nothing for someone
 * else's tea or a rejected one (product.md §2 hides it); for a tea someone unlocked, a disabled button
 * with the reason in text under it, instead of a confirm that could only fail.
 */
export function EmptyPotButton({
  post,
  variant = 'outline',
  size = 'sm',
  className,
  'aria-describedby': describedBy,
}: { post: EmptyPotPost } & Pick<ButtonProps, 'variant' | 'size' | 'className' | 'aria-describedby'>) {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const refusal = post.empty_pot_refusal;
  if (refusal === 'not_author' || refusal === 'rejected') return null;
  if (refusal === 'unlocked') {
    // The reason takes a line of its own in the parent's wrapping row (card or post actions).
    return (
      <>
        <Button
          variant={variant}
          size={size}
          className={className}
          disabled
          aria-describedby={describedBy ? `${reasonId} ${describedBy}` : reasonId}
        >
          <Trash2 aria-hidden="true" /> Empty Pot
        </Button>
        <p id={reasonId} className="basis-full text-xs text-muted-foreground">
          {POST_CARD_MESSAGES.potUnlocked}
        </p>
      </>
    );
  }
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
      {open ? (
        <Suspense fallback={null}>
          <EmptyPotDialog post={post} open onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
