import { APPEAL_REVIEWER_TEXT, type Appealable } from '@kettle/shared';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { AppealForm } from './appeal-form';
import { DecisionDetails } from './decision-details';

type AppealDialogProps = {
  appealable: Appealable;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog has no Radix trigger, so its opener says where focus goes back. */
  onCloseAutoFocus?: (event: Event) => void;
};

/** 'Appeal this decision' (issue 14): the decision as it was taken, and the user's statement. */
export function AppealDialog({ appealable, open, onOpenChange, onCloseAutoFocus }: AppealDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle className="pr-8">Appeal this decision</DialogTitle>
        <DialogDescription>
          {/* Who reviews is what the server will enforce: another admin, or the only one there is. */}
          {APPEAL_REVIEWER_TEXT[appealable.reviewer].form} Each decision can be appealed once, so say everything that
          matters.
        </DialogDescription>
        <DecisionDetails
          decision={appealable.decision}
          title={appealable.title}
          appealBy={appealable.appeal_by}
          className="rounded-lg bg-muted/60 p-3"
        />
        {/* Mounted only while open: every opening starts with an empty statement. */}
        {open ? <AppealForm appealable={appealable} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
