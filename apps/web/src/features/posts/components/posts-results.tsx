import type { PostCardList } from '@kettle/shared';
import { Coffee } from 'lucide-react';
import { ListResults, type ResultsProps } from '@/components/ui/list-results';
import { MyTeasSkeleton } from '@/components/ui/my-teas-skeleton';
import { TEA_GRID } from '@/components/ui/tea-grid';
import { PostCard } from './post-card';

type PostsResultsProps = ResultsProps<PostCardList> & { pageSize: number };

/** The list part of All Teas. */
export function PostsResults({ pageSize, ...rest }: PostsResultsProps) {
  return (
    <ListResults
      {...rest}
      skeleton={<MyTeasSkeleton count={pageSize} />}
      error={{ title: 'Error Loading Posts', fallback: 'Failed to fetch posts' }}
      noMatch={{
        title: 'No posts match your filters',
        description: 'Try another category, state or search, or clear the filters to see every tea.',
      }}
      empty={{
        icon: Coffee,
        title: 'No posts available yet',
        description: 'When moderators approve the first teas, they appear here.',
      }}
      gridClassName={TEA_GRID}
      renderItem={(post) => <PostCard key={post.id} post={post} />}
    />
  );
}
