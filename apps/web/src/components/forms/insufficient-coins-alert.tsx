import { Coins } from 'lucide-react';
import { Link } from 'react-router';

/** A 402 INSUFFICIENT_COINS answer: the server's message and where coins come from. */
export function InsufficientCoinsAlert({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      <Coins className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <strong className="font-semibold">Not enough Tea Coins.</strong> {message}{' '}
        <Link to="/guide" className="font-medium underline underline-offset-4">
          See how to get coins
        </Link>
      </p>
    </div>
  );
}
