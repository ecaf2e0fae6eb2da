import { Link } from 'react-router';
import { COMMUNITY_RULES, ENFORCEMENT_STEPS } from '../data/community-guidelines';
import { LEGAL_POLICY } from '../data/policy';
import { LegalList, LegalSection, LegalSubheading, legalLinkClass } from './legal-section';

export function CommunityGuidelinesSection() {
  return (
    <LegalSection id="community-guidelines">
      <p>Five rules keep the pot hot without burning anyone:</p>
      <ol className="list-decimal space-y-2 pl-5">
        {COMMUNITY_RULES.map((rule) => (
          <li key={rule.id}>
            <strong className="font-semibold">{rule.title}.</strong> {rule.detail}
          </li>
        ))}
      </ol>

      <LegalSubheading>Enforcement</LegalSubheading>
      <p>Moderators choose a response that fits the breach. A severe breach can skip straight to a ban.</p>
      <LegalList>
        {ENFORCEMENT_STEPS.map((step) => (
          <li key={step.title}>
            <strong className="font-semibold">{step.title}:</strong> {step.detail}
          </li>
        ))}
      </LegalList>

      <LegalSubheading>Appeals</LegalSubheading>
      <p>
        If you think we got it wrong, you can appeal within {LEGAL_POLICY.appealWindowDays} days of the decision from{' '}
        <Link to="/account" className={legalLinkClass}>
          My Account
        </Link>
        ; a banned account appeals with the reference from its ban email on the{' '}
        <Link to="/moderation?tab=status" className={legalLinkClass}>
          Report Status
        </Link>{' '}
        tab. To report content that breaks these rules, visit{' '}
        <Link to="/moderation" className={legalLinkClass}>
          Moderation &amp; Safety
        </Link>
        .
      </p>
    </LegalSection>
  );
}
