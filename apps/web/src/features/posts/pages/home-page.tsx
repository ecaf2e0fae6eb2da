import { Coffee } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/lib/use-page-title';

/** 'All Teas': the public list arrives with the posts issue; until then nothing is published. */
export function HomePage() {
  usePageTitle('All Teas');
  return (
    <>
      <PageHeader title="All Teas" description="Fresh tea from the community, steeped and moderated." />
      <EmptyState
        icon={Coffee}
        title="No posts available yet"
        description="When moderators approve the first teas, they appear here."
      />
    </>
  );
}
