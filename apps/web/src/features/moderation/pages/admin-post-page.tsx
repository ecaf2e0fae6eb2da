import type { OwnPost } from '@kettle/shared';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ImageCarousel } from '@/components/ui/image-carousel';
import { isNotFound, PostLoadError, postErrorTitle } from '@/components/ui/post-load-error';
import { POST_NOT_FOUND_TEXT } from '@/components/ui/post-not-found';
import { StaleDataBanner } from '@/components/ui/stale-data-banner';
import { AuthorActionDialog } from '@/features/admin-users/components/author-action-dialog';
import { AdminPostComments } from '@/features/comments/components/admin-post-comments';
import { apiErrorMessage } from '@/lib/api-error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminPost } from '../api/admin-posts';
import { AdminPostDetails } from '../components/admin-post-details';
import { AdminPostEditForm } from '../components/admin-post-edit-form';
import { AdminPostSkeleton } from '../components/admin-post-skeleton';
import { PostNotFound } from '../components/post-not-found';

const INVALID_IDS = new Set(['', 'undefined', 'null']);

/** /admin/posts/{id}: redirects to the admin feed when the id is missing. */
export function AdminPostPage() {
  const { id = '' } = useParams();
  if (INVALID_IDS.has(id)) return <Navigate to="/admin/" replace />;
  return <AdminPostView id={id} />;
}

function AdminPostView({ id }: { id: string }) {
  const query = useAdminPost(id);
  const retry = () => void query.refetch();
  const notFound = query.isError && isNotFound(query.error);
  usePageTitle(query.data?.title ?? (query.isError ? postErrorTitle(query.error, null) : 'Post'));
  return (
    <div className="grid gap-6">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/admin/">
            <ArrowLeft aria-hidden="true" /> Back to Posts
          </Link>
        </Button>
      </div>
      {query.data ? (
        <>
          {query.isError ? <StaleDataBanner error={query.error} onRetry={retry} retrying={query.isFetching} /> : null}
          <PostView post={query.data} />
        </>
      ) : notFound ? (
        <PostNotFound message={apiErrorMessage(query.error, POST_NOT_FOUND_TEXT)} />
      ) : query.isError ? (
        <PostLoadError error={query.error} onRetry={retry} retrying={query.isFetching} />
      ) : (
        <AdminPostSkeleton />
      )}
    </div>
  );
}

function PostView({ post }: { post: OwnPost }) {
  const images = useMemo(
    () =>
      post.images.length > 0
        ? post.images.map((image) => ({ id: image.id, url: image.image_url }))
        : post.image_urls.map((url) => ({ id: url, url })),
    [post.images, post.image_urls],
  );
  return (
    <>
      <div className="grid gap-8 lg:grid-cols-2">
        <ImageCarousel key={post.id} images={images} title={post.title} />
        <AdminPostDetails
          post={post}
          authorAction={
            <AuthorActionDialog author={{ id: post.author_id, username: post.author_username }} postId={post.id} />
          }
        />
      </div>
      <AdminPostEditForm post={post} />
      <AdminPostComments postId={post.id} />
    </>
  );
}
