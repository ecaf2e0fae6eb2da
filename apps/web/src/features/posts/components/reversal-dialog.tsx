import { COSTS } from '@kettle/shared';
import type { RefObject } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle, returnFocus } from '@/components/ui/dialog';
import { ReversalForm } from './reversal-form';
import type { ReversalOriginal } from './reversal-fields';

export type ReversalDialogProps = {
  original: ReversalOriginal;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog without being its trigger: focus goes back to it on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/** 'Submit Reversal' over a post (product.md §2): at most 90% of the viewport high, scrolling inside. */
export function ReversalDialog({ original, open, onOpenChange, returnFocusTo }: ReversalDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={returnFocus(returnFocusTo)}>
        <div className="flex flex-col gap-1.5 pr-6">
          <DialogTitle>Submit Reversal</DialogTitle>
          <DialogDescription>
            Tell the other side of this tea. A reversal costs {COSTS.submitReversal} Tea Coins, and moderators review it
            before it is published.
          </DialogDescription>
        </div>
        <ReversalForm original={original} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
