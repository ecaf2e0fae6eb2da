import type { MyPost } from '@kettle/shared';
import { json, renderRoute, stubApi } from '@/testing';
import { CATEGORY, STATE } from './render-posts';
import { MyTeasPage } from '../pages/my-teas-page';

export const OTHER_CATEGORY = { id: '55555555-5555-4555-8555-555555555555', name: 'Workplace', description: 'Office.' };
export const OTHER_STATE = {
  id: '66666666-6666-4666-8666-666666666666',
  name: 'Texas',
  code: 'TX',
  description: 'TX.',
};

let counter = 0;
/** A pending own post as GET /posts/me returns it. */
export function makeMyPost(overrides: Partial<MyPost> = {}): MyPost {
  counter += 1;
  return {
    id: `77777777-7777-4777-8777-${String(counter).padStart(12, '0')}`,
    title: `My tea ${counter}`,
    content: 'Somebody said something at the party and everyone heard about it.',
    tagged_handle: '@subject',
    category_id: CATEGORY.id,
    state_id: STATE.id,
    category: { name: CATEGORY.name },
    state: { name: STATE.name },
    status: 'pending',
    rejection_reason: null,
    unlock_price: 40,
    bounty: 0,
    evidence_link: null,
    original_post_id: null,
    author_id: '5a5a5a5a-0000-4000-8000-000000000001',
    author_username: 'ava',
    vote_count: 0,
    image_urls: [],
    images: [],
    created_at: '2026-01-02T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    privacy: null,
    unlock_count: 0,
    empty_pot_refusal: null,
    ...overrides,
  };
}

export const page = (posts: MyPost[], total = posts.length, skip = 0) =>
  json({ data: posts, metadata: { total_elements: total, skip, limit: 9 } });

/** Stubs fetch: taxonomy lists, and `mine` for every GET /posts/me; returns the /posts/me URLs asked for. */
export function stubMyTeas(mine: (url: URL) => Response | Promise<Response>) {
  const urls: URL[] = [];
  stubApi(({ path, url }) => {
    if (path === '/categories/') return json({ data: [CATEGORY, OTHER_CATEGORY] });
    if (path === '/states/') return json({ data: [STATE, OTHER_STATE] });
    if (path === '/posts/me') {
      urls.push(url);
      return mine(url);
    }
    return undefined;
  });
  return urls;
}

export const renderMyTeas = (entry = '/my-teas') =>
  renderRoute(entry, {
    routes: [
      { path: '/my-teas', element: <MyTeasPage /> },
      { path: '/submit', element: <h1>Submit Tea</h1> },
    ],
    signedIn: true,
    userEvent: { applyAccept: false },
  });
