import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

type Props = HTMLAttributes<HTMLDivElement>;

export const Card = ({ className, ...p }: Props) => (
  <div className={cn('rounded-2xl border border-border bg-card text-card-foreground shadow-sm', className)} {...p} />
);
export const CardHeader = ({ className, ...p }: Props) => (
  <div className={cn('flex flex-col gap-1.5 p-6', className)} {...p} />
);
export const CardTitle = ({ className, ...p }: HTMLAttributes<HTMLHeadingElement>) => (
  <h2 className={cn('font-display text-2xl font-semibold leading-tight', className)} {...p} />
);
export const CardDescription = ({ className, ...p }: HTMLAttributes<HTMLParagraphElement>) => (
  <p className={cn('text-sm text-muted-foreground', className)} {...p} />
);
export const CardContent = ({ className, ...p }: Props) => <div className={cn('p-6 pt-0', className)} {...p} />;
export const CardFooter = ({ className, ...p }: Props) => (
  <div className={cn('flex items-center gap-2 p-6 pt-0', className)} {...p} />
);
