import { Coffee, CupSoda, Flame, MessageCircle, Sparkles, Sprout, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Warm pairs from the brand palette; each post keeps the same one wherever it is shown. */
const LOOKS: ReadonlyArray<{ gradient: string; icon: LucideIcon }> = [
  { gradient: 'from-amber-200 via-orange-200 to-rose-200', icon: CupSoda },
  { gradient: 'from-orange-300 via-amber-200 to-yellow-100', icon: Coffee },
  { gradient: 'from-rose-200 via-orange-100 to-amber-200', icon: MessageCircle },
  { gradient: 'from-yellow-200 via-amber-300 to-orange-300', icon: Sparkles },
  { gradient: 'from-lime-100 via-amber-100 to-orange-200', icon: Sprout },
  { gradient: 'from-red-200 via-orange-200 to-amber-100', icon: Flame },
];

/** A small stable hash of the id, so a post's look never changes between renders or pages. */
export function placeholderIndex(id: string, count: number = LOOKS.length): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % count;
}

/** Stands in for a post's picture when it has none. Decorative: the card's title names the post. */
export function PostPlaceholder({ id, className }: { id: string; className?: string }) {
  const look = LOOKS[placeholderIndex(id)] ?? LOOKS[0];
  if (!look) return null;
  const Icon = look.icon;
  return (
    <div
      aria-hidden="true"
      data-testid="post-placeholder"
      className={cn('grid place-items-center bg-linear-to-br dark:opacity-80', look.gradient, className)}
    >
      <Icon className="size-12 text-amber-900/40" strokeWidth={1.5} />
    </div>
  );
}
