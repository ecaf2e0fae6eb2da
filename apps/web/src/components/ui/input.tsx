import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const FIELD =
  'w-full rounded-lg border border-input bg-card px-3 text-base text-foreground placeholder:text-muted-foreground ' +
  'focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive disabled:opacity-50';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(FIELD, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(FIELD, 'min-h-28 py-2', className)} {...props} />;
}
