import { ArrowLeft, FileQuestion } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from './button';
import { EmptyState } from './empty-state';

export const POST_NOT_FOUND_TEXT = "The post you're looking for doesn't exist or has been removed.";

/**
 * 'Post Not Found' with the error's message. Go Back returns where the reader came from, or to
 * `home` when the page was opened directly (no history inside the app).
 */
export function PostNotFound({
  message,
  home = '/',
  title = 'Post Not Found',
}: {
  message?: string;
  home?: string;
  /** 'This tea was removed' when the reader followed a notification to it. */
  title?: string;
}) {
  const navigate = useNavigate();
  const { key } = useLocation();
  const goBack = () => void (key === 'default' ? navigate(home) : navigate(-1));
  return (
    <EmptyState
      icon={FileQuestion}
      title={title}
      headingLevel={1}
      description={message || POST_NOT_FOUND_TEXT}
      action={
        <Button onClick={goBack}>
          <ArrowLeft aria-hidden="true" /> Go Back
        </Button>
      }
    />
  );
}
