import { useCurrentUser } from '@/lib/current-user';
import { AccountActionDialog, type ActionTarget } from './account-action-dialog';

type AuthorActionDialogProps = {
  author: ActionTarget;
  /** The tea the action cites: the reported or viewed tea, never one the author did not write. */
  postId?: string;
};

/**
 * Take Action on whoever wrote a reported or viewed piece of content (issue 14). Left out on the
 * admin's own content, as on their own card: the API refuses an action on oneself.
 */
export function AuthorActionDialog({ author, postId }: AuthorActionDialogProps) {
  const me = useCurrentUser();
  if (me.data?.id === author.id) return null;
  return <AccountActionDialog user={author} postId={postId} triggerLabel="Take action on author" />;
}
