import { ExternalLink } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { ReportPostButton } from '@/features/reports/components/report-post-button';
import { UpvoteButton } from '@/features/votes/components/upvote-button';
import { useReversal } from '../api/get-reversal';
import { PostDetailFrame } from '../components/post-detail-frame';
import { PostDetailView } from '../components/post-detail-view';
import { INVALID_POST_IDS } from '../utils/invalid-post-ids';

/** /posts/reversal/{id}: the reversal of original post {id} (product.md §2 'Reversal post page'). */
export function ReversalPage() {
  const { id = '' } = useParams();
  if (INVALID_POST_IDS.has(id)) return <Navigate to="/" replace />;
  return <ReversalScreen key={id} originalId={id} />;
}

function ReversalScreen({ originalId }: { originalId: string }) {
  const query = useReversal(originalId);
  return (
    <PostDetailFrame query={query}>
      {(post) => (
        <>
          <PostDetailView
            post={post}
            collapse="clamp"
            vote={<UpvoteButton post={post} />}
            flag={<ReportPostButton post={post} />}
            actions={
              <Button asChild variant="outline" size="sm">
                <Link to={`/posts/${post.original_post_id ?? originalId}`}>
                  <ExternalLink aria-hidden="true" /> View Original Post
                </Link>
              </Button>
            }
          />
          <CommentsSection post={post} variant="reversal" />
        </>
      )}
    </PostDetailFrame>
  );
}
