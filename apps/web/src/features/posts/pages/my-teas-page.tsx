import { CupSoda } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/lib/use-page-title';

export function MyTeasPage() {
  usePageTitle('My Teas');
  return (
    <>
      <PageHeader title="My Teas" description="No teas found" />
      <EmptyState
        icon={CupSoda}
        title="You haven't created any teas yet"
        description="The teas you spill show up here, with their moderation status."
      />
    </>
  );
}
