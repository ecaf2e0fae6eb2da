import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { usePageTitle } from '@/lib/use-page-title';

const TONES = {
  success: 'bg-success/15 text-success',
  danger: 'bg-destructive/15 text-destructive',
  neutral: 'bg-secondary text-primary',
} as const;

type ResultCardProps = {
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  title: string;
  /** Spins the icon: the outcome is not known yet. */
  busy?: boolean;
  children?: ReactNode;
  actions?: ReactNode;
};

/**
 * The centred card of the payment pages. Its heading is the tab's title and takes focus whenever
 * the outcome changes, so a screen reader hears 'Payment Successful!' the moment the page stops
 * waiting (and a failed payment's tab never reads 'Payment Successful!').
 */
export function ResultCard({ icon: Icon, tone = 'neutral', title, busy = false, children, actions }: ResultCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle(title);
  useEffect(() => headingRef.current?.focus(), [title]);

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 px-6 py-10 text-center sm:px-10">
        <span className={cn('grid size-16 place-items-center rounded-full', TONES[tone])}>
          <Icon className={cn('size-8', busy && 'animate-spin')} aria-hidden="true" />
        </span>
        <h1 ref={headingRef} tabIndex={-1} className="font-display text-3xl font-bold outline-none">
          {title}
        </h1>
        {children}
        {actions ? <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">{actions}</div> : null}
      </CardContent>
    </Card>
  );
}
