import type { ReactNode } from 'react';
import { headingId, TERMS_TITLES, type TermsSectionId } from '../data/terms-outline';

/** scroll-mt keeps a heading clear of the sticky site header when reached from the contents. */
export function LegalSection({ id, children }: { id: TermsSectionId; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={headingId(id)} className="scroll-mt-24">
      <h2 id={headingId(id)} className="font-display text-2xl font-semibold">
        {TERMS_TITLES[id]}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-foreground/90">{children}</div>
    </section>
  );
}

export function LegalSubheading({ children }: { children: ReactNode }) {
  return <h3 className="pt-2 text-lg font-semibold">{children}</h3>;
}

export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-1.5 pl-5">{children}</ul>;
}

export const legalLinkClass = 'font-medium text-primary underline-offset-4 hover:underline';
