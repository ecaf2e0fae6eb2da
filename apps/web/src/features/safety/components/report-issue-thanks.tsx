import type { TakedownCreated } from '@kettle/shared';
import { CircleCheckBig } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

/** After sending: the server's thanks (with the 24-48 hour promise) and the reference to quote. */
export function ReportIssueThanks({ result, onAnother }: { result: TakedownCreated; onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: move it to the news, so keyboard and screen reader users land on it.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-success/40 bg-success/5 px-6 py-10 text-center">
      <CircleCheckBig className="size-10 text-success" aria-hidden="true" />
      <h3 ref={headingRef} tabIndex={-1} className="font-display text-2xl font-semibold outline-none">
        Report received
      </h3>
      <p className="max-w-md text-muted-foreground">{result.message}</p>
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">Your reference</p>
        <p className="select-all font-mono text-xl font-semibold tracking-wider">{result.reference}</p>
      </div>
      <p className="max-w-md text-sm text-muted-foreground">
        Keep it with the email you gave: together they show this report&apos;s status under Report Status.
      </p>
      <Button variant="outline" onClick={onAnother}>
        Report another issue
      </Button>
    </div>
  );
}
