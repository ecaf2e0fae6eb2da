import type { PostDetail } from '@kettle/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { POST_NOT_FOUND_TEXT, PostNotFound } from '@/components/ui/post-not-found';
import { apiErrorMessage } from '@/lib/api-error-message';
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
 * skeleton while loading, and 'Post Not Found' (the API's message, or the default) on failure.
 */
export function PostDetailFrame({
  query,
  children,
}: {
  query: UseQueryResult<PostDetail, unknown>;
  children: (post: PostDetail) => ReactNode;
}) {
  const post = query.isError ? undefined : query.data;
  const title = post?.title ?? (query.isError ? 'Post Not Found' : 'Loading tea');
  return (
    <div className="grid gap-6">
      <PostDetailHead title={title} content={post?.content} />
      {/* 'Post Not Found' brings its own Go Back. */}
      {query.isError ? null : (
        <div>
          <BackButton />
        </div>
      )}
      {post ? (
        children(post)
      ) : query.isError ? (
        <PostNotFound message={apiErrorMessage(query.error, POST_NOT_FOUND_TEXT)} />
      ) : (
        <PostDetailSkeleton />
      )}
    </div>
  );
}
