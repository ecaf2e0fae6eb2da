import { VOTE_MESSAGES, type CurrentUser, type PostCardList, type VoteResponse } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BEN, makeDetail, renderDetail, stubDetailApi } from '@/features/posts/testing/post-detail-kit';
import { currentUserKey } from '@/lib/current-user';
import { json } from '@/testing';

afterEach(() => vi.unstubAllGlobals());

const voted = (vote_count: number, coin_balance: number): VoteResponse => ({
  message: VOTE_MESSAGES.upvoted.description,
  vote_count,
  has_user_voted: true,
  can_vote: false,
  coin_balance,
});

describe('UpvoteButton', () => {
  it("upvotes: 'Upvoted', count + 1, pressed and disabled, the balance follows, and the post is read again", async () => {
    let post = makeDetail({ vote_count: 3 });
    const calls = stubDetailApi(({ path, method }) => {
      if (path === `/posts/${post.id}` && method === 'GET') return json(post);
      if (path === `/posts/${post.id}/vote` && method === 'POST') {
        post = { ...post, vote_count: 4, has_user_voted: true, can_vote: false };
        return json(voted(4, 115));
      }
    });
    const { user, queryClient } = renderDetail(`/posts/${post.id}`);

    const button = await screen.findByRole('button', { name: 'Upvote, 3 votes' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveTextContent('3');
    // A list card of the same post, cached earlier, shows the new count too.
    queryClient.setQueryData<PostCardList>(['posts', 'list', 'user', {}], {
      data: [post],
      metadata: { total_elements: 1, skip: 0, limit: 9, total_capped: false },
    });
    await user.click(button);

    const after = await screen.findByRole('button', { name: 'Upvoted, 4 votes' });
    expect(after).toBeDisabled();
    expect(after).toHaveAttribute('aria-pressed', 'true');
    expect(after).toHaveTextContent('4');
    expect(screen.getByText(VOTE_MESSAGES.upvoted.title)).toBeInTheDocument();
    expect(screen.getByText(VOTE_MESSAGES.upvoted.description)).toBeInTheDocument();
    expect(queryClient.getQueryData<CurrentUser>(currentUserKey)?.coin_balance).toBe(115);
    expect(queryClient.getQueryData<PostCardList>(['posts', 'list', 'user', {}])?.data[0]?.vote_count).toBe(4);
    await waitFor(() => expect(calls.filter((c) => c.path === `/posts/${post.id}`)).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ path: `/posts/${post.id}/vote`, method: 'POST' }]);
  });

  it('is disabled once voted, and for a reader who cannot vote, saying why', async () => {
    const done = makeDetail({ vote_count: 9, has_user_voted: true, can_vote: false });
    const own = makeDetail({ vote_count: 2, can_vote: false });
    stubDetailApi(({ path }) => {
      if (path === `/posts/${done.id}`) return json(done);
      if (path === `/posts/${own.id}`) return json(own);
    });
    const { router } = renderDetail(`/posts/${done.id}`);

    const pressed = await screen.findByRole('button', { name: 'Upvoted, 9 votes' });
    expect(pressed).toBeDisabled();
    expect(pressed).toHaveAccessibleDescription('You upvoted this tea.');

    await router.navigate(`/posts/${own.id}`);
    const blocked = await screen.findByRole('button', { name: 'Upvote, 2 votes' });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription('You cannot upvote this tea.');
  });

  it('stays disabled while the vote is sending', async () => {
    const post = makeDetail({ vote_count: 1 });
    stubDetailApi(({ path, method }) => {
      if (path === `/posts/${post.id}` && method === 'GET') return json(post);
      if (method === 'POST') return new Promise<Response>(() => undefined);
    });
    const { user } = renderDetail(`/posts/${post.id}`);

    const button = await screen.findByRole('button', { name: 'Upvote, 1 vote' });
    await user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it("shows 'Something went wrong' with the API's reason, or 'Failed to upvote post.' when there is none", async () => {
    const post = makeDetail({ vote_count: 5 });
    let answer = json({ detail: VOTE_MESSAGES.alreadyVoted, code: 'CONFLICT' }, 409);
    const calls = stubDetailApi(({ path, method }) => {
      if (path === `/posts/${post.id}` && method === 'GET') return json(post);
      if (method === 'POST') return answer;
    });
    const { user } = renderDetail(`/posts/${post.id}`);

    await user.click(await screen.findByRole('button', { name: 'Upvote, 5 votes' }));
    expect(await screen.findByText(VOTE_MESSAGES.failed.title)).toBeInTheDocument();
    expect(screen.getByText(VOTE_MESSAGES.alreadyVoted)).toBeInTheDocument();
    // A 409 means this reader voted elsewhere: the post is read again.
    await waitFor(() => expect(calls.filter((c) => c.path === `/posts/${post.id}`)).toHaveLength(2));

    answer = json({ detail: 'Server error. Please try again later.' }, 500);
    await user.click(screen.getByRole('button', { name: 'Upvote, 5 votes' }));
    expect(await screen.findByText(VOTE_MESSAGES.failed.description)).toBeInTheDocument();
  });

  it('with 3 coins: disabled, "You need 2 more Tea Coins" in text the button is described by, and Buy Coins', async () => {
    const post = makeDetail({ vote_count: 4 });
    const calls = stubDetailApi(({ path }) => (path === `/posts/${post.id}` ? json(post) : undefined), {
      ...BEN,
      coin_balance: 3,
    });
    const { user } = renderDetail(`/posts/${post.id}`);

    const button = await screen.findByRole('button', { name: 'Upvote, 4 votes' });
    const vote = within(button.parentElement ?? document.body);
    expect(await vote.findByText('You need 2 more Tea Coins.')).toBeVisible();
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      expect.stringContaining('Cost: 5 Tea Coins · Your balance: 3 Tea Coins'),
    );
    expect(button).toHaveAccessibleDescription(expect.stringContaining('You need 2 more Tea Coins.'));
    expect(vote.getByRole('link', { name: 'Buy Coins' })).toHaveAttribute('href', '/buy-coins');
    await user.click(button);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('with enough coins: enabled, showing the cost and the balance', async () => {
    const post = makeDetail({ vote_count: 4 });
    stubDetailApi(({ path }) => (path === `/posts/${post.id}` ? json(post) : undefined), { ...BEN, coin_balance: 5 });
    renderDetail(`/posts/${post.id}`);

    const button = await screen.findByRole('button', { name: 'Upvote, 4 votes' });
    await waitFor(() => expect(button).toHaveAccessibleDescription('Cost: 5 Tea Coins · Your balance: 5 Tea Coins'));
    expect(button).toBeEnabled();
    expect(within(button.parentElement ?? document.body).queryByText(/You need/)).not.toBeInTheDocument();
  });
});
