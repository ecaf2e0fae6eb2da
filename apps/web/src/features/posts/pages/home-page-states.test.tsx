import type { PostDetail } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '@/lib/current-user';
import { json } from '@/testing';
import { listOf, makeCard, renderHome, stubPosts } from '../testing/posts-kit';
import { buildUser, CATEGORY, STATE } from '../testing/render-posts';

afterEach(() => vi.unstubAllGlobals());

const locked = () =>
  makeCard({ title: 'Locked tea', content: 'B'.repeat(150), is_locked: true, tagged_handle: '@j•••••' });

const detail = (card: ReturnType<typeof makeCard>, patch: Partial<PostDetail> = {}): PostDetail => ({
  ...card,
  status: 'approved',
  category_id: CATEGORY.id,
  state_id: STATE.id,
  updated_at: card.created_at,
  images: [],
  evidence_link: null,
  unlock_count: null,
  has_user_voted: false,
  can_vote: true,
  can_report: true,
  has_reported: false,
  report_status: null,
  bounty_comment_id: null,
  bounty_expires_at: null,
  can_award_bounty: false,
  empty_pot_refusal: 'not_author',
  ...patch,
});

describe('HomePage unlock', () => {
  it('asks with price and balance, then shows the full post and the new balance', async () => {
    const card = locked();
    const full = 'B'.repeat(150) + ' and then the whole story came out.';
    const calls = stubPosts({
      list: () => listOf([card]),
      unlock: () =>
        json({
          message: 'Post unlocked successfully!',
          coin_balance: 80,
          post: detail(card, { content: full, is_locked: false, is_unlocked_by_user: true, tagged_handle: '@jane' }),
        }),
      user: buildUser({ coin_balance: 120 }),
    });
    const { user, queryClient } = renderHome();

    const article = await screen.findByRole('article', { name: 'Locked tea' });
    await user.click(within(article).getByRole('button', { name: 'Unlock for 40 coins' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlock this tea?' });
    expect(within(dialog).getByText('40 Tea Coins')).toBeInTheDocument();
    expect(await within(dialog).findByText('120 Tea Coins')).toBeInTheDocument();
    expect(calls.some(({ method }) => method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Post Unlocked!')).toBeInTheDocument();
    expect(screen.getByText('Post unlocked successfully!')).toBeInTheDocument();
    const post = calls.find(({ method }) => method === 'POST');
    expect(post?.url.pathname).toBe(`/api/v1/posts/${card.id}/unlock`);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    const after = screen.getByRole('article', { name: 'Locked tea' });
    expect(within(after).getByText(full)).not.toHaveAttribute('data-locked');
    expect(within(after).getByText('@jane')).toBeInTheDocument();
    expect(within(after).getByRole('link', { name: 'View Full: Locked tea' })).toBeInTheDocument();
    expect(within(after).queryByRole('button', { name: /Unlock for/ })).not.toBeInTheDocument();
    expect(queryClient.getQueryData(currentUserKey)).toMatchObject({ coin_balance: 80 });
  });

  it('tells "Unlock Failed" when the unlock fails', async () => {
    stubPosts({ list: () => listOf([locked()]), unlock: () => json({}, 500) });
    const { user } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'Unlock for 40 coins' }));
    await user.click(await screen.findByRole('button', { name: 'Unlock' }));

    expect(await screen.findByText('Unlock Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to unlock post. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock for 40 coins' })).toBeInTheDocument();
  });

  it("shows the API's reason, and the way to coins when they are short", async () => {
    let answer = json({ detail: 'Please verify your email first.', code: 'EMAIL_NOT_VERIFIED' }, 403);
    stubPosts({ list: () => listOf([locked()]), unlock: () => answer });
    const { user } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'Unlock for 40 coins' }));
    await user.click(await screen.findByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Please verify your email first.')).toBeInTheDocument();
    expect(screen.getByText('Unlock Failed')).toBeInTheDocument();

    answer = json({ detail: 'You need 40 coins.', code: 'INSUFFICIENT_COINS' }, 402);
    await user.click(screen.getByRole('button', { name: 'Unlock for 40 coins' }));
    await user.click(await screen.findByRole('button', { name: 'Unlock' }));
    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You need 40 coins.');
    expect(within(dialog).getByRole('link', { name: 'See how to get coins' })).toHaveAttribute('href', '/guide');
  });
});

describe('HomePage states', () => {
  it('shows 9 skeleton cards while loading', async () => {
    stubPosts({ list: () => new Promise<Response>(() => undefined) });
    renderHome();
    const skeleton = await screen.findByRole('status', { name: 'Loading teas' });
    expect(skeleton.children).toHaveLength(9);
  });

  it('says when nothing is published yet, and when nothing matches', async () => {
    stubPosts({ list: () => listOf([]) });
    renderHome();
    expect(await screen.findByText('No posts available yet')).toBeInTheDocument();
    expect(screen.getByText('No teas found')).toBeInTheDocument();
  });

  it('offers to clear filters that match nothing', async () => {
    stubPosts({ list: () => listOf([]) });
    const { router, user } = renderHome('/?search=nothing');
    expect(await screen.findByText('No posts match your filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('No posts available yet')).toBeInTheDocument();
  });

  it('shows Error Loading Posts, and Try Again loads them', async () => {
    let fail = true;
    stubPosts({
      list: () => (fail ? json({ detail: 'Database unavailable' }, 503) : listOf([makeCard({ title: 'Back' })])),
    });
    const { user } = renderHome();
    expect(await screen.findByText('Error Loading Posts')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Back' })).toBeInTheDocument();
  });
});
