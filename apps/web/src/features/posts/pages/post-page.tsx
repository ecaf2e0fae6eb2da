import type { PostDetail } from '@kettle/shared';
import { Navigate, useParams } from 'react-router';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { ReportPostButton } from '@/features/reports/components/report-post-button';
import { UpvoteButton } from '@/features/votes/components/upvote-button';
import { usePost } from '../api/get-post';
import { ReversalAction } from '../components/post-card-actions';
import { PostDetailFrame } from '../components/post-detail-frame';
import { PostDetailOwnerActions } from '../components/post-detail-owner';
import { useIsAuthor } from '../hooks/use-is-author';
import { PostDetailView } from '../components/post-detail-view';
import { INVALID_POST_IDS } from '../utils/invalid-post-ids';

/** /posts/{id}: one tea (product.md §2 'Post detail'). */
export function PostPage() {
  const { id = '' } = useParams();
  if (INVALID_POST_IDS.has(id)) return <Navigate to="/" replace />;
  return <PostScreen key={id} id={id} />;
}

function PostScreen({ id }: { id: string }) {
  const query = usePost(id);
  return (
    <PostDetailFrame query={query}>
      {(post) => (
        <>
          <PostDetailView
            post={post}
            collapse="truncate"
            vote={<UpvoteButton post={post} />}
            flag={<ReportPostButton post={post} />}
            actions={<PostActions post={post} />}
          />
          <CommentsSection post={post} variant="post" />
        </>
      )}
    </PostDetailFrame>
  );
}

/** As on cards: View Original Post, View Reversal or Create Reversal; then the author's tools. */
function PostActions({ post }: { post: PostDetail }) {
  const isAuthor = useIsAuthor(post);
  // A reversal is written by someone else, about a published tea (decisions.md, Posts).
  const reversible = post.original_post_id !== null || post.has_reversal || (post.status === 'approved' && !isAuthor);
  return (
    <>
      {reversible ? <ReversalAction post={post} /> : null}
      <PostDetailOwnerActions post={post} />
    </>
  );
}
