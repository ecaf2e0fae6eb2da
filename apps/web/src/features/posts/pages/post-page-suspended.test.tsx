import { formatUntil } from '@kettle/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BEN, makeDetail, renderDetail, stubDetailApi } from '@/features/posts/testing/post-detail-kit';
import { json } from '@/testing';

afterEach(() => vi.unstubAllGlobals());

const UNTIL = new Date(Date.now() + 3 * 86_400_000).toISOString();
const SUSPENDED = { ...BEN, suspended_until: UNTIL };
const TEXT = `Suspended until ${formatUntil(UNTIL)}`;

describe("a suspended member's buttons say so before the click", () => {
  it('Upvote, Comment and Report are disabled with the suspension’s end in sight; nothing is sent', async () => {
    const post = makeDetail();
    const calls = stubDetailApi(
      ({ path, method }) => (path === `/posts/${post.id}` && method === 'GET' ? json(post) : undefined),
      SUSPENDED,
    );
    const { user } = renderDetail(`/posts/${post.id}`);

    const upvote = await screen.findByRole('button', { name: 'Upvote, 3 votes' });
    await screen.findByText(TEXT, { selector: `#${CSS.escape(upvote.getAttribute('aria-describedby') ?? '')}` });
    expect(upvote).toBeDisabled();
    expect(upvote).toHaveAccessibleDescription(TEXT);

    const report = screen.getByRole('button', { name: 'Report post' });
    expect(report).toBeDisabled();
    expect(report).toHaveAccessibleDescription(TEXT);

    const box = await screen.findByRole('textbox', { name: /comment/i });
    await user.type(box, 'Can I still say this?');
    const form = box.closest('form');
    if (!form) throw new Error('the comment box has no form');
    const send = within(form).getByRole('button', { name: /^(Post|Comment|Send)/ });
    expect(send).toBeDisabled();
    expect(within(form).getByText(TEXT)).toBeVisible();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('Unlock is disabled with the end date on a locked tea', async () => {
    const post = makeDetail({
      is_locked: true,
      is_unlocked_by_user: false,
      can_vote: false,
      content: 'Somebody said…',
    });
    stubDetailApi(
      ({ path, method }) => (path === `/posts/${post.id}` && method === 'GET' ? json(post) : undefined),
      SUSPENDED,
    );
    renderDetail(`/posts/${post.id}`);

    // The account loads beside the tea: the hint appears once it says the member is suspended.
    await screen.findAllByText(TEXT);
    const unlock = screen.getByRole('button', { name: /^Unlock for 40/ });
    expect(unlock).toBeDisabled();
    expect(unlock).toHaveAccessibleDescription(TEXT);
  });

  it('a member whose suspension has ended may act again', async () => {
    const post = makeDetail();
    const ended = { ...BEN, suspended_until: new Date(Date.now() - 60_000).toISOString() };
    stubDetailApi(
      ({ path, method }) => (path === `/posts/${post.id}` && method === 'GET' ? json(post) : undefined),
      ended,
    );
    renderDetail(`/posts/${post.id}`);
    expect(await screen.findByRole('button', { name: 'Upvote, 3 votes' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Report post' })).toBeEnabled();
    expect(screen.queryByText(/^Suspended until/)).not.toBeInTheDocument();
  });
});
