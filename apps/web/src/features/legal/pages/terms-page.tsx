import { APP_NAME } from '@kettle/shared';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';
import { CommunityGuidelinesSection } from '../components/community-guidelines-section';
import { HowItWorksSection } from '../components/how-it-works-section';
import { legalLinkClass } from '../components/legal-section';
import { TableOfContents } from '../components/table-of-contents';
import { TermsLegalSections } from '../components/terms-legal-sections';
import { TermsSections } from '../components/terms-sections';
import { TERMS_LAST_UPDATED } from '../data/policy';

export function TermsPage() {
  usePageTitle('Terms');
  return (
    <article className="mx-auto max-w-3xl">
      <header className="mb-8">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">Terms &amp; Conditions</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Last updated: <time dateTime={TERMS_LAST_UPDATED.iso}>{TERMS_LAST_UPDATED.label}</time>
        </p>
        <p className="mt-4 leading-relaxed">
          Welcome to {APP_NAME}. These terms explain the rules for using the site, in plain words. Please read them:
          they include a binding arbitration agreement and a class-action waiver (see Dispute Resolution).
        </p>
      </header>

      <TableOfContents />

      <div className="mt-10 space-y-10">
        <TermsSections />
        <TermsLegalSections />
        <CommunityGuidelinesSection />
        <HowItWorksSection />
      </div>

      <footer className="mt-12 border-t border-border pt-6 text-sm text-muted-foreground">
        Questions about these terms?{' '}
        <Link to="/contact" className={legalLinkClass}>
          Contact us
        </Link>
        .
      </footer>
    </article>
  );
}
