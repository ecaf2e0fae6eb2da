import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

/** The first `max` characters, with an ellipsis when something was cut. */
export const truncate = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;

/**
 * Text longer than `limit` characters starts collapsed, with a toggle. `mode` 'truncate' cuts it
 * at `limit` characters; 'clamp' shows the first `lines` lines (the reversal page, product.md §2).
 */
export function CollapsibleText({
  text,
  limit,
  mode = 'truncate',
  lines = 4,
  moreLabel = 'Read more',
  lessLabel = 'Show less',
  className,
}: {
  text: string;
  limit: number;
  mode?: 'truncate' | 'clamp';
  lines?: 3 | 4 | 6;
  moreLabel?: string;
  lessLabel?: string;
  className?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = text.length > limit;
  const collapsed = long && !expanded;
  const clamp = { 3: 'line-clamp-3', 4: 'line-clamp-4', 6: 'line-clamp-6' }[lines];
  return (
    <div className="grid justify-items-start gap-2">
      <p
        id={id}
        data-collapsed={collapsed ? 'true' : undefined}
        className={cn(
          'w-full whitespace-pre-line break-words leading-relaxed',
          collapsed && mode === 'clamp' && clamp,
          className,
        )}
      >
        {collapsed && mode === 'truncate' ? truncate(text, limit) : text}
      </p>
      {long ? (
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? lessLabel : moreLabel}
        </Button>
      ) : null}
    </div>
  );
}
