import type { PostCard, PostCardList } from '@kettle/shared';
import type { QueryClient } from '@tanstack/react-query';
import { json, renderRoute, stubApi, type ApiHandler } from '@/testing';
import { buildUser, CATEGORY, STATE } from './render-posts';
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
    category: { name: CATEGORY.name },
    state: { name: STATE.name },
    author_username: 'ava',
    tagged_handle: '@subject',
    vote_count: 0,
    original_post_id: null,
    has_reversal: false,
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
  const answer: ApiHandler = ({ path, method, url }, init) => {
    if (path === '/auth/me') return json(user);
    if (path === '/categories/') return json({ data: [CATEGORY, OTHER_CATEGORY] });
    if (path === '/states/') return json({ data: [STATE, OTHER_STATE] });
    calls.push({ url, method });
    if (path === '/posts/') return list(url, init);
    if (unlock && method === 'POST' && path.endsWith('/unlock')) return unlock(url, init);
    return undefined;
  };
  stubApi(answer);
  return calls;
}

/** Renders '/' (and stand-ins for the pages it links to), signed in or as a visitor, with no retries unless told. */
export function renderHome(
  entry = '/',
  { signedIn = true, queryClient }: { signedIn?: boolean; queryClient?: QueryClient } = {},
) {
  return renderRoute(entry, {
    routes: [
      { path: '/', element: <HomePage /> },
      { path: '/auth/signin', element: <h1>Sign in</h1> },
      { path: '/guide', element: <h1>Coin guide</h1> },
    ],
    signedIn,
    queryClient,
    userEvent: { applyAccept: false },
  });
}
