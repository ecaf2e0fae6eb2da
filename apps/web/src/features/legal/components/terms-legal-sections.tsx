import { APP_NAME } from '@kettle/shared';
import { Link } from 'react-router';
import { LEGAL_POLICY } from '../data/policy';
import { LegalSection, LegalSubheading, legalLinkClass } from './legal-section';

const { liabilityLookbackMonths, informalResolutionDays, governingState } = LEGAL_POLICY;

/** The second half of the Terms: liability, disputes and the life of the agreement. */
export function TermsLegalSections() {
  return (
    <>
      <LegalSection id="liability">
        <p>
          {APP_NAME} is provided as it is and as available. We work to keep it running and safe, but we cannot promise
          it will always be available, error-free, or that every tea is accurate.
        </p>
        <LegalSubheading>Capped at what you paid in the last {liabilityLookbackMonths} months</LegalSubheading>
        <p>
          As far as the law allows, our total liability to you for any claim is limited to the amount you paid us in the{' '}
          {liabilityLookbackMonths} months before the claim arose. We are not liable for indirect or consequential
          losses, such as lost profits, lost data or harm to reputation caused by what other users post. Some places do
          not allow these limits, so they may not all apply to you.
        </p>
      </LegalSection>

      <LegalSection id="indemnification">
        <p>
          If someone brings a claim against {APP_NAME} because of content you posted or because you broke these terms or
          the law, you agree to cover our reasonable losses and costs, including legal fees. We will let you know about
          the claim and may choose to handle our own defence.
        </p>
      </LegalSection>

      <LegalSection id="disputes">
        <LegalSubheading>Step 1: {informalResolutionDays}-day informal resolution</LegalSubheading>
        <p>
          Most problems can be solved by talking. Before starting any formal claim, please{' '}
          <Link to="/contact" className={legalLinkClass}>
            contact us
          </Link>{' '}
          and describe the issue. We both agree to try in good faith to resolve it informally for{' '}
          {informalResolutionDays} days from when you contact us.
        </p>
        <LegalSubheading>Step 2: binding individual arbitration</LegalSubheading>
        <p>
          If we cannot resolve it in that time, the dispute will be settled by binding arbitration before a neutral
          arbitrator, rather than in court. Either of us may still bring an eligible claim in small-claims court.
        </p>
        <LegalSubheading>No class actions</LegalSubheading>
        <p>
          Claims may be brought only on an individual basis. You and {APP_NAME} each give up the right to bring or join
          a class action, collective action or representative proceeding.
        </p>
      </LegalSection>

      <LegalSection id="governing-law">
        <p>
          These terms are governed by the laws of the State of {governingState}, United States, without regard to its
          rules on conflicts of law, except where the law of the place you live says otherwise.
        </p>
      </LegalSection>

      <LegalSection id="termination">
        <p>
          You can stop using {APP_NAME} at any time. We may suspend or close an account that breaks these terms or the
          Community Guidelines, or to protect other people or the site. Coins in a closed account are lost unless the
          law requires otherwise.
        </p>
        <p>
          Parts of these terms that by their nature should last, such as the content licence for copies we must keep,
          liability limits, indemnification and dispute resolution, continue after an account ends.
        </p>
      </LegalSection>

      <LegalSection id="changes">
        <p>
          We may update these terms as {APP_NAME} changes. When we do, we will change the &lsquo;Last updated&rsquo;
          date above, and for significant changes we will tell you in the app or by email before they take effect.
          Continuing to use {APP_NAME} after that means you accept the new terms.
        </p>
      </LegalSection>
    </>
  );
}
