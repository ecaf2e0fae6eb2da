import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing';
import { makeMyPost, page, renderMyTeas, stubMyTeas } from '../testing/my-teas-kit';

afterEach(() => vi.unstubAllGlobals());

const query = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

describe('MyTeasPage', () => {
  it('lists own teas with status, price, unlocks, reason and placeholders', async () => {
    const approved = makeMyPost({ title: 'Approved tea', status: 'approved', unlock_count: 3, vote_count: 7 });
    const rejected = makeMyPost({ title: 'Rejected tea', status: 'rejected', rejection_reason: 'Names a minor' });
    const reversal = makeMyPost({
      title: 'Reversal tea',
      original_post_id: approved.id,
      image_urls: ['/uploads/a.webp'],
    });
    const urls = stubMyTeas(() => page([approved, rejected, reversal]));
    renderMyTeas();

    const card = await screen.findByRole('article', { name: 'Approved tea' });
    expect(screen.getByText('3 total teas')).toBeInTheDocument();
    expect(query(urls[0])).toEqual({ skip: '0', limit: '9' });
    expect(within(card).getByText('Approved')).toBeInTheDocument();
    expect(within(card).getByText('40 coins')).toBeInTheDocument();
    expect(within(card).getByText('3 unlocked')).toBeInTheDocument();
    expect(within(card).getByText('Cheater Alert')).toBeInTheDocument();
    expect(within(card).getByText('California')).toBeInTheDocument();
    expect(within(card).getByText('@subject')).toBeInTheDocument();
    expect(within(card).getByText('Tagged:', { exact: false })).toBeInTheDocument();
    expect(within(card).getByText('7')).toBeInTheDocument();
    expect(within(card).getByTestId('post-placeholder')).toBeInTheDocument();
    expect(within(card).queryByText(/Reason:/)).not.toBeInTheDocument();
    expect(within(card).queryByText('Reversal')).not.toBeInTheDocument();

    const no = screen.getByRole('article', { name: 'Rejected tea' });
    expect(within(no).getByText('Rejected')).toBeInTheDocument();
    expect(within(no).getByText('Reason:').parentElement).toHaveTextContent('Reason: Names a minor');
    expect(within(no).queryByText(/unlocked/)).not.toBeInTheDocument();

    const rev = screen.getByRole('article', { name: 'Reversal tea' });
    expect(within(rev).getByText('Pending')).toBeInTheDocument();
    expect(within(rev).getByText('Reversal')).toBeInTheDocument();
    expect(rev.querySelector('img')).toHaveAttribute('src', '/uploads/a.webp');
    expect(screen.getByRole('link', { name: 'Create New Tea' })).toHaveAttribute('href', '/submit');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('reads filters from the address bar and maps names to ids', async () => {
    const urls = stubMyTeas(() => page([makeMyPost()], 12, 9));
    renderMyTeas('/my-teas?category=cheater%20alert&state=ca&status=approved&search=party&page=2');

    await screen.findByRole('article');
    expect(query(urls[0])).toEqual({
      category_id: '11111111-1111-4111-8111-111111111111',
      state_id: '22222222-2222-4222-8222-222222222222',
      status: 'approved',
      search: 'party',
      skip: '9',
      limit: '9',
    });
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Cheater Alert');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('CA');
    expect(screen.getByRole('searchbox', { name: 'Search teas' })).toHaveValue('party');
    expect(screen.getByRole('button', { name: 'Remove filter State: California' })).toBeInTheDocument();
  });

  it('writes filters to the query string and resets to page 1', async () => {
    const urls = stubMyTeas(() => page([makeMyPost()], 40));
    const { router, user } = renderMyTeas('/my-teas?page=3');
    await screen.findByRole('article');
    const search = () => router.state.location.search;

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Workplace');
    expect(search()).toBe('?category=Workplace');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'TX');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'rejected');
    expect(search()).toBe('?category=Workplace&state=TX&status=rejected');
    await user.type(screen.getByRole('searchbox', { name: 'Search teas' }), '@jo{Enter}');
    expect(search()).toBe('?category=Workplace&state=TX&search=%40jo&status=rejected');
    await waitFor(() => expect(query(urls.at(-1))).toMatchObject({ search: '@jo', status: 'rejected', skip: '0' }));

    await user.click(screen.getByRole('button', { name: 'Remove filter Category: Workplace' }));
    expect(search()).toBe('?state=TX&search=%40jo&status=rejected');
    await user.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(search()).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search teas' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear All Filters' })).not.toBeInTheDocument();
    // Without Enter the search applies once typing pauses.
    await user.type(screen.getByRole('searchbox', { name: 'Search teas' }), 'kombucha');
    expect(search()).toBe('');
    await waitFor(() => expect(search()).toBe('?search=kombucha'));
  });

  it('says when no tea was ever created', async () => {
    stubMyTeas(() => page([]));
    renderMyTeas();
    expect(await screen.findByRole('heading', { name: "You haven't created any teas yet" })).toBeInTheDocument();
    expect(screen.getByText('No teas found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Post' })).toHaveAttribute('href', '/submit');
  });

  it('says when nothing matches the filters, and clears them', async () => {
    stubMyTeas((url) => (url.searchParams.has('status') ? page([]) : page([makeMyPost({ title: 'Back again' })])));
    const { router, user } = renderMyTeas('/my-teas?status=approved');
    expect(await screen.findByRole('heading', { name: 'No teas match your filters' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('article', { name: 'Back again' })).toBeInTheDocument();
  });

  it('treats an unknown category name as matching nothing', async () => {
    const urls = stubMyTeas(() => page([makeMyPost()]));
    renderMyTeas('/my-teas?category=Nope');
    expect(await screen.findByRole('heading', { name: 'No teas match your filters' })).toBeInTheDocument();
    expect(urls).toHaveLength(0);
  });

  it('shows the error with Try Again, which loads again', async () => {
    let calls = 0;
    stubMyTeas(() => {
      calls += 1;
      return calls === 1 ? json({ detail: 'Database unavailable' }, 503) : page([makeMyPost({ title: 'Recovered' })]);
    });
    const { user } = renderMyTeas();
    expect(await screen.findByRole('heading', { name: 'Error Loading Teas' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Recovered' })).toBeInTheDocument();
  });

  it('pages with a window of five, keeps filters and prefetches the next page', async () => {
    const urls = stubMyTeas((url) => page([makeMyPost()], 100, Number(url.searchParams.get('skip'))));
    const { router, user } = renderMyTeas('/my-teas?status=pending&page=6');
    await screen.findByRole('article');

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('Page 6 of 12');
    const numbers = within(nav)
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((b) => b.textContent);
    expect(numbers).toEqual(['1', '4', '5', '6', '7', '8', '12']);
    await waitFor(() => expect(urls.map((u) => u.searchParams.get('skip'))).toContain('54'));

    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?status=pending&page=7');
    await user.click(within(nav).getByRole('button', { name: 'Page 1' }));
    expect(router.state.location.search).toBe('?status=pending');
    await waitFor(() => expect(nav).toHaveTextContent('Page 1 of 12'));
  });
});
