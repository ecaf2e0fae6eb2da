import { LinkIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** An emailed link that no longer works: say so plainly and offer the way to get a fresh one. */
export function InvalidLinkNotice({ message, to, action }: { message: string; to: string; action: string }) {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <LinkIcon className="size-10 text-destructive" aria-hidden="true" />
      <p role="alert" className="text-sm text-destructive">
        {message}
      </p>
      <Button asChild className="w-full">
        <Link to={to}>{action}</Link>
      </Button>
    </div>
  );
}
