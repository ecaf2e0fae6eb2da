import { APP_NAME } from '@kettle/shared';
import { Link } from 'react-router';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 rounded-lg font-display text-xl font-bold text-primary">
      <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
      <span>{APP_NAME}</span>
    </Link>
  );
}
