import { TWO_FACTOR_MESSAGES, TWO_FACTOR_TEXT } from '@kettle/shared';
import { Copy, Download, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { downloadFile, fileDate } from '@/lib/download-file';
import { toastError, toastSuccess } from '@/lib/toast-store';

type TwoFactorRecoveryCodesProps = {
  codes: string[];
  /** The person has put them away: this device signs in again (the server revoked its session). */
  onDone: () => void;
};

/** The one and only showing of the recovery codes (the server keeps only their hashes). */
export function TwoFactorRecoveryCodes({ codes, onDone }: TwoFactorRecoveryCodesProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that had the focus is gone: the new step's heading takes it, and is read out.
  useEffect(() => heading.current?.focus(), []);
  const text = codes.join('\n');

  const handleCopy = () =>
    navigator.clipboard.writeText(text).then(
      () => toastSuccess(TWO_FACTOR_TEXT.codesCopied),
      () => toastError(TWO_FACTOR_TEXT.copyFailed),
    );
  const handleDownload = () =>
    downloadFile(new Blob([`${text}\n`], { type: 'text/plain' }), `kettle-recovery-codes-${fileDate()}.txt`);

  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          {TWO_FACTOR_TEXT.codesTitle}
        </h3>
        <p className="text-sm text-muted-foreground">{TWO_FACTOR_TEXT.codesExplained}</p>
      </div>
      <p className="flex items-start gap-2 rounded-lg border border-accent bg-accent/15 px-3 py-2 text-sm font-medium">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        {TWO_FACTOR_MESSAGES.recoveryCodesNote}
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-3 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code} className="select-all text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void handleCopy()}>
          <Copy aria-hidden="true" /> Copy
        </Button>
        <Button variant="outline" onClick={handleDownload}>
          <Download aria-hidden="true" /> Download
        </Button>
      </div>
      <div className="grid gap-3 border-t border-border pt-4">
        <p className="text-sm">{TWO_FACTOR_TEXT.signInAgainOn}</p>
        <Button onClick={onDone} className="w-full sm:w-auto sm:justify-self-end">
          I've saved my codes, sign in again
        </Button>
      </div>
    </div>
  );
}
