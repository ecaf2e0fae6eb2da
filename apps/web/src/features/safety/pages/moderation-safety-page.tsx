import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { BanAppealForm } from '@/features/appeals/components/ban-appeal-form';
import { MyAppealsList } from '@/features/appeals/components/my-appeals-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/use-page-title';
import { ContactPanel } from '../components/contact-panel';
import { GuidelinesPanel } from '../components/guidelines-panel';
import { ReportIssue } from '../components/report-issue-form';
import { ReportStatusPanel } from '../components/report-status-panel';
import { REVIEW_PROMISE } from '../data/safety-content';

const TABS = [
  { value: 'report', label: 'Report Issue' },
  { value: 'guidelines', label: 'Guidelines' },
  { value: 'status', label: 'Report Status' },
  { value: 'contact', label: 'Contact' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value);

const panelHeading = 'mb-4 font-display text-2xl font-semibold';

/**
 * /moderation, open to visitors: report a problem (it reaches the admins' desk), read the rules,
 * follow up on reports, reach the team. The tab is kept in the address (?tab=status) so a link
 * can open the right one.
 */
export function ModerationSafetyPage() {
  usePageTitle('Moderation & Safety');
  const { data: user } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'report';

  const handleTabChange = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'report') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Moderation & Safety"
        description="Report something that breaks the rules or exposes you, see how we moderate, and follow up on what you reported."
      />
      <Tabs value={tab} onValueChange={handleTabChange}>
        <TabsList aria-label="Moderation and safety sections" className="w-full sm:w-auto">
          {TABS.map((item) => (
            <TabsTrigger key={item.value} value={item.value} className="flex-1 sm:flex-none">
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="report">
          <section aria-labelledby="report-issue-heading">
            <h2 id="report-issue-heading" className={panelHeading}>
              Report an issue
            </h2>
            <p className="mb-6 text-muted-foreground">
              Tell us about a post or comment that harasses someone, shares private information or breaks another rule.
              Moderators review every report within {REVIEW_PROMISE}. You do not need an account.
            </p>
            {/* Remounts once the signed-in user loads, so their email is the form's default. */}
            <ReportIssue key={user?.email ?? ''} defaultEmail={user?.email} />
          </section>
        </TabsContent>

        <TabsContent value="guidelines">
          <section aria-labelledby="guidelines-heading">
            <h2 id="guidelines-heading" className={panelHeading}>
              Community guidelines
            </h2>
            <GuidelinesPanel />
          </section>
        </TabsContent>

        <TabsContent value="status">
          <section aria-labelledby="status-heading">
            <h2 id="status-heading" className={panelHeading}>
              Report status
            </h2>
            <ReportStatusPanel email={user?.email} myAppeals={<MyAppealsList />} banAppeal={<BanAppealForm />} />
          </section>
        </TabsContent>

        <TabsContent value="contact">
          <section aria-labelledby="contact-heading">
            <h2 id="contact-heading" className={panelHeading}>
              Contact the safety team
            </h2>
            <ContactPanel />
          </section>
        </TabsContent>
      </Tabs>
    </div>
  );
}
