import type { GuardFinding } from '@kettle/shared';
import { useRef, type TextareaHTMLAttributes } from 'react';
import { Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { HighlightedText } from './highlighted-text';

type GuardedTextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  /** What is in the box now (a form field registered uncontrolled still tells it). */
  text: string;
  findings: readonly GuardFinding[];
};

/**
 * A textarea with the privacy guard's findings marked under the words as they are typed: a copy of
 * the text, transparent but for its marks, lies behind the box with the same box model and scrolls
 * with it. Screen readers hear the findings from the notes under the box, not from the marks.
 */
export function GuardedTextarea({ text, findings, className, onScroll, ...props }: GuardedTextareaProps) {
  const backdrop = useRef<HTMLDivElement>(null);
  return (
    <div className="relative rounded-lg bg-card">
      <div
        ref={backdrop}
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 overflow-hidden rounded-lg border border-transparent px-3 py-2 text-base break-words whitespace-pre-wrap text-transparent [scrollbar-gutter:stable]"
      >
        <HighlightedText text={text} findings={findings} backdrop />
        {/* A last empty line still takes a line's height in the box. */}
        {'\n\u200b'}
      </div>
      <Textarea
        className={cn('relative bg-transparent [scrollbar-gutter:stable]', className)}
        onScroll={(event) => {
          if (backdrop.current) backdrop.current.scrollTop = event.currentTarget.scrollTop;
          onScroll?.(event);
        }}
        {...props}
      />
    </div>
  );
}
