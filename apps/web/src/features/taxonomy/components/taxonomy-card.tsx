import { ArrowRight, Pencil, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { TaxonomyItem } from '../data/kinds';

/**
 * The whole card is one link (its name's ::after covers the card), so the admin buttons sit
 * above that layer instead of inside the link, where buttons are not allowed.
 */
export function TaxonomyCard({
  item,
  href,
  badge,
  onEdit,
  onDelete,
}: {
  item: TaxonomyItem;
  href: string;
  badge?: ReactNode;
  /** Present only for admins. */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const descriptionId = useId();
  return (
    <Card className="relative flex h-full flex-col gap-3 p-5 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:border-primary/50 hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-display text-xl font-semibold leading-snug break-words">
          <Link
            to={href}
            aria-describedby={descriptionId}
            className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
          >
            {item.name}
          </Link>
        </h2>
        {badge}
      </div>
      <p id={descriptionId} className="text-sm text-muted-foreground">
        {item.description}
      </p>
      <div className="mt-auto flex min-h-10 items-center justify-between gap-2 pt-1">
        <span className="inline-flex items-center gap-1 text-sm font-medium text-primary" aria-hidden="true">
          Browse teas <ArrowRight className="size-4" />
        </span>
        {onEdit || onDelete ? (
          <div className="relative z-10 flex gap-1">
            {onEdit ? (
              <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${item.name}`} title="Edit">
                <Pencil aria-hidden="true" />
              </Button>
            ) : null}
            {onDelete ? (
              <Button
                variant="ghost"
                size="icon"
                onClick={onDelete}
                aria-label={`Delete ${item.name}`}
                title="Delete"
                className="text-destructive hover:bg-destructive/10"
              >
                <Trash2 aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}
