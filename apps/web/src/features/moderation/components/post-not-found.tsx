import { ArrowLeft, FileQuestion } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export const POST_NOT_FOUND_TEXT = "The post you're looking for doesn't exist or has been removed.";

/** 'Post Not Found' with the error's message; Go Back returns where the admin came from. */
export function PostNotFound({ message }: { message?: string }) {
  const navigate = useNavigate();
  const { key } = useLocation();
  // A page opened directly has no history inside the app: go to the admin feed instead.
  const goBack = () => void (key === 'default' ? navigate('/admin/') : navigate(-1));
  return (
    <EmptyState
      icon={FileQuestion}
      title="Post Not Found"
      description={message || POST_NOT_FOUND_TEXT}
      action={
        <Button onClick={goBack}>
          <ArrowLeft aria-hidden="true" /> Go Back
        </Button>
      }
    />
  );
}
