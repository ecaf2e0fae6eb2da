import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export const Skeleton = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => (
  <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-muted', className)} {...p} />
);

/**
 * A named loading placeholder: one announced status holding a skeleton per class list, e.g.
 * `['h-8 w-1/2', 'h-16 w-full']` for a title over a paragraph; `className` replaces the gap.
 */
export const SkeletonStack = ({ label, rows, className }: { label: string; rows: string[]; className?: string }) => (
  <div role="status" aria-label={label} className={cn('grid', className ?? 'gap-3')}>
    {rows.map((row, index) => (
      <Skeleton key={index} className={row} />
    ))}
  </div>
);
