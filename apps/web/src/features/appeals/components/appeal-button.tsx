import type { Appealable } from '@kettle/shared';
import { Scale } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useLazyDialog } from '@/lib/use-lazy-dialog';

// Loaded on the first click: the form, its schema and the dialog primitives are not needed before.
const AppealDialog = lazy(() => import('./appeal-dialog').then((m) => ({ default: m.AppealDialog })));

type AppealButtonProps = { appealable: Appealable } & Pick<ButtonProps, 'className' | 'aria-describedby'>;

/** 'Appeal' beside a decision still open to appeal, opening the appeal dialog. */
export function AppealButton({ appealable, className, 'aria-describedby': describedBy }: AppealButtonProps) {
  const dialog = useLazyDialog();
  const buttonRef = useRef<HTMLButtonElement>(null);

  const returnFocus = (event: Event) => {
    event.preventDefault();
    buttonRef.current?.focus();
  };

  return (
    <>
      <Button
        ref={buttonRef}
        variant="outline"
        size="sm"
        className={className}
        aria-haspopup="dialog"
        aria-describedby={describedBy}
        onClick={dialog.show}
      >
        <Scale aria-hidden="true" /> Appeal
      </Button>
      {dialog.mounted ? (
        <Suspense fallback={null}>
          <AppealDialog
            appealable={appealable}
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            onCloseAutoFocus={returnFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
