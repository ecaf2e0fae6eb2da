import * as ToastPrimitive from '@radix-ui/react-toast';
import { TIMINGS } from '@kettle/shared';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { dismissToast, useToasts } from '@/lib/toast-store';

const VARIANT_CLASSES = {
  default: 'border-border bg-card text-card-foreground',
  success: 'border-success/40 bg-card text-card-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
} as const;

/** Radix toasts: 5 s, swipe right, F8 focuses the region (product.md §9). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TIMINGS.toastDuration} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-out',
            VARIANT_CLASSES[t.variant],
          )}
        >
          <div className="grid gap-1">
            {t.title ? <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title> : null}
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
            aria-label="Close"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
