import { Inbox } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/lib/use-page-title';

export function AdminHomePage() {
  usePageTitle('Admin');
  return (
    <>
      <PageHeader title="Tea Moderation Feed" description="Every tea, newest first, with its moderation status." />
      <EmptyState icon={Inbox} title="No posts available yet" description="Submitted teas wait here for review." />
    </>
  );
}
