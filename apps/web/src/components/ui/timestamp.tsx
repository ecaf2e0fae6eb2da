import { timeAgo } from '@kettle/shared';
import type { PointerEvent } from 'react';

/** The full local date and time, written into the tooltip the first time it is wanted. */
function fillTitle(event: PointerEvent<HTMLTimeElement>) {
  const time = event.currentTarget;
  if (!time.title) time.title = new Date(time.dateTime).toLocaleString();
}

/**
 * A moment as 'time ago', with the local date and time as its tooltip. The tooltip is written on
 * pointing, not on render: the first local date format loads ICU data (~20 ms, ~90 ms on a slow
 * phone), which a page of cards should not spend before its first paint (goal F2).
 */
export function Timestamp({ iso, prefix, className }: { iso: string; prefix?: string; className?: string }) {
  return (
    <time dateTime={iso} className={className} onPointerEnter={fillTitle}>
      {prefix}
      {timeAgo(iso)}
    </time>
  );
}
