import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { CurrentUser } from '@kettle/shared';
import { LogOut, User } from 'lucide-react';
import { Link } from 'react-router';
import { CoinBalance } from '@/components/layout/coin-balance';
import { InitialsAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { signOut } from '@/features/auth/api/logout';
import { DailyDropButton } from '@/features/coins/components/daily-drop-button';

/** product.md §2 user menu: initials, username or 'User', email, 'Admin Account' tag, balance, Log out. */
export function UserMenu({ user }: { user: CurrentUser | undefined }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="rounded-full" aria-label="Open user menu">
          <InitialsAvatar username={user?.username} email={user?.email} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-border bg-card p-2 text-card-foreground shadow-lg"
        >
          <div className="flex items-center gap-3 p-2">
            <InitialsAvatar username={user?.username} email={user?.email} />
            <div className="min-w-0">
              <p className="truncate font-semibold">{user?.username || 'User'}</p>
              <p className="truncate text-sm text-muted-foreground">{user?.email}</p>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2 px-2 pb-2">
            {user?.is_admin ? <Badge variant="default">Admin Account</Badge> : null}
            <CoinBalance balance={user?.coin_balance ?? 0} />
          </div>
          <DailyDropButton />
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild>
            <Link
              to="/account"
              className="flex items-center gap-2 rounded-lg px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted"
            >
              <User className="size-4" aria-hidden="true" /> My Account
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => void signOut()}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted"
          >
            <LogOut className="size-4" aria-hidden="true" /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
