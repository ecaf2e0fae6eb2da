import { formatUntil } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BEN, makeDetail, renderDetail, stubDetailApi } from '@/features/posts/testing/post-detail-kit';
import { listOf, makeCard, renderHome, stubPosts } from '@/features/posts/testing/posts-kit';
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

  it('on a phone the upvote says it only to screen readers: the banner and Unlock say it in sight', async () => {
    const post = makeDetail();
    stubDetailApi(
      ({ path, method }) => (path === `/posts/${post.id}` && method === 'GET' ? json(post) : undefined),
      SUSPENDED,
    );
    renderDetail(`/posts/${post.id}`);

    const upvote = await screen.findByRole('button', { name: 'Upvote, 3 votes' });
    const hint = await screen.findByText(TEXT, {
      selector: `#${CSS.escape(upvote.getAttribute('aria-describedby') ?? '')}`,
    });
    // A column of text beside the title would squeeze it into a narrow strip at 390 px.
    expect(hint).toHaveClass('sr-only', 'sm:not-sr-only');
  });

  it('Create Reversal is disabled with the end date; no dialog opens', async () => {
    const post = makeDetail();
    const calls = stubDetailApi(
      ({ path, method }) => (path === `/posts/${post.id}` && method === 'GET' ? json(post) : undefined),
      SUSPENDED,
    );
    const { user } = renderDetail(`/posts/${post.id}`);

    await screen.findByRole('button', { name: 'Upvote, 3 votes' });
    const reversal = screen.getByRole('button', { name: 'Create Reversal' });
    await waitFor(() => expect(reversal).toBeDisabled());
    expect(reversal).toHaveAccessibleDescription(TEXT);
    await user.click(reversal);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('Create Reversal on a card is disabled with the end date in sight, said once beside Unlock', async () => {
    stubPosts({
      list: () => listOf([makeCard({ title: 'Plain tea' }), makeCard({ title: 'Locked tea', is_locked: true })]),
      user: SUSPENDED,
    });
    renderHome();

    const card = await screen.findByRole('article', { name: 'Plain tea' });
    const reversal = within(card).getByRole('button', { name: 'Create Reversal' });
    await waitFor(() => expect(reversal).toBeDisabled());
    expect(reversal).toHaveAccessibleDescription(TEXT);
    expect(within(card).getByText(TEXT)).toBeVisible();

    // Unlock shows the end date; the reversal beside it says it to screen readers only.
    const locked = screen.getByRole('article', { name: 'Locked tea' });
    expect(within(locked).getByRole('button', { name: /^Unlock for/ })).toHaveAccessibleDescription(TEXT);
    expect(within(locked).getByRole('button', { name: 'Create Reversal' })).toHaveAccessibleDescription(TEXT);
    const inSight = within(locked)
      .getAllByText(TEXT)
      .filter((hint) => !hint.classList.contains('sr-only'));
    expect(inSight).toHaveLength(1);
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
    expect(screen.getByRole('button', { name: 'Create Reversal' })).toBeEnabled();
    expect(screen.queryByText(/^Suspended until/)).not.toBeInTheDocument();
  });
});
