import type { CoinFaqItem } from '@kettle/shared';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';

/** Native <details> gives keyboard and screen-reader support for free, and works before JS loads. */
export function CoinFaq({ items }: { items: ReadonlyArray<CoinFaqItem> }) {
  return (
    <div className="divide-y divide-border rounded-2xl border border-border bg-card">
      {items.map((item) => (
        <details key={item.id} className="group px-4 sm:px-6">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <ChevronDown
              className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <div className="pb-4 text-sm leading-relaxed text-muted-foreground">
            <p>{item.answer}</p>
            {item.link ? (
              <p className="mt-2">
                <Link to={item.link.to} className="font-medium text-primary underline-offset-4 hover:underline">
                  {item.link.label}
                </Link>
              </p>
            ) : null}
          </div>
        </details>
      ))}
    </div>
  );
}
