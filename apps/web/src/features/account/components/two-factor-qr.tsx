import { TWO_FACTOR_TEXT } from '@kettle/shared';
import { useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

type Matrix = { size: number; data: Uint8Array };
type Drawing = { url: string; matrix: Matrix } | { url: string; failed: true };

/** The blank margin scanners need around the code, in modules. */
const QUIET_ZONE = 4;

async function encode(text: string): Promise<Matrix> {
  // The encoder loads only when someone turns two-factor sign-in on: never in the first load.
  const { create } = await import('qrcode');
  return create(text, { errorCorrectionLevel: 'M' }).modules;
}

/** One square per dark module, drawn as a single path (no inline styles or data URLs for the CSP). */
const modulesPath = ({ size, data }: Matrix): string => {
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (data[row * size + col]) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return path;
};

/** The otpauth URL as a QR code; black on a white plate in either theme, as scanners expect. */
export function TwoFactorQr({ url }: { url: string }) {
  const [drawing, setDrawing] = useState<Drawing | null>(null);

  useEffect(() => {
    let live = true;
    encode(url).then(
      (matrix) => live && setDrawing({ url, matrix }),
      () => live && setDrawing({ url, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [url]);

  if (drawing?.url !== url) {
    return (
      <div role="status" aria-label="Drawing the QR code" className="size-48 justify-self-center sm:justify-self-start">
        <Skeleton className="size-full" />
      </div>
    );
  }
  if ('failed' in drawing) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {TWO_FACTOR_TEXT.qrFailed}
      </p>
    );
  }
  const side = drawing.matrix.size + QUIET_ZONE * 2;
  return (
    <svg
      role="img"
      aria-label={TWO_FACTOR_TEXT.qrLabel}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      className="size-48 justify-self-center rounded-lg border border-border sm:justify-self-start"
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={modulesPath(drawing.matrix)} fill="#000000" />
    </svg>
  );
}
