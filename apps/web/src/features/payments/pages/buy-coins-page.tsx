import { DEFAULT_PLANS, PAYMENT_MESSAGES, PLAN_KEYS, planKeyOf, type PlanKey } from '@kettle/shared';
import { CircleAlert, FlaskConical, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/lib/use-page-title';
import { usePlans } from '../api/get-plans';
import { PLAN_GRID } from '../components/plan-grid';
import { PlanCard } from '../components/plan-card';
import { PlansSkeleton } from '../components/plans-skeleton';
import { useStartCheckout } from '../hooks/use-start-checkout';
import { planHighlights } from '../utils/plan-highlights';

/** The key the checkout call takes: the plan's id without `_plan`, else the bundle it is listed under. */
const checkoutKey = (listedAs: PlanKey, planId: string): PlanKey =>
  PLAN_KEYS.find((key) => key === planKeyOf(planId)) ?? listedAs;

function PlansNotice() {
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-xl border border-accent bg-secondary p-4 text-secondary-foreground"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div>
        <p className="font-semibold">{PAYMENT_MESSAGES.plansFailed.title}</p>
        <p className="text-sm">{PAYMENT_MESSAGES.plansFailed.description}</p>
      </div>
    </div>
  );
}

function ProviderNote({ provider }: { provider: 'dev' | 'stripe' | undefined }) {
  if (provider === 'dev') {
    return (
      <p className="flex items-center gap-2">
        <FlaskConical className="size-4 text-primary" aria-hidden="true" />
        Test mode: checkout opens Kettle&apos;s test payment page and no card is charged.
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2">
      <Lock className="size-4 text-primary" aria-hidden="true" />
      {provider === 'stripe'
        ? 'Secure card checkout on Stripe: your card details never reach Kettle.'
        : 'Secure card checkout: your card details never reach Kettle.'}
    </p>
  );
}

/** product.md §2 Buy Tea Coins: the four bundles of §9, each starting its own card checkout. */
export function BuyCoinsPage() {
  usePageTitle('Buy Tea Coins');
  const query = usePlans();
  const { start, choosing } = useStartCheckout();
  // product.md §9: the default bundles stand in when the plans call fails.
  const plans = query.data?.plans ?? (query.isError ? DEFAULT_PLANS : undefined);
  const highlights = plans ? planHighlights(plans) : {};

  return (
    <>
      <PageHeader
        title="Buy Tea Coins"
        description="Tea Coins unlock teas and pay for upvotes, comments, reversals and reports. They never expire."
      />
      {query.isError ? <PlansNotice /> : null}
      {plans ? (
        <div className={PLAN_GRID}>
          {PLAN_KEYS.map((key) => {
            const sendAs = checkoutKey(key, plans[key].plan_id);
            return (
              <PlanCard
                key={key}
                plan={plans[key]}
                highlight={highlights[key]}
                busy={choosing === sendAs}
                disabled={choosing !== null}
                onChoose={() => start(sendAs)}
              />
            );
          })}
        </div>
      ) : (
        <PlansSkeleton />
      )}
      <div className="mt-8 flex flex-col gap-2 text-sm text-muted-foreground">
        <ProviderNote provider={query.data?.provider} />
        <p>
          Purchases are generally final. See what coins buy in the{' '}
          <Link to="/guide" className="font-medium text-primary underline-offset-4 hover:underline">
            Coin Guide
          </Link>
          , and your past purchases in{' '}
          <Link to="/transactions" className="font-medium text-primary underline-offset-4 hover:underline">
            Transactions
          </Link>
          .
        </p>
      </div>
    </>
  );
}
