import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { usePageTitle } from '@/lib/use-page-title';
import type { OwnPost } from '@kettle/shared';
import { useAdminPost } from '../api/admin-posts';
import { AdminPostComments } from '../components/admin-post-comments';
import { AdminPostDetails } from '../components/admin-post-details';
import { AdminPostEditForm } from '../components/admin-post-edit-form';
import { AdminPostSkeleton } from '../components/admin-post-skeleton';
import { ImageCarousel } from '../components/image-carousel';
import { POST_NOT_FOUND_TEXT, PostNotFound } from '../components/post-not-found';

const INVALID_IDS = new Set(['', 'undefined', 'null']);

/** /admin/posts/{id}: redirects to the admin feed when the id is missing. */
export function AdminPostPage() {
  const { id = '' } = useParams();
  if (INVALID_IDS.has(id)) return <Navigate to="/admin/" replace />;
  return <AdminPostView id={id} />;
}

function AdminPostView({ id }: { id: string }) {
  const query = useAdminPost(id);
  usePageTitle(query.data?.title ?? (query.isError ? 'Post Not Found' : 'Post'));
  return (
    <div className="grid gap-6">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/admin/">
            <ArrowLeft aria-hidden="true" /> Back to Posts
          </Link>
        </Button>
      </div>
      {query.isPending ? (
        <AdminPostSkeleton />
      ) : query.isError ? (
        <PostNotFound message={apiErrorMessage(query.error, POST_NOT_FOUND_TEXT)} />
      ) : (
        <PostView post={query.data} />
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
        <AdminPostDetails post={post} />
      </div>
      <AdminPostEditForm post={post} />
      <AdminPostComments postId={post.id} />
    </>
  );
}
