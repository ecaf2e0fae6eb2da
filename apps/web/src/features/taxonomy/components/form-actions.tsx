import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';

/** Cancel and Create/Update. Update waits for a change, so an unchanged item is never re-sent. */
export function FormActions({ mode, pending, dirty }: { mode: 'create' | 'update'; pending: boolean; dirty: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <SubmitButton pending={pending} pendingLabel="Saving..." disabled={mode === 'update' && !dirty}>
        {mode === 'update' ? 'Update' : 'Create'}
      </SubmitButton>
    </div>
  );
}
