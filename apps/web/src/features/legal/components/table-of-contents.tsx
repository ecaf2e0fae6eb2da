import { TERMS_ORDER, TERMS_TITLES } from '../data/terms-outline';

/** Plain hash links: the targets are on this page, so no router navigation is needed. */
export function TableOfContents() {
  return (
    <nav aria-labelledby="toc-heading" className="rounded-2xl border border-border bg-card p-5 sm:p-6">
      <h2 id="toc-heading" className="font-display text-xl font-semibold">
        Contents
      </h2>
      <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm sm:columns-2 sm:gap-8">
        {TERMS_ORDER.map((id) => (
          <li key={id} className="break-inside-avoid">
            <a href={`#${id}`} className="text-primary underline-offset-4 hover:underline">
              {TERMS_TITLES[id]}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
