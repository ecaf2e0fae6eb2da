import { TWO_FACTOR_TEXT } from '@kettle/shared';
import { Copy } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { toastError, toastSuccess } from '@/lib/toast-store';

/** Groups of four, as authenticator apps show keys: easier to read out and type by hand. */
const grouped = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The secret for people who cannot scan (a screen reader, the phone is the screen). */
export function TwoFactorSetupKey({ secret }: { secret: string }) {
  const labelId = useId();
  const hintId = useId();
  const handleCopy = () =>
    navigator.clipboard.writeText(secret).then(
      () => toastSuccess(TWO_FACTOR_TEXT.keyCopied),
      () => toastError(TWO_FACTOR_TEXT.copyFailed),
    );
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={hintId} className="grid gap-1.5">
      <p id={labelId} className="font-medium">
        {TWO_FACTOR_TEXT.keyLabel}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="select-all break-all rounded-md bg-muted px-2 py-1 font-mono text-sm">{grouped(secret)}</code>
        <Button variant="outline" size="sm" onClick={() => void handleCopy()} aria-label="Copy setup key">
          <Copy aria-hidden="true" /> Copy
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {TWO_FACTOR_TEXT.keyHint}
      </p>
    </div>
  );
}
