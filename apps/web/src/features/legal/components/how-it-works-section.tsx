import { Link } from 'react-router';
import { HOW_IT_WORKS } from '../data/how-it-works';
import { LegalSection, legalLinkClass } from './legal-section';

export function HowItWorksSection() {
  return (
    <LegalSection id="how-it-works">
      <ul className="grid gap-4 sm:grid-cols-2">
        {HOW_IT_WORKS.map(({ id, title, icon: Icon, points, links = [] }) => (
          <li key={id} className="rounded-2xl border border-border bg-card p-5">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
              {title}
            </h3>
            <div className="mt-2 space-y-2 text-sm leading-relaxed text-muted-foreground">
              {points.map((point) => (
                <p key={point}>{point}</p>
              ))}
              {links.length > 0 ? (
                <p className="flex flex-wrap gap-x-4 gap-y-1">
                  {links.map((link) => (
                    <Link key={link.to} to={link.to} className={legalLinkClass}>
                      {link.label}
                    </Link>
                  ))}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </LegalSection>
  );
}
