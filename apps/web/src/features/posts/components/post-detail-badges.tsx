import type { PostDetail } from '@kettle/shared';
import { AtSign, Flag, MapPin, Repeat2, Tag } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { PostStatusBadge } from '@/components/ui/post-status-badge';
import { BountyBadge } from './bounty-badge';

const REPORT_LABEL = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;

/**
 * Category, state, tagged handle (masked while locked, exactly as the server sent it), status
 * with its icon, the bounty with its state, and 'Report: {report_status}' once the reader has
 * reported the post.
 */
export function PostDetailBadges({ post }: { post: PostDetail }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="About this tea">
      <li>
        <Badge variant="outline">
          <Tag className="size-3.5" aria-hidden="true" />
          <span className="sr-only">Category: </span>
          {post.category.name}
        </Badge>
      </li>
      <li>
        <Badge variant="outline" title="Location">
          <MapPin className="size-3.5" aria-hidden="true" />
          <span className="sr-only">State: </span>
          {post.state.name}
        </Badge>
      </li>
      {post.tagged_handle ? (
        <li className="max-w-full">
          <Badge variant="secondary" className="max-w-full break-all">
            <AtSign className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Tagged handle: </span>
            {post.tagged_handle.replace(/^@/, '')}
          </Badge>
        </li>
      ) : null}
      <li>
        <PostStatusBadge status={post.status} />
      </li>
      {post.original_post_id ? (
        <li>
          <Badge variant="default">
            <Repeat2 className="size-3.5" aria-hidden="true" /> Reversal
          </Badge>
        </li>
      ) : null}
      {post.bounty_status === 'none' ? null : (
        <li className="max-w-full">
          <BountyBadge post={post} />
        </li>
      )}
      {post.report_status ? (
        <li>
          <Badge variant="outline">
            <Flag className="size-3.5" aria-hidden="true" /> Report: {REPORT_LABEL[post.report_status]}
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
