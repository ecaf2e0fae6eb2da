import { GUARD_SCAN_IDLE, type GuardSummary, type OwnPost } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMyPost, OTHER_CATEGORY, OTHER_STATE } from '@/features/posts/testing/my-teas-kit';
import { CATEGORY, STATE } from '@/features/posts/testing/render-posts';
import { json, renderRoute } from '@/testing';
import { AdminHomePage } from './admin-home-page';

afterEach(() => vi.unstubAllGlobals());

const QUIET_SUMMARY: GuardSummary = {
  flags: { privacy: 0, minor: 0, allegation: 0, hint: 0 },
  flagged_teas: 0,
  flagged_comments: 0,
  held_comments: 0,
  scan: GUARD_SCAN_IDLE,
};

const post = (patch: Partial<OwnPost> = {}): OwnPost => {
  const { unlock_count: _ignored, ...own } = makeMyPost(patch);
  return own;
};
const page = (posts: OwnPost[], total = posts.length, skip = 0) =>
  json({ data: posts, metadata: { total_elements: total, skip, limit: 9 } });

function stubFeed(feed: (url: URL) => Response) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://kettle.test');
      if (url.pathname === '/api/v1/categories/') return json({ data: [CATEGORY, OTHER_CATEGORY] });
      if (url.pathname === '/api/v1/states/') return json({ data: [STATE, OTHER_STATE] });
      if (url.pathname === '/api/v1/guard/admin/summary') return json(QUIET_SUMMARY);
      if (url.pathname === '/api/v1/posts/admin/all') {
        urls.push(url);
        return feed(url);
      }
      return json({ detail: 'Not found' }, 404);
    }),
  );
  return urls;
}

const renderFeed = (entry = '/admin/') =>
  renderRoute(entry, {
    routes: [
      { path: '/admin/', element: <AdminHomePage /> },
      { path: '/admin/posts/:id', element: <h1>Admin post</h1> },
    ],
    signedIn: true,
    userEvent: { applyAccept: false },
  });

const query = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

describe('AdminHomePage', () => {
  it('lists every status with 40-character previews, linking to the admin view', async () => {
    const long = 'x'.repeat(39) + 'yz and a lot more that stays hidden';
    const posts = Array.from({ length: 9 }, (_, i) =>
      post({ title: `Tea ${i}`, status: i === 0 ? 'rejected' : 'pending', content: long, tagged_handle: '@jane' }),
    );
    const urls = stubFeed(() => page(posts, 12));
    renderFeed();

    expect(screen.getByRole('heading', { name: 'Tea Moderation Feed' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Tea 0' });
    expect(screen.getByText('Showing 1-9 of 12 teas')).toBeInTheDocument();
    expect(query(urls[0])).toEqual({ skip: '0', limit: '9' });
    expect(within(card).getByText(`${'x'.repeat(39)}y…`)).toBeInTheDocument();
    expect(within(card).getByText('Rejected')).toBeInTheDocument();
    expect(within(card).getByText('ava')).toBeInTheDocument();
    expect(within(card).getByText('@jane')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Tea 0' })).toHaveAttribute('href', `/admin/posts/${posts[0]?.id}`);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('keeps the status filter and page in the address bar', async () => {
    const urls = stubFeed((url) => page([post({ status: 'approved' })], 12, Number(url.searchParams.get('skip'))));
    const { router, user } = renderFeed('/admin/?status=pending&category=Workplace&page=2');

    await screen.findByRole('article');
    expect(query(urls[0])).toEqual({ status: 'pending', category_id: OTHER_CATEGORY.id, skip: '9', limit: '9' });
    expect(screen.getByText('Showing 10-10 of 12 teas')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'approved');
    expect(router.state.location.search).toBe('?category=Workplace&status=approved');
    await waitFor(() => expect(query(urls.at(-1))).toMatchObject({ status: 'approved', skip: '0' }));
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(router.state.location.search).toBe('?category=Workplace&status=approved&page=2');
  });

  it('says when there are no posts, and when loading fails', async () => {
    let answer = () => page([]);
    stubFeed(() => answer());
    const { user } = renderFeed();
    expect(await screen.findByText('No posts available yet')).toBeInTheDocument();

    answer = () => json({ detail: 'Database unavailable' }, 503);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'rejected');
    expect(await screen.findByText('Error Loading Posts')).toBeInTheDocument();
    answer = () => page([post({ title: 'Back again' })]);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Back again' })).toBeInTheDocument();
  });
});
