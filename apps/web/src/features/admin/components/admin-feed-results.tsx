import type { OwnPostList } from '@kettle/shared';
import { Inbox } from 'lucide-react';
import { ListResults, type ResultsProps } from '@/components/ui/list-results';
import { MyTeasSkeleton } from '@/components/ui/my-teas-skeleton';
import { TEA_GRID } from '@/components/ui/tea-grid';
import { AdminFeedCard } from './admin-feed-card';

type AdminFeedResultsProps = ResultsProps<OwnPostList> & { pageSize: number };

/** The admin feed's list. */
export function AdminFeedResults({ pageSize, ...rest }: AdminFeedResultsProps) {
  return (
    <ListResults
      {...rest}
      skeleton={<MyTeasSkeleton count={pageSize} />}
      error={{ title: 'Error Loading Posts', fallback: 'Failed to fetch posts' }}
      noMatch={{
        title: 'No posts match your filters',
        description: 'Try another category, state, status or search, or clear the filters.',
      }}
      empty={{ icon: Inbox, title: 'No posts available yet', description: 'Submitted teas appear here.' }}
      gridClassName={TEA_GRID}
      renderItem={(post) => <AdminFeedCard key={post.id} post={post} />}
    />
  );
}
