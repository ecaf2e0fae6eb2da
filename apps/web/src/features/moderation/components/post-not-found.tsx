import { PostNotFound as SharedPostNotFound } from '@/components/ui/post-not-found';

/** 'Post Not Found' in the admin shell: Go Back falls back to the admin feed. */
export function PostNotFound({ message }: { message?: string }) {
  return <SharedPostNotFound message={message} home="/admin/" />;
}
