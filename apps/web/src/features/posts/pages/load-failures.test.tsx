import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FROM_NOTIFICATION, REMOVED_TEA } from '@/components/ui/post-load-error';
import { queryClient as appClient } from '@/lib/query-client';
import { RETRY_DELAY_MS } from '@/lib/query-retry';
import { json } from '@/testing';
import { makeDetail, renderDetail, stubDetailApi } from '../testing/post-detail-kit';
import { listOf, makeCard, renderHome, stubPosts } from '../testing/posts-kit';

afterEach(() => vi.unstubAllGlobals());

/** A fresh client with the app's own defaults (retry policy and delay), as the running app has them. */
const appDefaults = () => new QueryClient({ defaultOptions: appClient.getDefaultOptions() });

const listCalls = (calls: Array<{ url: URL }>) => calls.filter(({ url }) => url.pathname === '/api/v1/posts/').length;

describe('the retry policy on a real list', () => {
  it('retries a 5xx once, then shows the error with no Loading beside it', async () => {
    const calls = stubPosts({ list: () => json({ detail: 'Database unavailable' }, 503) });
    renderHome('/', { queryClient: appDefaults() });
    expect(await screen.findByRole('heading', { name: 'Error Loading Posts' })).toBeInTheDocument();
    expect(listCalls(calls)).toBe(2);
    expect(screen.queryByText('Loading teas…')).not.toBeInTheDocument();
  });

  it('retries a network error once', async () => {
    const calls = stubPosts({ list: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderHome('/', { queryClient: appDefaults() });
    expect(await screen.findByRole('heading', { name: 'Error Loading Posts' })).toBeInTheDocument();
    expect(listCalls(calls)).toBe(2);
  });

  it('never retries a 4xx', async () => {
    const calls = stubPosts({ list: () => json({ detail: 'Invalid request. Please check your input.' }, 422) });
    renderHome('/', { queryClient: appDefaults() });
    expect(await screen.findByRole('heading', { name: 'Error Loading Posts' })).toBeInTheDocument();
    expect(listCalls(calls)).toBe(1);
  });

  it('shows the teas when the one retry succeeds', async () => {
    let failures = 1;
    const calls = stubPosts({
      list: () => (failures-- > 0 ? json({}, 500) : listOf([makeCard({ title: 'Second time lucky' })])),
    });
    renderHome('/', { queryClient: appDefaults() });
    expect(await screen.findByRole('article', { name: 'Second time lucky' })).toBeInTheDocument();
    expect(listCalls(calls)).toBe(2);
    expect(screen.queryByText('Error Loading Posts')).not.toBeInTheDocument();
  });

  it('waits a short, fixed delay before the retry', () => {
    const delay = appClient.getDefaultOptions().queries?.retryDelay;
    expect(typeof delay === 'function' ? delay(1, new Error('x')) : delay).toBe(RETRY_DELAY_MS);
    expect(RETRY_DELAY_MS).toBeLessThanOrEqual(500);
  });
});

describe('a failed refresh', () => {
  it('keeps the teas already shown, under a banner with Try Again', async () => {
    let fail = false;
    stubPosts({
      list: () => (fail ? json({ detail: 'Database unavailable' }, 503) : listOf([makeCard({ title: 'Still here' })])),
    });
    const { queryClient, user } = renderHome();
    expect(await screen.findByRole('article', { name: 'Still here' })).toBeInTheDocument();
    fail = true;
    await queryClient.refetchQueries({ queryKey: ['posts'] });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent("Couldn't refresh. Showing what was loaded before.");
    expect(banner).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('article', { name: 'Still here' })).toBeInTheDocument();
    expect(screen.getByText('1 total tea')).toBeInTheDocument();

    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Still here' })).toBeInTheDocument();
  });

  it('keeps a post on screen under the banner', async () => {
    const post = makeDetail({ title: 'Kept post' });
    let fail = false;
    stubDetailApi(({ path }) => (path === `/posts/${post.id}` ? (fail ? json({}, 500) : json(post)) : undefined));
    const { queryClient } = renderDetail(`/posts/${post.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kept post' })).toBeInTheDocument();
    fail = true;
    await queryClient.refetchQueries({ queryKey: ['posts', 'detail', post.id] });
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't refresh");
    expect(screen.getByRole('heading', { level: 1, name: 'Kept post' })).toBeInTheDocument();
  });
});

describe('a post that fails to load', () => {
  it("says something went wrong on a 500, not 'Post Not Found', and Try Again loads it", async () => {
    const post = makeDetail({ title: 'Back again' });
    let fail = true;
    stubDetailApi(({ path }) =>
      path === `/posts/${post.id}`
        ? fail
          ? json({ detail: 'Server error. Please try again later.' }, 500)
          : json(post)
        : undefined,
    );
    const { user } = renderDetail(`/posts/${post.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Server error. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByText('Post Not Found')).not.toBeInTheDocument();
    expect(document.title).toBe('Something went wrong | Kettle');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Back again' })).toBeInTheDocument();
  });

  it('says something went wrong when the network is down', async () => {
    stubDetailApi(() => Promise.reject(new TypeError('Failed to fetch')));
    renderDetail('/posts/99999999-9999-4999-8999-000000000999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it("says 'Post Not Found' only for a 404", async () => {
    stubDetailApi(() => json({ detail: 'Post not found.' }, 404));
    renderDetail('/posts/99999999-9999-4999-8999-000000000998');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('says the tea was removed when a notification led to it', async () => {
    stubDetailApi(() => json({ detail: 'Post not found.' }, 404));
    renderDetail('/posts/99999999-9999-4999-8999-000000000997', { state: FROM_NOTIFICATION });
    expect(await screen.findByRole('heading', { level: 1, name: REMOVED_TEA.title })).toBeInTheDocument();
    expect(screen.getByText(REMOVED_TEA.description)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });
});
