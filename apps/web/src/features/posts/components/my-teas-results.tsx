import type { MyPostList } from '@kettle/shared';
import { CupSoda, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ListResults, type ResultsProps } from '@/components/ui/list-results';
import { MyTeasSkeleton } from '@/components/ui/my-teas-skeleton';
import { TEA_GRID } from '@/components/ui/tea-grid';
import { MyTeaCard, type RenderTeaAction } from './my-tea-card';

type MyTeasResultsProps = ResultsProps<MyPostList> & { pageSize: number; renderAction?: RenderTeaAction };

/** The list part of My Teas. */
export function MyTeasResults({ pageSize, renderAction, ...rest }: MyTeasResultsProps) {
  return (
    <ListResults
      {...rest}
      skeleton={<MyTeasSkeleton count={pageSize} />}
      error={{ title: 'Error Loading Teas', fallback: 'Failed to fetch your teas' }}
      noMatch={{
        title: 'No teas match your filters',
        description: 'Try another category, state or search, or clear the filters to see all your teas.',
      }}
      empty={{
        icon: CupSoda,
        title: "You haven't created any teas yet",
        description: 'Spill your first tea. Once it is submitted you can follow its review here.',
        action: (
          <Button asChild>
            <Link to="/submit">
              <Plus aria-hidden="true" /> Create Your First Post
            </Link>
          </Button>
        ),
      }}
      gridClassName={TEA_GRID}
      renderItem={(post) => <MyTeaCard key={post.id} post={post} renderAction={renderAction} />}
    />
  );
}
