import { maskHandle } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listOf, makeCard, renderHome, stubPosts } from '../testing/posts-kit';

afterEach(() => vi.unstubAllGlobals());

const query = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);
const ACTIONS = /^(View Original Post|View Reversal|Create Reversal)$/;
const PREVIEW = 'A'.repeat(150);

describe('HomePage', () => {
  it('shows a locked card faded with an ellipsis, the masked handle as sent, and its price', async () => {
    const locked = makeCard({
      title: 'Locked tea',
      content: PREVIEW,
      is_locked: true,
      tagged_handle: maskHandle('@jane'),
      unlock_price: 55,
      vote_count: 7,
      image_urls: ['/uploads/preview.webp'],
    });
    const open = makeCard({ title: 'Open tea', image_urls: ['/uploads/a.webp'], tagged_handle: '@jane' });
    const calls = stubPosts({ list: () => listOf([locked, open]) });
    renderHome();

    const card = await screen.findByRole('article', { name: 'Locked tea' });
    expect(query(calls[0]?.url)).toEqual({ skip: '0', limit: '9' });
    expect(screen.getByText('2 total teas')).toBeInTheDocument();
    const preview = within(card).getByText(`${PREVIEW}…`);
    expect(preview).toHaveAttribute('data-locked', 'true');
    expect(preview.className).toMatch(/blur/);
    expect(within(card).getByText('@j•••••')).toBeInTheDocument();
    expect(within(card).getByText('55 coins')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Unlock for 55 coins' })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /View Full/ })).not.toBeInTheDocument();
    expect(within(card).getByText('Cheater Alert')).toBeInTheDocument();
    expect(within(card).getByText('California')).toBeInTheDocument();
    expect(within(card).getByText('ava')).toBeInTheDocument();
    expect(within(card).getByText('7')).toBeInTheDocument();
    expect(within(card).getByText('3h ago')).toBeInTheDocument();
    const photo = within(card).getByRole('img', { name: /^Photo \(locked: a blurred preview/ });
    expect(photo).toHaveAttribute('src', '/uploads/preview.webp');
    expect(photo).toHaveAttribute('data-locked', 'true');
    expect(photo.className).toMatch(/blur/);
    expect(within(card).getByRole('link', { name: 'Locked tea' })).toHaveAttribute('href', `/posts/${locked.id}`);

    const full = screen.getByRole('article', { name: 'Open tea' });
    expect(within(full).getByText(open.content)).not.toHaveAttribute('data-locked');
    expect(within(full).getByText('@jane')).toBeInTheDocument();
    expect(within(full).getByRole('link', { name: 'View Full: Open tea' })).toHaveAttribute(
      'href',
      `/posts/${open.id}`,
    );
    expect(within(full).queryByRole('button', { name: /Unlock/ })).not.toBeInTheDocument();
    expect(full.querySelector('img')).toHaveAttribute('src', '/uploads/a.webp');
    expect(full.querySelector('img')).not.toHaveAttribute('data-locked');
  });

  it('gives each card exactly one of View Original Post, View Reversal and Create Reversal', async () => {
    const reversal = makeCard({ title: 'A reversal', original_post_id: '99999999-9999-4999-8999-999999999999' });
    const reversed = makeCard({ title: 'Has a reversal', has_reversal: true });
    const plain = makeCard({ title: 'Plain tea', author_username: 'ben_brews' });
    // The reader's own tea: the server refuses its reversal, so the card offers none.
    const own = makeCard({ title: 'My own tea', author_username: 'ava' });
    stubPosts({ list: () => listOf([reversal, reversed, plain, own]) });
    renderHome();

    const only = (title: string) => {
      const card = screen.getByRole('article', { name: title });
      const actions = [...within(card).queryAllByRole('link'), ...within(card).queryAllByRole('button')].filter((el) =>
        ACTIONS.test(el.textContent?.trim() ?? ''),
      );
      expect(actions).toHaveLength(1);
      return actions[0];
    };
    await screen.findByRole('article', { name: 'A reversal' });
    expect(only('A reversal')).toHaveAttribute('href', '/posts/99999999-9999-4999-8999-999999999999');
    expect(only('A reversal')).toHaveTextContent('View Original Post');
    expect(only('Has a reversal')).toHaveAttribute('href', `/posts/reversal/${reversed.id}`);
    expect(only('Plain tea')?.tagName).toBe('BUTTON');
    expect(only('Plain tea')).toHaveTextContent('Create Reversal');
    const mine = screen.getByRole('article', { name: 'My own tea' });
    await waitFor(() => expect(within(mine).queryByRole('button', { name: 'Create Reversal' })).toBeNull());
  });

  it('sends a visitor to sign in for unlocking and reversals', async () => {
    stubPosts({ list: () => listOf([makeCard({ title: 'Locked tea', is_locked: true })]) });
    const { router, user } = renderHome('/?search=party', { signedIn: false });

    const card = await screen.findByRole('article', { name: 'Locked tea' });
    expect(within(card).getByRole('link', { name: 'Create Reversal' })).toHaveAttribute('href', '/auth/signin');
    await user.click(within(card).getByRole('link', { name: 'Unlock for 40 coins' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/?search=party' });
  });

  it('reads category, state, search and page from the address bar', async () => {
    const calls = stubPosts({ list: () => listOf([makeCard()], { total_elements: 12, skip: 9 }) });
    renderHome('/?category=Cheater%20Alert&state=CA&search=party&status=rejected&page=2');

    await screen.findByRole('article');
    expect(query(calls[0]?.url)).toEqual({
      category: 'Cheater Alert',
      state: 'CA',
      search: 'party',
      skip: '9',
      limit: '9',
    });
    expect(await screen.findByRole('option', { name: 'Workplace' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Cheater Alert');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('CA');
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search teas' })).toHaveValue('party');
    expect(screen.getByRole('button', { name: 'Remove filter State: California' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove filter Status/ })).not.toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('keeps filters and page in the address bar, replacing the entry', async () => {
    const calls = stubPosts({ list: () => listOf([makeCard()], { total_elements: 40 }) });
    const { router, user } = renderHome('/?page=3');
    await screen.findByRole('article');
    const search = () => router.state.location.search;

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), 'Workplace');
    expect(search()).toBe('?category=Workplace');
    expect(router.state.historyAction).toBe('REPLACE');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'TX');
    await user.type(screen.getByRole('searchbox', { name: 'Search teas' }), '@jo{Enter}');
    expect(search()).toBe('?category=Workplace&state=TX&search=%40jo');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(search()).toBe('?category=Workplace&state=TX&search=%40jo&page=2');
    await waitFor(() => expect(query(calls.at(-1)?.url)).toMatchObject({ search: '@jo', skip: '9' }));

    await user.click(screen.getByRole('button', { name: 'Remove filter Category: Workplace' }));
    expect(search()).toBe('?state=TX&search=%40jo');
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(search()).toBe('');
  });

  it('prefetches the next page half a second after a page loads', async () => {
    const calls = stubPosts({ list: () => listOf([makeCard()], { total_elements: 20 }) });
    renderHome();
    await screen.findByRole('article');
    await waitFor(() => expect(calls.map(({ url }) => url.searchParams.get('skip'))).toEqual(['0', '9']));
  });

  it('shows 1,000+ teas when a search count is capped', async () => {
    stubPosts({ list: () => listOf([makeCard()], { total_elements: 1000, total_capped: true }) });
    renderHome('/?search=the');
    expect(await screen.findByText('1,000+ teas')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 112')).toBeInTheDocument();
  });
});
