import { APP_NAME, DEFAULT_DAILY_DROP_COINS, DEFAULT_SIGNUP_BONUS_COINS } from '@kettle/shared';
import { Link } from 'react-router';
import { LegalList, LegalSection, legalLinkClass } from './legal-section';

/** The first half of the Terms: what you may post, and what coins are. */
export function TermsSections() {
  return (
    <>
      <LegalSection id="acceptance">
        <p>
          These terms are the agreement between you and {APP_NAME}. By creating an account, posting, or simply browsing
          the site, you agree to them. If you do not agree, please do not use {APP_NAME}.
        </p>
        <p>
          You may use {APP_NAME} only if you are able to enter a binding agreement where you live. If you use it on
          behalf of a company, you confirm you are allowed to accept these terms for that company.
        </p>
      </LegalSection>

      <LegalSection id="user-content">
        <p>
          You keep ownership of what you post: teas, reversals, comments, images and reports. You are also responsible
          for it. Everything you post must be lawful, and you must have the right to share it.
        </p>
        <LegalList>
          <li>Every tea and reversal is reviewed by our moderators before it is published.</li>
          <li>
            We may decline to publish content, remove it later, or edit it to take out personal details or anything else
            that breaks these terms.
          </li>
          <li>Moderation is not an endorsement: a published tea is still only its author&apos;s account.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="no-verification">
        <p>
          We do not check whether the claims in a tea are true. Teas are the opinions and experiences of the people who
          write them, not statements by {APP_NAME}. Read them with that in mind, and do not rely on a tea to make
          decisions about someone&apos;s safety, health, money or reputation.
        </p>
        <p>
          If you are the subject of a tea and think it crosses a line, you can report it or post a reversal with your
          side of the story.
        </p>
      </LegalSection>

      <LegalSection id="prohibited-uses">
        <p>You may not use {APP_NAME} to:</p>
        <LegalList>
          <li>harass, bully, intimidate or pile on anyone;</li>
          <li>
            dox anyone or reveal private information, such as home addresses, phone numbers, workplaces, private photos,
            or medical and financial details;
          </li>
          <li>post about, or images of, anyone under 18;</li>
          <li>threaten violence or encourage anyone to harm themselves or others;</li>
          <li>share illegal content or promote illegal activity;</li>
          <li>spam, advertise, or manipulate votes, reports or coins;</li>
          <li>impersonate another person, brand or our staff;</li>
          <li>return with a new account after being suspended or banned.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="tea-coins">
        <p>
          Tea Coins are a virtual currency for use on {APP_NAME} only. They have no cash value, cannot be exchanged for
          money, and cannot be sold or transferred to another account.
        </p>
        <LegalList>
          <li>Coins never expire.</li>
          <li>
            Coin purchases are non-refundable, except where the law requires a refund. If a purchase went wrong for a
            technical reason or by accident,{' '}
            <Link to="/contact" className={legalLinkClass}>
              contact us
            </Link>
            .
          </li>
          <li>
            New accounts receive a sign-up bonus of {DEFAULT_SIGNUP_BONUS_COINS} coins, and signed-in users can claim a
            daily drop of {DEFAULT_DAILY_DROP_COINS} coins once per day (UTC). We may change these amounts.
          </li>
          <li>
            Coins you spend leave circulation; they are not paid to authors or anyone else. An action that fails does
            not cost you anything.
          </li>
          <li>
            Current prices are listed in the{' '}
            <Link to="/guide" className={legalLinkClass}>
              Coin Guide
            </Link>
            . We may change them, but never for coins you have already spent.
          </li>
          <li>Card payments are handled by our payment provider; we do not store your card details.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="content-licence">
        <p>
          So that we can run the site, you give {APP_NAME} a worldwide, non-exclusive, royalty-free licence to host,
          store, copy, display and moderate the content you post, and to adapt it only as needed for that (for example,
          resizing images or removing personal details).
        </p>
        <p>
          The licence ends when your content is removed from the site, except for copies we must keep for legal, safety
          or record-keeping reasons. The {APP_NAME} name, design and software remain ours.
        </p>
      </LegalSection>

      <LegalSection id="privacy">
        <p>We protect the people who write teas and the people teas are about:</p>
        <LegalList>
          <li>Authors appear only by the pseudonymous username chosen at sign-up. Your email is never shown.</li>
          <li>
            The handle tagged in a tea is masked on locked cards and shown only to readers who have unlocked it, its
            author, and moderators.
          </li>
          <li>
            Photos are re-encoded when uploaded and all metadata (such as location, device and date) is stripped, so an
            image cannot reveal where or by whom it was taken.
          </li>
        </LegalList>
      </LegalSection>
    </>
  );
}
