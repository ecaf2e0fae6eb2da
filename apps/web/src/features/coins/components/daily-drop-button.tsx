import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Gift } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/lib/current-user';
import { useClaimDailyDrop, useDailyDrop } from '../api/daily-drop';
import { formatWait } from '../utils/format-wait';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted ' +
  'data-[disabled]:cursor-default data-[disabled]:opacity-60';

/** The user menu's daily drop: claim it when it is waiting, else the time until the next one. */
export function DailyDropButton() {
  const { data: user } = useCurrentUser();
  const verified = user?.email_verified === true;
  const status = useDailyDrop(verified);
  const claim = useClaimDailyDrop();

  let label: string;
  let available = false;
  if (!user) label = 'Daily drop';
  else if (!verified) label = 'Verify your email to claim daily drops';
  else if (claim.isPending) label = 'Claiming daily drop...';
  else if (status.data?.available) {
    available = true;
    label = `Claim daily drop (+${status.data.amount})`;
  } else if (status.data) label = `Next drop in ${formatWait(status.data.next_drop_at)}`;
  else label = status.isError ? 'Daily drop unavailable' : 'Checking daily drop...';

  return (
    <DropdownMenu.Item
      disabled={!available}
      onSelect={(event) => {
        // The menu stays open, so the new balance and the next drop time show right here.
        event.preventDefault();
        claim.mutate();
      }}
      className={cn(ITEM, available && 'font-semibold text-primary')}
    >
      <Gift className="size-4" aria-hidden="true" /> {label}
    </DropdownMenu.Item>
  );
}
