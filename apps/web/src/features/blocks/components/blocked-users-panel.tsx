import { useId } from 'react';
import { BLOCK_MESSAGES, type BlockedUser } from '@kettle/shared';
import { UserRoundX } from 'lucide-react';
import { InitialsAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { SkeletonStack } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { toastError } from '@/lib/toast-store';
import { useBlocks } from '../api/get-blocks';
import { useUnblockUser } from '../api/unblock-user';

const blockedFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function BlockedUserRow({ blocked }: { blocked: BlockedUser }) {
  const unblock = useUnblockUser();
  const handleUnblock = () =>
    unblock.mutate(
      { user_id: blocked.user_id, username: blocked.username },
      { onError: (error) => toastError(apiErrorMessage(error, BLOCK_MESSAGES.failed)) },
    );
  return (
    <li className="flex items-center gap-3 py-3">
      <InitialsAvatar username={blocked.username} className="size-9 text-sm" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">@{blocked.username}</p>
        <p className="text-xs text-muted-foreground">
          Blocked <time dateTime={blocked.blocked_at}>{blockedFormat.format(new Date(blocked.blocked_at))}</time>
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={handleUnblock}
        disabled={unblock.isPending}
        aria-busy={unblock.isPending}
        aria-label={`Unblock @${blocked.username}`}
      >
        {unblock.isPending ? 'Unblocking...' : 'Unblock'}
      </Button>
    </li>
  );
}

function BlockedUsersContent() {
  const query = useBlocks();
  return (
    <QueryState
      query={query}
      loading={<SkeletonStack label="Loading blocked users" rows={['h-10 w-full', 'h-10 w-full']} />}
      error={{ message: (error) => apiErrorMessage(error, BLOCK_MESSAGES.failed) }}
      empty={{
        when: (data) => data.blocks.length === 0,
        view: (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <UserRoundX className="size-4 shrink-0" aria-hidden="true" /> {BLOCK_MESSAGES.empty}
          </p>
        ),
      }}
    >
      {(data) => (
        <ul className="divide-y divide-border" aria-label="Blocked users">
          {data.blocks.map((blocked) => (
            <BlockedUserRow key={blocked.user_id} blocked={blocked} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** My Account: the people whose comments you have hidden, each with Unblock (decisions.md, Stubs). */
export function BlockedUsersPanel() {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="text-xl">
          Blocked users
        </CardTitle>
        <CardDescription>
          You don&apos;t see comments from people you block. Unblock them to see them again.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <BlockedUsersContent />
      </CardContent>
    </Card>
  );
}
