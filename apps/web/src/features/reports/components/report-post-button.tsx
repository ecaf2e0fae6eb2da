import { suspendedUntilText, type PostDetail } from '@kettle/shared';
import { Flag } from 'lucide-react';
import { lazy, Suspense, useId, useRef } from 'react';
import { useSuspendedUntil } from '@/components/enforcement/suspension-hint';
import { Button } from '@/components/ui/button';
import { useLazyDialog } from '@/lib/use-lazy-dialog';

// The form (zod, react-hook-form, dialog primitives) loads on the first click: a post page's first
// paint needs none of it.
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

/**
 * The post's flag button and its dialog: shown only while the reader may report and has not
 * (product.md §2). After a report the button goes, so focus moves to the post's title instead.
 */
export function ReportPostButton({ post }: { post: Pick<PostDetail, 'id' | 'can_report' | 'has_reported'> }) {
  const { open, mounted, show, setOpen } = useLazyDialog();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLElement | null>(null);
  const shown = post.can_report && !post.has_reported;
  const suspendedUntil = useSuspendedUntil();
  const hintId = useId();
  if (!shown && !open) return null;

  // The dialog has no Radix trigger, so it would leave focus on the page's body.
  const returnFocus = (event: Event) => {
    event.preventDefault();
    if (buttonRef.current?.isConnected) buttonRef.current.focus();
    else headingRef.current?.focus();
  };

  return (
    <>
      {shown ? (
        <Button
          ref={buttonRef}
          variant="outline"
          size="icon"
          aria-label="Report post"
          title={suspendedUntil ? suspendedUntilText(suspendedUntil) : 'Report post'}
          disabled={suspendedUntil !== null}
          aria-describedby={suspendedUntil ? hintId : undefined}
          onClick={() => {
            headingRef.current = buttonRef.current?.closest('article')?.querySelector<HTMLElement>('h1') ?? null;
            show();
          }}
        >
          <Flag aria-hidden="true" />
        </Button>
      ) : null}
      {/* The upvote beside it shows the same end date in sight. */}
      {shown && suspendedUntil ? (
        <span id={hintId} className="sr-only">
          {suspendedUntilText(suspendedUntil)}
        </span>
      ) : null}
      {mounted ? (
        <Suspense fallback={null}>
          <ReportDialog
            target={{ kind: 'post', postId: post.id }}
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={returnFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
