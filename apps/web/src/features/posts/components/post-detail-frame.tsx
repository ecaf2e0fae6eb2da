import type { PostDetail } from '@kettle/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { isNotFound, PostLoadError, postErrorTitle } from '@/components/ui/post-load-error';
import { StaleDataBanner } from '@/components/ui/stale-data-banner';
import { PostDetailHead } from './post-detail-head';
import { PostDetailSkeleton } from './post-detail-skeleton';

/** Back in the browser's history, or to the list when the page was opened directly. */
export function BackButton() {
  const navigate = useNavigate();
  const { key } = useLocation();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-ml-3"
      onClick={() => void (key === 'default' ? navigate('/') : navigate(-1))}
    >
      <ArrowLeft aria-hidden="true" /> Back
    </Button>
  );
}

/**
 * The post and reversal pages around their post: Back, the page title and description, the
 * skeleton while loading, and what failed: 'Post Not Found' only for a 404, otherwise 'Something
 * went wrong' with Try Again. A failed refresh keeps the post on screen under a banner.
 */
export function PostDetailFrame({
  query,
  children,
}: {
  query: UseQueryResult<PostDetail, unknown>;
  children: (post: PostDetail) => ReactNode;
}) {
  const { state } = useLocation();
  const post = query.data;
  const retry = () => void query.refetch();
  const title = post?.title ?? (query.isError ? postErrorTitle(query.error, state) : 'Loading tea');
  return (
    <div className="grid gap-6">
      <PostDetailHead title={title} content={post?.content} />
      {/* 'Post Not Found' brings its own Go Back; 'Something went wrong' keeps this one. */}
      {!post && query.isError && isNotFound(query.error) ? null : (
        <div>
          <BackButton />
        </div>
      )}
      {post ? (
        <>
          {query.isError ? <StaleDataBanner error={query.error} onRetry={retry} retrying={query.isFetching} /> : null}
          {children(post)}
        </>
      ) : query.isError ? (
        <PostLoadError error={query.error} onRetry={retry} retrying={query.isFetching} />
      ) : (
        <PostDetailSkeleton />
      )}
    </div>
  );
}
