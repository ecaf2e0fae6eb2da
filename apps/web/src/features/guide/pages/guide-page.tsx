import {
  APP_NAME,
  COIN_ACTIONS,
  COIN_FAQ,
  DEFAULT_DAILY_DROP_COINS,
  DEFAULT_SIGNUP_BONUS_COINS,
  coinActionsByCost,
} from '@kettle/shared';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageTitle } from '@/lib/use-page-title';
import { ActionCards } from '../components/action-cards';
import { CoinFaq } from '../components/coin-faq';
import { QuickReferenceTable } from '../components/quick-reference-table';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

export function GuidePage() {
  usePageTitle('Coin Guide');
  const byCost = coinActionsByCost(COIN_ACTIONS);

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Coin Guide"
        description={`Everything you can do with Tea Coins on ${APP_NAME}, and what it costs.`}
      />

      <section
        aria-labelledby="coins-intro-heading"
        className="mb-8 rounded-2xl border border-border bg-secondary/60 p-5 sm:p-6"
      >
        <h2 id="coins-intro-heading" className="font-display text-xl font-semibold">
          What are Tea Coins?
        </h2>
        <div className="mt-2 space-y-2 leading-relaxed text-secondary-foreground">
          <p>
            Tea Coins are {APP_NAME}&apos;s virtual currency. You spend them to unlock teas, join the conversation and
            keep the pot clean. They have no cash value and never expire.
          </p>
          <p>
            Every new account starts with a sign-up bonus of <strong>{DEFAULT_SIGNUP_BONUS_COINS} coins</strong>, and
            you can claim a free daily drop of <strong>{DEFAULT_DAILY_DROP_COINS} coins</strong> once a day. Need more?
            Buy a bundle by card whenever you like.
          </p>
        </div>
      </section>

      <Tabs defaultValue="actions">
        <TabsList aria-label="Coin guide sections">
          <TabsTrigger value="actions">Actions &amp; Costs</TabsTrigger>
          <TabsTrigger value="faq">FAQ</TabsTrigger>
        </TabsList>

        <TabsContent value="actions" className="space-y-10">
          <section aria-labelledby="actions-heading">
            <h2 id="actions-heading" className="mb-4 font-display text-2xl font-semibold">
              What each action costs
            </h2>
            <ActionCards actions={COIN_ACTIONS} />
          </section>
          <section aria-labelledby="quick-reference-heading">
            <h2 id="quick-reference-heading" className="mb-4 font-display text-2xl font-semibold">
              Quick Reference
            </h2>
            <QuickReferenceTable actions={byCost} />
          </section>
        </TabsContent>

        <TabsContent value="faq">
          <section aria-labelledby="faq-heading">
            <h2 id="faq-heading" className="mb-4 font-display text-2xl font-semibold">
              Frequently asked questions
            </h2>
            <CoinFaq items={COIN_FAQ} />
          </section>
        </TabsContent>
      </Tabs>

      <p className="mt-10 text-sm text-muted-foreground">
        Coins and paid features are covered by our{' '}
        <Link to="/terms" className={linkClass}>
          Terms &amp; Conditions
        </Link>
        . Questions the guide doesn&apos;t answer?{' '}
        <Link to="/contact" className={linkClass}>
          Contact us
        </Link>
        .
      </p>
    </div>
  );
}
