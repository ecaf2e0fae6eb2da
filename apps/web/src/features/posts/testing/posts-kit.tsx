import type { PostCard, PostCardList } from '@kettle/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { logout, setTokens } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { buildUser, CATEGORY, json, STATE } from './render-posts';
import { OTHER_CATEGORY, OTHER_STATE } from './my-teas-kit';
import { HomePage } from '../pages/home-page';

let counter = 0;
/** An approved, unlocked card as GET /posts/ returns it. */
export function makeCard(overrides: Partial<PostCard> = {}): PostCard {
  counter += 1;
  return {
    id: `88888888-8888-4888-8888-${String(counter).padStart(12, '0')}`,
    title: `Tea ${counter}`,
    content: 'Somebody said something at the party and everyone heard about it.',
    is_locked: false,
    image_urls: [],
    created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    unlock_price: 40,
    is_unlocked_by_user: false,
    category: { id: CATEGORY.id, name: CATEGORY.name },
    state: { id: STATE.id, name: STATE.name, code: STATE.code },
    author_username: 'ava',
    tagged_handle: '@subject',
    vote_count: 0,
    original_post_id: null,
    has_reversal: false,
    reversal_id: null,
    bounty: 0,
    bounty_status: 'none',
    ...overrides,
  };
}

export const listOf = (cards: PostCard[], patch: Partial<PostCardList['metadata']> = {}) =>
  json({ data: cards, metadata: { total_elements: cards.length, skip: 0, limit: 9, total_capped: false, ...patch } });

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/** Stubs fetch: user, taxonomy, `list` for GET /posts/ and `unlock` for POST /posts/{id}/unlock. */
export function stubPosts({ list, unlock, user = buildUser() }: { list: Handler; unlock?: Handler; user?: unknown }) {
  const calls: Array<{ url: URL; method: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kettle.test');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/v1/auth/me') return json(user);
      if (url.pathname === '/api/v1/categories/') return json({ data: [CATEGORY, OTHER_CATEGORY] });
      if (url.pathname === '/api/v1/states/') return json({ data: [STATE, OTHER_STATE] });
      calls.push({ url, method });
      if (url.pathname === '/api/v1/posts/') return list(url, init);
      if (unlock && method === 'POST' && url.pathname.endsWith('/unlock')) return unlock(url, init);
      return json({ detail: 'Not found' }, 404);
    }),
  );
  return calls;
}

/** Renders '/' (and stand-ins for the pages it links to), signed in or as a visitor, with no retries unless told. */
export function renderHome(
  entry = '/',
  {
    signedIn = true,
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  } = {},
) {
  removeToast();
  if (signedIn) setTokens('access-token', 'refresh-token');
  else logout();
  const router = createMemoryRouter(
    [
      { path: '/', element: <HomePage /> },
      { path: '/auth/signin', element: <h1>Sign in</h1> },
      { path: '/guide', element: <h1>Coin guide</h1> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, queryClient, user: userEvent.setup({ applyAccept: false }) };
}
