import { PAGE_SIZES } from '@kettle/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from './button';

export type PageItem = number | 'gap-start' | 'gap-end';

/**
 * A window of `size` page numbers around `page`, plus the first and last pages with a gap
 * marker wherever numbers are skipped: 1 … 4 5 6 7 8 … 20.
 */
export function pageWindow(page: number, totalPages: number, size: number = PAGE_SIZES.paginationWindow): PageItem[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(page, 1), totalPages);
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), totalPages - size + 1));
  const end = Math.min(totalPages, start + size - 1);
  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('gap-start');
  for (let n = start; n <= end; n += 1) items.push(n);
  if (end < totalPages - 1) items.push('gap-end');
  if (end < totalPages) items.push(totalPages);
  return items;
}

type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  className?: string;
};

/** Previous / Next, a window of page numbers with first and last shortcuts, and 'Page x of y'. */
export function Pagination({ page, totalPages, onPageChange, className }: PaginationProps) {
  if (totalPages <= 1) return null;
  const step = 'size-8 px-0 sm:size-9';
  return (
    <nav aria-label="Pagination" className={cn('mt-8 flex flex-col items-center gap-3', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <Button
            variant="outline"
            size="sm"
            className="h-8 px-2 sm:h-9 sm:px-3"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeft aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Previous</span>
          </Button>
        </li>
        {pageWindow(page, totalPages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                variant={item === page ? 'default' : 'ghost'}
                size="sm"
                className={step}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPageChange(item)}
              >
                {item}
              </Button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className={cn(step, 'grid place-items-center text-muted-foreground')}>
              …
            </li>
          ),
        )}
        <li>
          <Button
            variant="outline"
            size="sm"
            className="h-8 px-2 sm:h-9 sm:px-3"
            disabled={page >= totalPages}
            onClick={() => onPageChange(page + 1)}
          >
            <span className="sr-only sm:not-sr-only">Next</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </li>
      </ul>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {totalPages}
      </p>
    </nav>
  );
}
