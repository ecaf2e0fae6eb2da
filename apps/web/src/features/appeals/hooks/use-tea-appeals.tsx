import type { Appealable, MyPost } from '@kettle/shared';
import { useCallback, useMemo } from 'react';
import { useEligibleAppeals } from '../api/get-eligible-appeals';
import { AppealButton } from '../components/appeal-button';

/**
 * My Teas' Appeal buttons: one eligible query for the whole page, and only once a tea on it is
 * rejected (a tea taken down after publishing is rejected too). Returns the card's action slot.
 */
export function useTeaAppeals(posts: ReadonlyArray<Pick<MyPost, 'status'>> | undefined) {
  const anyRejected = posts?.some((post) => post.status === 'rejected') ?? false;
  const { data } = useEligibleAppeals(anyRejected);
  const byPost = useMemo(
    () =>
      new Map<string, Appealable>(
        (data?.data ?? []).filter((item) => item.target_type === 'post').map((item) => [item.target_id, item]),
      ),
    [data],
  );
  return useCallback(
    (post: Pick<MyPost, 'id'>, titleId: string) => {
      const appealable = byPost.get(post.id);
      return appealable ? <AppealButton appealable={appealable} aria-describedby={titleId} className="flex-1" /> : null;
    },
    [byPost],
  );
}
